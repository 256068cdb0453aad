// Build of the operator console, served by the API server at /admin/. Every screen is a
// lazy chunk; the build precompresses its output like the investor app's (@olive/tooling's
// plugin).
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
// By path, not as @olive/tooling/precompress: Vite leaves a config's bare imports to Node,
// which does not load TypeScript (packages/tooling/README.md).
import { precompressPlugin } from '../../packages/tooling/src/precompress.ts';

export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompressPlugin()],
  resolve: {
    alias: Object.fromEntries(
      ['react-markdown', 'remark-gfm', 'papaparse'].map((name) => [
        name,
        fileURLToPath(new URL('./src/lib/unused.ts', import.meta.url)),
      ]),
    ),
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by bench/admin/first-load.ts to follow each screen's imports.
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
  },
});
