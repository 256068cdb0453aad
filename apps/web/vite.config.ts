// Build of the investor app. The service worker precaches the app shell only: API
// replies are never cached and never answered by the SPA fallback.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressPlugin } from './precompress.ts';

const THEME = '#808000';
const BACKGROUND = '#0d0f08';

export default defineConfig({
  base: '/',
  plugins: [
    react(),
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
  },
});
