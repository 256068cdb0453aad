// The route tree, every screen lazy (spec section 2; the screens in app/screens.ts), and
// the router's options: loading shows after 200 ms; a screen that fails to load or takes
// over 60 s shows a retry. Free of the browser's address: router.tsx puts it on the hash
// history, and the build draws first screens from it in Node (first-screen-html.tsx).
import {
  createRootRoute,
  createRoute,
  lazyRouteComponent,
  redirect,
  type NavigateFn,
  type RouteComponent,
} from '@tanstack/react-router';
import { paths } from '../config/paths.ts';
import { LoadingFallback } from '../components/loading-fallback.tsx';
import { RouteError } from '../components/route-error.tsx';
import { NotFound } from '../components/not-found.tsx';
import { isSignedIn } from '../lib/session.ts';
import { checkBehindHome } from '../features/update/background-check.ts';
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

/**
 * `/` is Home, with the update check behind it (decision 202): the investor lands on Home
 * at once, and goes to the update screen only if a release is waiting.
 */
const homeAfterUpdateCheck = ({
  preload,
  navigate,
}: {
  preload: boolean;
  navigate: NavigateFn;
}) => {
  if (!preload) void checkBehindHome(() => void navigate({ to: paths.update }));
  throw redirect({ to: paths.home, replace: true });
};

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
      beforeLoad:
        screen.path === paths.root
          ? homeAfterUpdateCheck
          : screen.signedIn
            ? requireSignIn
            : undefined,
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

export const routerOptions = {
  routeTree,
  basepath: '/',
  defaultPendingMs: PENDING_DELAY_MS,
  defaultPendingMinMs: 300,
  defaultPendingComponent: LoadingFallback,
  defaultErrorComponent: RouteError,
  defaultPreload: 'intent',
  scrollRestoration: true,
} as const;
