// App-wide providers: antd-mobile configuration (locale always set), TanStack Query and
// the router. The router and query client are passed in: the app's (main.tsx), or, at
// build time, the ones the first-screen HTML is drawn with (first-screen-html.tsx).
import { ConfigProvider } from 'antd-mobile';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type AnyRouter } from '@tanstack/react-router';
import { useAntdLocale } from '../lib/i18n.ts';

export function AppProvider({ router, client }: { router: AnyRouter; client: QueryClient }) {
  const locale = useAntdLocale();
  return (
    <ConfigProvider locale={locale}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
