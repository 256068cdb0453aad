// One test command for the whole repository. Projects: `server` (API and packages,
// against a real PostgreSQL), `web` (front-end units) and `e2e` (Playwright journeys in
// Chromium against the real server and the built app). The global setup starts one
// embedded PostgreSQL (or uses DATABASE_URL) and prepares a migrated template database;
// every test file clones it into a database of its own.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['apps/server/test/global-setup.ts'],
    reporters: process.env.CI ? ['default'] : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts', 'packages/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.test.ts', 'apps/admin/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Two journey files at a time: each mostly waits (chain blocks, polling, SMTP), so
          // two fit in 2 cores and the serial wall time is nearly halved.
          // (The default of one worker per core; a maxWorkers of its own would need a
          // separate sequence.groupOrder and run after the other projects.)
          fileParallelism: true,
        },
      },
    ],
  },
});
