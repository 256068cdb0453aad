// The bottom tab bar (spec section 2): Home, Trade, Information, Me; 60px high above the
// safe area. Row order follows the document direction, so Arabic reads right to left.
import { TabBar } from 'antd-mobile';
import { AppOutline, HistogramOutline, FileOutline, UserOutline } from 'antd-mobile-icons';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useTranslation } from '../lib/i18n.ts';
import { paths } from '../config/paths.ts';
import './tab-bar.css';

const tabs = [
  { key: paths.home, label: 'tabs.home', icon: <AppOutline />, testId: 'tab-home' },
  { key: paths.trade, label: 'tabs.trade', icon: <HistogramOutline />, testId: 'tab-trade' },
  { key: paths.news, label: 'tabs.news', icon: <FileOutline />, testId: 'tab-news' },
  { key: paths.me, label: 'tabs.me', icon: <UserOutline />, testId: 'tab-me' },
] as const;

export function AppTabBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <nav className="app-tab-bar" data-testid="tab-bar" aria-label="Tabs">
      <TabBar
        safeArea={false}
        activeKey={pathname}
        onChange={(key) => void navigate({ to: key, replace: true })}
      >
        {tabs.map((tab) => (
          <TabBar.Item
            key={tab.key}
            icon={tab.icon}
            title={<span data-testid={tab.testId}>{t(tab.label)}</span>}
          />
        ))}
      </TabBar>
    </nav>
  );
}
