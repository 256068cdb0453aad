// The route tree: hash history, every screen lazy (spec section 2). Loading shows after
// 200 ms; a screen that fails to load or takes over 60 s shows a retry.
import {
  createHashHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type RouteComponent,
} from '@tanstack/react-router';
import { paths, type AppPath } from '../config/paths.ts';
import { LoadingFallback } from '../components/loading-fallback.tsx';
import { RouteError } from '../components/route-error.tsx';
import { NotFound } from '../components/not-found.tsx';
import { setLoginRedirect } from '../lib/api.ts';
import { isSignedIn } from '../lib/session.ts';
import { RootLayout } from './root-layout.tsx';

export const CHUNK_TIMEOUT_MS = 60_000;
export const PENDING_DELAY_MS = 200;

type PageModule = { default: RouteComponent };

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('chunk load timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

const lazyPage = (load: () => Promise<PageModule>) =>
  lazyRouteComponent(() => withTimeout(load(), CHUNK_TIMEOUT_MS));

const requireSignIn = () => {
  if (!isSignedIn()) throw redirect({ to: paths.login, replace: true });
};

const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFound });

function page(path: AppPath, component: RouteComponent, signedIn = false) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    component,
    beforeLoad: signedIn ? requireSignIn : undefined,
  });
}

const updateScreen = lazyPage(() => import('./routes/update.tsx'));

const routeTree = rootRoute.addChildren([
  page(paths.root, updateScreen),
  page(paths.update, updateScreen),
  // tabs
  page(
    paths.home,
    lazyPage(() => import('./routes/home.tsx')),
  ),
  page(
    paths.trade,
    lazyPage(() => import('./routes/trade.tsx')),
  ),
  page(
    paths.news,
    lazyPage(() => import('./routes/news.tsx')),
  ),
  page(
    paths.me,
    lazyPage(() => import('./routes/me.tsx')),
  ),
  // pages/public
  page(
    paths.login,
    lazyPage(() => import('./routes/login.tsx')),
  ),
  page(
    paths.welcome,
    lazyPage(() => import('./routes/login.tsx')),
  ),
  page(
    paths.register,
    lazyPage(() => import('./routes/register.tsx')),
  ),
  page(
    paths.setPassword,
    lazyPage(() => import('./routes/set-password.tsx')),
  ),
  page(
    paths.registered,
    lazyPage(() => import('./routes/registered.tsx')),
    true,
  ),
  // The code is entered on the registration screen itself: no separate e-mail step.
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.emailCheck,
    beforeLoad: () => {
      throw redirect({ to: paths.register, replace: true });
    },
  }),
  page(
    paths.article,
    lazyPage(() => import('./routes/article.tsx')),
  ),
  page(
    paths.about,
    lazyPage(() => import('./routes/about.tsx')),
  ),
  page(
    paths.userPage,
    lazyPage(() => import('./routes/user-page.tsx')),
  ),
  // pages/personal: a visitor may still reach customer service and the app download
  page(
    paths.withdraw,
    lazyPage(() => import('./routes/withdraw.tsx')),
    true,
  ),
  page(
    paths.topUp,
    lazyPage(() => import('./routes/top-up.tsx')),
    true,
  ),
  page(
    paths.wallet,
    lazyPage(() => import('./routes/wallet.tsx')),
    true,
  ),
  page(
    paths.team,
    lazyPage(() => import('./routes/team.tsx')),
    true,
  ),
  page(
    paths.invite,
    lazyPage(() => import('./routes/share.tsx')),
    true,
  ),
  page(
    paths.download,
    lazyPage(() => import('./routes/download.tsx')),
  ),
  page(
    paths.records,
    lazyPage(() => import('./routes/fund-details.tsx')),
    true,
  ),
  page(
    paths.notices,
    lazyPage(() => import('./routes/notices.tsx')),
    true,
  ),
  page(
    paths.support,
    lazyPage(() => import('./routes/support.tsx')),
  ),
  // pages/setting
  page(
    paths.loginPassword,
    lazyPage(() => import('./routes/login-password.tsx')),
    true,
  ),
  page(
    paths.language,
    lazyPage(() => import('./routes/language.tsx')),
  ),
  page(
    paths.reserves,
    lazyPage(() => import('./routes/reserves.tsx')),
  ),
  page(
    paths.security,
    lazyPage(() => import('./routes/security.tsx')),
    true,
  ),
  page(
    paths.twoFactor,
    lazyPage(() => import('./routes/two-factor.tsx')),
    true,
  ),
  page(
    paths.bind,
    lazyPage(() => import('./routes/bind.tsx')),
    true,
  ),
  page(
    paths.wallets,
    lazyPage(() => import('./routes/wallets.tsx')),
    true,
  ),
  page(
    paths.nickname,
    lazyPage(() => import('./routes/nickname.tsx')),
    true,
  ),
  page(
    paths.fundPassword,
    lazyPage(() => import('./routes/fund-password.tsx')),
    true,
  ),
  // pages/quantification
  page(
    paths.robotDetail,
    lazyPage(() => import('./routes/robot-detail.tsx')),
    true,
  ),
  page(
    paths.demoRobot,
    lazyPage(() => import('./routes/demo-robot.tsx')),
  ),
  page(
    paths.mining,
    lazyPage(() => import('./routes/mining.tsx')),
  ),
  page(
    paths.miningDetail,
    lazyPage(() => import('./routes/mining-detail.tsx')),
    true,
  ),
  // system pages of the original app (map pickers): nothing of Olive uses them, so they
  // lead Home rather than to a dead end.
  ...[paths.chooseLocation, paths.openLocation].map((path) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path,
      beforeLoad: () => {
        throw redirect({ to: paths.home, replace: true });
      },
    }),
  ),
]);

export const router = createRouter({
  routeTree,
  history: createHashHistory(),
  basepath: '/',
  defaultPendingMs: PENDING_DELAY_MS,
  defaultPendingMinMs: 300,
  defaultPendingComponent: LoadingFallback,
  defaultErrorComponent: RouteError,
  defaultPreload: 'intent',
  scrollRestoration: true,
});

setLoginRedirect(() => void router.navigate({ to: paths.login }));

/**
 * Starts fetching the screens the address leads to, so that their chunks download while
 * the language catalogue does (main.tsx) rather than after it. Signed-in screens only for
 * an investor who is signed in: a visitor is sent to the login screen instead.
 */
export function preloadCurrentScreen() {
  const [matched] = router.getMatchedRoutes(router.history.location.pathname);
  for (const route of matched) {
    if (route.options.beforeLoad === requireSignIn && !isSignedIn()) continue;
    void router.loadRouteChunk(route)?.catch(() => {});
  }
}
