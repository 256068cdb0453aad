// The route tree: hash history, every screen lazy (spec section 2; the screens in
// app/screens.ts). Loading shows after 200 ms; a screen that fails to load or takes
// over 60 s shows a retry.
import {
  createHashHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type RouteComponent,
} from '@tanstack/react-router';
import { paths } from '../config/paths.ts';
import { LoadingFallback } from '../components/loading-fallback.tsx';
import { RouteError } from '../components/route-error.tsx';
import { NotFound } from '../components/not-found.tsx';
import { setLoginRedirect } from '../lib/api.ts';
import { isSignedIn } from '../lib/session.ts';
import { RootLayout } from './root-layout.tsx';
import { screens } from './screens.ts';

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

// Each screen's module, loaded when its route is first shown (one chunk per file).
const screenModules = import.meta.glob<PageModule>('./routes/*.tsx');

/** One lazy component per file: pages/public/login and welcome share theirs. */
const components = new Map<string, RouteComponent>();
function componentOf(file: string) {
  const load = screenModules[`./routes/${file}.tsx`];
  if (!load) throw new Error(`app/routes/${file}.tsx is missing (app/screens.ts)`);
  let component = components.get(file);
  if (!component) components.set(file, (component = lazyPage(load)));
  return component;
}

const routeTree = rootRoute.addChildren([
  ...screens.map((screen) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path: screen.path,
      component: componentOf(screen.file),
      beforeLoad: screen.signedIn ? requireSignIn : undefined,
    }),
  ),
  // The code is entered on the registration screen itself: no separate e-mail step.
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.emailCheck,
    beforeLoad: () => {
      throw redirect({ to: paths.register, replace: true });
    },
  }),
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
