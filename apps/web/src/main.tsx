// Entry: the language and the address's screen (catalogue and chunk loaded before React's
// first render), the service worker, then the app. antd-mobile's toasts and modals
// (lib/overlays.ts, with its React 19 render hook) follow at the first touch or key.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/theme.css';
import './styles/app.css';
import { initI18n } from './lib/i18n.ts';
import { startServiceWorker } from './features/update/service-worker.ts';
// Keeps the browser's one-time install prompt for the App download page.
import './features/content/hooks/install-prompt.ts';
import { AppProvider } from './app/provider.tsx';
import { router } from './app/router.tsx';
import { queryClient } from './lib/query-client.ts';
import { startA11yPatches } from './lib/a11y-patches.ts';
import { preloadOverlays } from './lib/messages.ts';

document.documentElement.setAttribute('data-prefers-color-scheme', 'dark');

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
  const root = createRoot(container);
  // A transition, so React draws the first screen in slices of a few milliseconds and the
  // phone stays responsive meanwhile (one render was a task of 100-150 ms at Lighthouse's
  // 4x slowdown); the drawn screen, or the splash, stays until it is done (decision 201).
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProvider router={router} client={queryClient} />
      </StrictMode>,
    );
  });
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
