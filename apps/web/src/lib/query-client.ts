// TanStack Query defaults: the API client already reports failures to the person, so a
// failed call is not retried behind their back or refetched on every focus.
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    // networkMode 'always': the API client itself answers offline calls (toast, no request).
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      networkMode: 'always',
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});
