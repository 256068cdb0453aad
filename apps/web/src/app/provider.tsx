// App-wide providers: antd-mobile configuration (locale always set), TanStack Query and
// the router.
import { ConfigProvider } from 'antd-mobile';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { queryClient } from '../lib/query-client.ts';
import { useAntdLocale } from '../lib/i18n.ts';
import { router } from './router.tsx';

export function AppProvider() {
  const locale = useAntdLocale();
  return (
    <ConfigProvider locale={locale}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
