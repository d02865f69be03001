// `npm test`: every test — unit, API against real PostgreSQL, and browser
// tests against the built server. Extra arguments go to Vitest.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { prepare, root } from './prepare.mjs';

prepare();
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const result = spawnSync(process.execPath, [vitest, 'run', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
