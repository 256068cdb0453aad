// Entry: the language and the address's screen (catalogue and chunk loaded before React's
// first render), the service worker, then the app. antd-mobile's toasts and modals
// (lib/overlays.ts, with its React 19 render hook) follow once the first screen is drawn.
import { StrictMode } from 'react';
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
  createRoot(container).render(
    <StrictMode>
      <AppProvider router={router} client={queryClient} />
    </StrictMode>,
  );
}
void start();

// Not needed to draw the first screen: fetched when the browser is next idle, so a toast
// (the offline notice among them) shows at once when it is asked for.
const preload = () => void preloadOverlays().catch(() => {});
if ('requestIdleCallback' in window) requestIdleCallback(preload, { timeout: 2000 });
else setTimeout(preload, 1);
