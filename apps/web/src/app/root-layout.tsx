// The frame around every screen: the phone-width column and, on the four tab screens,
// the tab bar; on a wide screen (900 px and up) the side navigation beside the screen
// instead (styles/app.css, components/side-nav.css). Signed in, it also starts the
// automatic proof-of-reserves check when idle.
import { Outlet, useLocation } from '@tanstack/react-router';
import { paths, tabPaths } from '../config/paths.ts';
import { AppTabBar } from '../components/tab-bar.tsx';
import { SideNav } from '../components/side-nav.tsx';
import { useAutoReservesCheck } from '../features/reserves/hooks/use-auto-check.ts';

/** The update screen decides where the app goes: no way around it from a menu. */
const withoutNav: readonly string[] = [paths.update];

export function RootLayout() {
  const { pathname } = useLocation();
  useAutoReservesCheck();
  const withTabs = (tabPaths as readonly string[]).includes(pathname);
  const withNav = !withoutNav.includes(pathname);
  const className = ['app-frame', withTabs && 'app-frame--tabs', withNav && 'app-frame--nav']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      {withNav ? <SideNav /> : null}
      <Outlet />
      {withTabs ? <AppTabBar /> : null}
    </div>
  );
}
