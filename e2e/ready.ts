import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, inject } from 'vitest';

/**
 * Every browser test file waits until the e2e server (global-setup.ts) is seeded and caught up;
 * it seeds in the background while the unit and API tests run.
 */
beforeAll(async () => {
  const { readyFile } = inject('e2e');
  const deadline = Date.now() + 900_000;
  while (!existsSync(readyFile)) {
    if (Date.now() > deadline) throw new Error('the e2e server was not ready in 15 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
  const state = readFileSync(readyFile, 'utf8');
  if (state !== 'ok') throw new Error(`the e2e server did not start: ${state}`);
}, 960_000);
