// The frame around every screen: the phone-width column and, on the four tab screens,
// the tab bar. Signed in, it also starts the automatic proof-of-reserves check when idle.
import { Outlet, useLocation } from '@tanstack/react-router';
import { tabPaths } from '../config/paths.ts';
import { AppTabBar } from '../components/tab-bar.tsx';
import { useAutoReservesCheck } from '../features/reserves/hooks/use-auto-check.ts';

export function RootLayout() {
  const { pathname } = useLocation();
  useAutoReservesCheck();
  const withTabs = (tabPaths as readonly string[]).includes(pathname);
  return (
    <div className={withTabs ? 'app-frame app-frame--tabs' : 'app-frame'}>
      <Outlet />
      {withTabs ? <AppTabBar /> : null}
    </div>
  );
}
