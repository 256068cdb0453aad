// Entry: the language (catalogue loaded before the first paint, the screen's chunk
// fetched meanwhile), the service worker, then the app. antd-mobile's toasts and modals
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
import { preloadCurrentScreen } from './app/router.tsx';
import { startA11yPatches } from './lib/a11y-patches.ts';
import { preloadOverlays } from './lib/messages.ts';

document.documentElement.setAttribute('data-prefers-color-scheme', 'dark');

preloadCurrentScreen();
await initI18n();
startServiceWorker();
startA11yPatches();

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');
createRoot(container).render(
  <StrictMode>
    <AppProvider />
  </StrictMode>,
);

// Not needed to draw the first screen: fetched when the browser is next idle, so a toast
// (the offline notice among them) shows at once when it is asked for.
const preload = () => void preloadOverlays().catch(() => {});
if ('requestIdleCallback' in window) requestIdleCallback(preload, { timeout: 2000 });
else setTimeout(preload, 1);
