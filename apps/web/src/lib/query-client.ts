// TanStack Query defaults: the API client already reports failures to the person, so a
// failed call is not retried behind their back or refetched on every focus. When the
// connection comes back, TanStack Query's onlineManager (which follows the browser's
// online/offline events) refetches what failed or went stale meanwhile, so a screen that
// showed "offline" recovers by itself (issue 18).
import { QueryClient, onlineManager } from '@tanstack/react-query';

onlineManager.setEventListener((setOnline) => {
  const online = () => setOnline(true);
  const offline = () => setOnline(false);
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
});

export const queryClient = new QueryClient({
  defaultOptions: {
    // networkMode 'always': the API client itself answers offline calls (toast, no request).
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: true,
      staleTime: 30_000,
      networkMode: 'always',
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});
