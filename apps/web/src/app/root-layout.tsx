// The frame around every screen: the phone-width column and, on the four tab screens,
// the tab bar.
import { Outlet, useLocation } from '@tanstack/react-router';
import { tabPaths } from '../config/paths.ts';
import { AppTabBar } from '../components/tab-bar.tsx';

export function RootLayout() {
  const { pathname } = useLocation();
  const withTabs = (tabPaths as readonly string[]).includes(pathname);
  return (
    <div className={withTabs ? 'app-frame app-frame--tabs' : 'app-frame'}>
      <Outlet />
      {withTabs ? <AppTabBar /> : null}
    </div>
  );
}
