// Entry: antd-mobile's React 19 render hook, the language (catalogue loaded before the
// first paint), the service worker, then the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile';
import './styles/theme.css';
import './styles/app.css';
import { initI18n } from './lib/i18n.ts';
import { startServiceWorker } from './features/update/service-worker.ts';
// Keeps the browser's one-time install prompt for the App download page.
import './features/content/hooks/install-prompt.ts';
import { AppProvider } from './app/provider.tsx';
import { startA11yPatches } from './lib/a11y-patches.ts';

// antd-mobile renders toasts and modals into their own roots; React 19 removed the
// legacy render it would use otherwise.
unstableSetRender((node, container) => {
  const target = container as Element & { _olive_root?: ReturnType<typeof createRoot> };
  target._olive_root ??= createRoot(container);
  const root = target._olive_root;
  root.render(node);
  return async () => {
    await Promise.resolve();
    root.unmount();
    delete target._olive_root;
  };
});

document.documentElement.setAttribute('data-prefers-color-scheme', 'dark');

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
