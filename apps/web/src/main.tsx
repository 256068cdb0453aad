// Entry: the language and the address's screen (catalogue and chunk loaded before React's
// first render), the service worker, then the app. antd-mobile's toasts and modals
// (lib/overlays.ts, with its React 19 render hook) follow at the first touch or key.
import { StrictMode, startTransition, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles/theme.css';
import './styles/app.css';
import { initI18n } from './lib/i18n.ts';
import { drawSignedIn, isSignedIn } from './lib/session.ts';
import { startServiceWorker } from './features/update/service-worker.ts';
// Keeps the browser's one-time install prompt for the App download page.
import './features/content/hooks/install-prompt.ts';
import { AppProvider } from './app/provider.tsx';
import { drawnFor, pathOf } from './app/drawings.ts';
import { router } from './app/router.tsx';
import { queryClient } from './lib/query-client.ts';
import { startA11yPatches } from './lib/a11y-patches.ts';
import { preloadOverlays } from './lib/messages.ts';

document.documentElement.setAttribute('data-prefers-color-scheme', 'dark');

// The address as the app found it, and whether a tap on one of the drawing's links has
// moved it since (the router's own redirects, `/` to Home, replace it without this event).
const openedAt = pathOf(location.hash);
let addressMoved = false;
window.addEventListener('hashchange', () => (addressMoved = true), { once: true });

/**
 * The drawing on screen, if React can take it over as it is (decision 205): the one the
 * first-screen script chose, for the address and the session that are still the page's (a
 * tap on one of its links, or a sign-in in another tab, changes them meanwhile).
 */
function drawingToHydrate(container: HTMLElement): HTMLElement | null {
  const page = document.documentElement.dataset;
  if (!page.firstScreen || addressMoved || page.firstScreenFor !== drawnFor(openedAt, isSignedIn()))
    return null;
  return container.querySelector<HTMLElement>(`.first-screen--${page.firstScreen}`);
}

/** Marks <html> `data-hydration="hydrated"` once React has taken the drawing over whole. */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    const page = document.documentElement.dataset;
    if (page.hydration === 'hydrating') page.hydration = 'hydrated';
  }, []);
  return children;
}

/**
 * Loads the address if it moved after the router's first load and before React mounted the
 * router (a tap on one of the drawing's links while the language's catalogue or the first
 * render was on its way). The router listens to the address only from its mount, and its
 * mount loads nothing once a load has run: the screen would stay the one it left.
 */
function FollowAddress({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    router.updateLatestLocation();
    if (router.latestLocation.href !== router.state.location.href) void router.load();
  }, []);
  return children;
}

// Not a top-level await: the build's `shell` chunk imports this entry (module order), so
// while this module waited, no chunk importing `shell` (every screen's) could finish
// loading, and waiting here for the screen's chunk would never end.
async function start() {
  // The address's screen loaded (its chunk, and the login redirect for a visitor) before
  // React's first render, so that render draws the screen itself: until then the page
  // shows the screen drawn into index.html (decision 135), or the splash, and never an
  // empty frame between the two.
  await Promise.all([initI18n(), router.load()]);
  startServiceWorker();
  startA11yPatches();

  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing from index.html');
  const app = (
    <StrictMode>
      <FollowAddress>
        <AppProvider router={router} client={queryClient} />
      </FollowAddress>
    </StrictMode>
  );
  const drawing = drawingToHydrate(container);
  if (drawing) {
    // The drawing is React's own HTML for this screen (first-screen-html.tsx): React takes
    // its elements over instead of drawing them again, in slices of a few milliseconds,
    // and its commit neither creates the screen's elements nor lays the page out anew
    // (decision 205). The test ids the build set aside come back first, since hydration
    // keeps the attributes it finds; the session the drawing shows is the one React's
    // first render assumes (useSignedIn's server snapshot).
    for (const element of drawing.querySelectorAll<HTMLElement>('[data-drawn-testid]')) {
      element.dataset.testid = element.dataset.drawnTestid;
      delete element.dataset.drawnTestid;
    }
    drawSignedIn(isSignedIn());
    // The router draws as it did at build time, where it renders its matches without the
    // Suspense boundary it puts around them in the browser (TanStack Router's mark of a
    // page rendered on a server; no server data comes with it here). It stays set: taking
    // the boundary away later would draw the whole tree anew.
    router.ssr = { manifest: undefined };
    container.querySelector('.boot-splash')?.remove();
    document.documentElement.dataset.hydration = 'hydrating';
    // In a transition, so that React hydrates in slices of a few milliseconds too: outside
    // one, hydration runs in a single task (React slices only transitions).
    startTransition(() => {
      hydrateRoot(drawing, <Hydrated>{app}</Hydrated>, {
        // A screen that differs from its drawing is drawn afresh by React, as before
        // decision 205; told on <html> (`data-hydration`) so that a test, or a person
        // debugging, sees it.
        onRecoverableError(error) {
          document.documentElement.dataset.hydration = 'replaced';
          console.warn('Olive: the drawn screen differed from the app and was drawn again', error);
        },
      });
    });
    return;
  }
  const root = createRoot(container);
  // A transition, so React draws the first screen in slices of a few milliseconds and the
  // phone stays responsive meanwhile (one render was a task of 100-150 ms at Lighthouse's
  // 4x slowdown); the drawn screen, or the splash, stays until it is done (decision 201).
  startTransition(() => root.render(app));
}
void start();

// Toasts and modals (26 KB of brotli with the animation library under them) are not needed
// to draw the first screen, and a visit that only reads needs none: fetched at the first
// touch or key, which is what nearly every message answers, so they are there by the time
// its call comes back. A message asked for before waits for them (lib/messages.ts); offline,
// our own plain toast shows instead. Until issue 33 they were fetched at the first idle
// moment, which is before the page's own loading has finished on a phone.
const INTERACTIONS = ['pointerdown', 'keydown'] as const;
const preload = () => {
  for (const type of INTERACTIONS) window.removeEventListener(type, preload, true);
  void preloadOverlays().catch(() => {});
};
for (const type of INTERACTIONS) {
  window.addEventListener(type, preload, { capture: true, passive: true });
}
