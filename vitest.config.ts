import { defineConfig } from 'vitest/config';

// Workspace packages export their TypeScript source under the 'source' condition.
const resolve = { conditions: ['source', 'module', 'browser', 'development|production'] };
const ssr = { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } };

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker: every file after the other, the
    // browser tests (mostly waiting on Chromium and the server) included. Two let an API file
    // run beside the browser file of the moment; browser files stay one at a time (below).
    maxWorkers: 2,
    projects: [
      {
        resolve,
        ssr,
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/simulator/src/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        resolve,
        ssr,
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        ssr,
        test: {
          name: 'browser',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          setupFiles: ['e2e/ready.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
