// The side navigation of a wide screen (900 px and up, issue 34): the bottom tab bar's four
// destinations with their labels, the current one marked, in a column at the inline start
// (the right in Arabic). It is drawn on every screen but the update check and shown by
// side-nav.css only on a wide screen; below 900 px the phone's tab bar is unchanged.
import { AppOutline, FileOutline, HistogramOutline, UserOutline } from 'antd-mobile-icons';
import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from '../lib/i18n.ts';
import { paths } from '../config/paths.ts';
import { BrandMark } from './brand-mark.tsx';
import './side-nav.css';

const destinations = [
  { to: paths.home, label: 'tabs.home', icon: <AppOutline />, testId: 'side-home' },
  { to: paths.trade, label: 'tabs.trade', icon: <HistogramOutline />, testId: 'side-trade' },
  { to: paths.news, label: 'tabs.news', icon: <FileOutline />, testId: 'side-news' },
  { to: paths.me, label: 'tabs.me', icon: <UserOutline />, testId: 'side-me' },
] as const;

/** The destination a screen belongs to: its tab, or the tab its screens are reached from. */
export function destinationOf(pathname: string): string | undefined {
  const tab = destinations.find((d) => d.to === pathname);
  if (tab) return tab.to;
  if (pathname.startsWith('/pages/quantification/')) return paths.trade;
  if (pathname.startsWith('/pages/mining/')) return paths.home;
  if (pathname === paths.notices || pathname === paths.article) return paths.news;
  if (pathname.startsWith('/pages/personal/') || pathname.startsWith('/pages/setting/')) {
    return paths.me;
  }
  return undefined;
}

export function SideNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = destinationOf(pathname);
  return (
    <nav className="side-nav" data-testid="side-nav" aria-label="Olive">
      <div className="side-nav__inner">
        <div className="side-nav__brand" aria-hidden="true">
          <BrandMark size={32} />
          <span className="side-nav__name">Olive</span>
        </div>
        <ul className="side-nav__list">
          {destinations.map((d) => (
            <li key={d.to}>
              <Link
                to={d.to}
                className={
                  d.to === current ? 'side-nav__item side-nav__item--active' : 'side-nav__item'
                }
                aria-current={d.to === current ? 'page' : undefined}
                data-testid={d.testId}
              >
                <span className="side-nav__icon" aria-hidden="true">
                  {d.icon}
                </span>
                <span className="side-nav__label">{t(d.label)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
