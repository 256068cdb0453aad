// Build of the investor app. The service worker precaches the app shell only: API
// replies are never cached and never answered by the SPA fallback.
import { fileURLToPath } from 'node:url';
import type { ChunkingContext } from 'rolldown';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { barrelImportsPlugin } from './barrel-imports.ts';
import { firstScreenPlugin } from './first-screen-plugin.ts';
// By path, not as @olive/tooling/precompress: Vite leaves a config's bare imports to Node,
// which does not load TypeScript (packages/tooling/README.md).
import { precompressPlugin } from '../../packages/tooling/src/precompress.ts';

const THEME = '#808000';
const BACKGROUND = '#0d0f08';

// The libraries the first screen runs (entry, providers, router, tab bar), by path. Not
// rolldown's `$initial` tag: antd-mobile's and its icons' index files import every
// component, so the tag marks the whole library. Their own imports (antd-mobile's utils,
// ahooks) come along. See docs/decisions/122-first-load-chunks.md.
const FIRST_LOAD_LIBRARIES = new RegExp(
  [
    '/node_modules/(react|react-dom|scheduler|classnames)/',
    '/node_modules/@tanstack/(history|store|react-store|router-core|react-router|query-core|react-query)/',
    '/node_modules/antd-mobile/es/components/(config-provider|button|badge|dot-loading|safe-area|tab-bar)/',
    '/node_modules/antd-mobile/es/(global|locales/(base|en-US|zh-CN))',
    '/node_modules/antd-mobile-icons/es/(AppOutline|ExclamationCircleOutline|FileOutline|HistogramOutline|QuestionCircleOutline|UserOutline)\\.js',
  ].join('|'),
);
// Those index files: nothing of them is left after tree-shaking, so no file of their own.
const LIBRARY_INDEX = /\/node_modules\/antd-mobile(-icons)?\/es\/index\.js$/;
const firstLoadLibrary = (id: string) => FIRST_LOAD_LIBRARIES.test(id);

// Home, where the app opens (`/` forwards to it): one chunk holds its route module and
// everything it imports that the first load has not fetched. Left to the automatic split it
// was 20 scripts and 6 stylesheets of about 1 KB each, and on a phone's HTTP/1.1 every file
// waits for one of six connections. See docs/decisions/133-home-in-one-chunk.md.
// What of it Trade imports too (formatting, the section frame, the markets list, userinfo:
// about 5 KB) is a second chunk, `trade-home`, so that Trade opened first does not fetch all
// of Home's 15 KB (issue 33). Other screens keep the automatic split and share these
// chunks where they import the same modules.
const HOME = fileURLToPath(new URL('./src/app/routes/home.tsx', import.meta.url));
const TRADE = fileURLToPath(new URL('./src/app/routes/trade.tsx', import.meta.url));
const withoutQuery = (id: string) => id.split('?')[0]!;

/** Every module `root` imports statically, through its imports' imports. */
function staticClosure(root: string, ctx: ChunkingContext) {
  const seen = new Set<string>();
  const stack = [root];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    // A library's index imports every component: nothing past it is known to be used.
    if (LIBRARY_INDEX.test(id)) continue;
    stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []).map(withoutQuery));
  }
  return seen;
}
const closures = new WeakMap<ChunkingContext, { home: Set<string>; trade: Set<string> }>();
function homeChunk(id: string, ctx: ChunkingContext) {
  let modules = closures.get(ctx);
  if (!modules) {
    modules = { home: staticClosure(HOME, ctx), trade: staticClosure(TRADE, ctx) };
    closures.set(ctx, modules);
  }
  const module = withoutQuery(id);
  if (!modules.home.has(module)) return null;
  return modules.trade.has(module) ? 'trade-home' : 'home';
}

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    // Each antd-mobile component imported from its own module (decision 133).
    barrelImportsPlugin(),
    VitePWA({
      // The update screen decides when a waiting worker takes over (spec 4, Update flow).
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      strategies: 'generateSW',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Olive',
        short_name: 'Olive',
        description: 'Olive — USDT investing with earnings you can trace.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: THEME,
        background_color: BACKGROUND,
        icons: [
          { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: 'maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,json,webmanifest}'],
        // The page in the other 15 languages (decision 135): a returning investor's page
        // comes from this cache, in English; the app draws their language itself.
        globIgnores: ['index.*.html'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/admin/, /^\/dev\//],
        // No runtimeCaching: anything not precached (every /api call) goes to the network.
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        clientsClaim: false,
        skipWaiting: false,
      },
      devOptions: { enabled: false },
    }),
    // The first screen's files fetched beside the libraries (decision 130).
    firstScreenPlugin(),
    // Last: brotli and gzip siblings of everything written, the service worker included.
    precompressPlugin(),
  ],
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Few files before the first paint: on a phone's HTTP/1.1 (six connections) each
        // file costs a round trip. The first load is the entry, `vendor` (libraries),
        // `shell` (our code) and rolldown's runtime, 4 scripts instead of 32; lazy screens
        // keep the automatic split (one bundle of their libraries cost Home 100 KiB more).
        codeSplitting: {
          groups: [
            { name: 'vendor', test: firstLoadLibrary, priority: 3 },
            {
              name: 'shell',
              test: (id) =>
                (!id.includes('/node_modules/') && !id.endsWith('/src/main.tsx')) ||
                LIBRARY_INDEX.test(id),
              tags: ['$initial'],
              // Its modules' imports of antd-mobile's index would otherwise bring the
              // whole library in (see FIRST_LOAD_LIBRARIES).
              includeDependenciesRecursively: false,
              priority: 2,
            },
            // What the first two left of Home's modules (decision 133), less Trade's.
            { name: homeChunk, priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
