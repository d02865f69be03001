import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: {
    root: '/work/wt-monw',
    include: ['e2e/monitoring.test.ts'],
    globalSetup: ['/work/wt-monw/.quick/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
