// One test command for the whole repository. Projects: `server` (API and packages,
// against a real PostgreSQL), `web` (front-end units) and `e2e` (Playwright journeys in
// Chromium against the real server and the built app). The global setup starts one
// embedded PostgreSQL (or uses DATABASE_URL) and prepares a migrated template database;
// every test file clones it into a database of its own.
//
// Vitest's default on 2 cores is one file at a time (cores - 1). Most files mostly wait (on
// PostgreSQL in its own processes, chain blocks, SMTP, timers), so the server and unit
// files run three at a time, then the journeys two at a time (each drives a server and a
// Chromium). Projects of one group must share a worker count, hence the two groups.
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
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/*.test.ts', 'scripts/*.test.ts'],
          environment: 'node',
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
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
          // expect.poll gives up after 1 s by default: too short for a screen waiting on the
          // server on a loaded host (a journey polls what the app shows, which arrives).
          expect: { poll: { timeout: 10_000 } },
          // Two journey files at a time, after the server files: each mostly waits (chain
          // blocks, polling, SMTP), so two fit in 2 cores.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
