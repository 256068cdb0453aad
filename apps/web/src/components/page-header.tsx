// The top bar of a pushed screen: back arrow (mirrored in right-to-left), title, extras.
// antd-mobile draws the back area as a role="button" without a name; it gets one here
// ("Back" in the app's language), or loses the role on screens without a way back.
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { NavBar } from 'antd-mobile';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from '../lib/i18n.ts';
import { paths } from '../config/paths.ts';
import './page-header.css';

export function PageHeader({
  title,
  right,
  back = true,
}: {
  title: ReactNode;
  right?: ReactNode;
  back?: boolean;
}) {
  const router = useRouter();
  const { t } = useTranslation();
  const header = useRef<HTMLElement>(null);
  const goBack = () => {
    if (window.history.length > 1) router.history.back();
    else void router.navigate({ to: paths.home, replace: true });
  };
  useLayoutEffect(() => {
    const left = header.current?.querySelector('.adm-nav-bar-left');
    if (!left) return;
    if (back) left.setAttribute('aria-label', t('common.back'));
    else left.removeAttribute('role');
  }, [back, t]);
  return (
    <header className="page-header" ref={header}>
      <NavBar back={back ? '' : null} backIcon={back} onBack={goBack} right={right}>
        {title}
      </NavBar>
    </header>
  );
}
