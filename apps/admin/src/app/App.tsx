// The console: Refine with the admin API's data, auth, access-control and i18n providers,
// Ant Design's layout and locale packs, react-router under /admin/. Screens are lazy.
import { useMemo, useState } from 'react';
import { Refine, Authenticated } from '@refinedev/core';
import { ThemedLayout, useNotificationProvider, ErrorComponent } from '@refinedev/antd';
import routerProvider, {
  DocumentTitleHandler,
  NavigateToResource,
  UnsavedChangesNotifier,
} from '@refinedev/react-router';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router';
import { App as AntdApp, ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import '@refinedev/antd/dist/reset.css';
import { dataProvider } from './providers/data-provider.ts';
import { authProvider } from './providers/auth-provider.ts';
import { accessControlProvider } from './providers/access-control.ts';
import { i18nProvider, initialLanguage, rememberLanguage, translator } from './providers/i18n.ts';
import { resources } from './resources.tsx';
import { LanguageContext, type Language } from '../lib/language.tsx';
import { screenRoutes } from './routes.tsx';
import { Header, Title } from '../components/header.tsx';
import { Lazy, page } from '../components/lazy.tsx';

const LoginPage = page(() => import('../features/auth/login-page.tsx'), 'LoginPage');
const EnrolPage = page(() => import('../features/auth/enrol-page.tsx'), 'EnrolPage');

// Olive, darkened from the investor app's #808000 so white text on it reads (WCAG AA).
const OLIVE = '#6b6b00';

// Ant Design's defaults darkened where their text falls below WCAG AA contrast (4.5:1):
// secondary text, breadcrumbs, the danger colour, the selected menu item.
const THEME: ThemeConfig = {
  token: {
    colorPrimary: OLIVE,
    colorLink: '#5c5c00',
    colorError: '#b91c1c',
    colorTextSecondary: 'rgba(0, 0, 0, 0.66)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    borderRadius: 6,
  },
  components: {
    Menu: { itemSelectedColor: '#3d3d00', itemSelectedBg: '#eeeed8' },
    Breadcrumb: { itemColor: 'rgba(0, 0, 0, 0.62)', lastItemColor: 'rgba(0, 0, 0, 0.88)' },
  },
};

export function App() {
  const [language, setLanguage] = useState<Language>(() => {
    const initial = initialLanguage();
    rememberLanguage(initial);
    dayjs.locale(initial === 'zh-CN' ? 'zh-cn' : 'en');
    return initial;
  });
  const languageState = useMemo(
    () => ({
      language,
      setLanguage: (next: Language) => {
        rememberLanguage(next);
        dayjs.locale(next === 'zh-CN' ? 'zh-cn' : 'en');
        setLanguage(next);
      },
    }),
    [language],
  );
  const i18n = useMemo(
    () => i18nProvider(language, languageState.setLanguage),
    [language, languageState],
  );
  const translatedResources = useMemo(() => resources(translator(language)), [language]);

  return (
    <LanguageContext value={languageState}>
      <BrowserRouter basename="/admin">
        <ConfigProvider locale={language === 'zh-CN' ? zhCN : enUS} theme={THEME}>
          <AntdApp>
            <Refine
              dataProvider={dataProvider}
              authProvider={authProvider}
              accessControlProvider={accessControlProvider}
              i18nProvider={i18n}
              notificationProvider={useNotificationProvider}
              routerProvider={routerProvider}
              resources={translatedResources}
              options={{
                syncWithLocation: true,
                warnWhenUnsavedChanges: true,
                disableTelemetry: true,
                title: { text: 'Olive console' },
                reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
              }}
            >
              <Routes>
                <Route
                  element={
                    <Authenticated key="console">
                      <ThemedLayout Header={Header} Title={Title}>
                        <Lazy>
                          <Outlet />
                        </Lazy>
                      </ThemedLayout>
                    </Authenticated>
                  }
                >
                  {screenRoutes}
                  <Route path="*" element={<ErrorComponent />} />
                </Route>
                <Route
                  element={
                    <Authenticated key="sign-in" fallback={<Outlet />}>
                      <NavigateToResource resource="dashboard" />
                    </Authenticated>
                  }
                >
                  <Route
                    path="login"
                    element={
                      <Lazy>
                        <LoginPage />
                      </Lazy>
                    }
                  />
                </Route>
                <Route
                  path="enrol"
                  element={
                    <Lazy>
                      <EnrolPage />
                    </Lazy>
                  }
                />
              </Routes>
              <UnsavedChangesNotifier />
              <DocumentTitleHandler
                handler={({ resource, action }) => {
                  const t = translator(language);
                  const name = resource ? t(`resources.${resource.name}`, resource.name) : '';
                  return [
                    name,
                    action && action !== 'list' ? t(`actions.${action}`, action) : '',
                    t('app.title'),
                  ]
                    .filter(Boolean)
                    .join(' · ');
                }}
              />
            </Refine>
          </AntdApp>
        </ConfigProvider>
      </BrowserRouter>
    </LanguageContext>
  );
}
