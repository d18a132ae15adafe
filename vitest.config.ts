import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './apps/server/src/test/slow-first-sequencer';

/**
 * Half as many workers again as the machine has cores (three here): the server tests spend about a third of their time
 * waiting (processes they start, leases to expire, sockets), so a third worker fills the cores — the unit run took
 * 663 s with three workers and 816 s with two on this 2-core machine (docs/performance.md, Test suite).
 * VITEST_MAX_WORKERS overrides it.
 */
const workers = Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, Math.round(availableParallelism() * 1.5));

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: workers,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'apps/widget/src/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
        },
      },
      {
        extends: true,
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web-components',
          include: ['apps/web/src/**/*.test.tsx'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // A worker imports the app's modules once for all its files (about 8 s a file otherwise): each file builds its
          // own app on its own database, and the few module-level caches are keyed by database.
          isolate: false,
          exclude: ['**/node_modules/**', '**/dist/**'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          setupFiles: ['apps/server/src/test/template-guard.ts'],
        },
      },
    ],
  },
});
