// `npm start`: install and build what is missing, run the server (which starts
// its embedded database and seeds the demo organisations), then the simulator:
// it seeds the demo fleet's history on a first start and keeps some trucks
// driving live. DEMO_SIMULATOR=false (or SEED_DEMO=false) runs the server alone.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { prepare, root } from './prepare.mjs';

prepare();
const node = process.execPath;
const children = new Set();
const run = (script, args, stdout) => {
  const child = spawn(node, [path.join(root, script), ...args], {
    cwd: root,
    stdio: ['ignore', stdout, 'inherit'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
};

const server = run('apps/server/dist/main.js', [], 'pipe');
const off = (name) => ['0', 'false', 'no', 'off'].includes((process.env[name] ?? '').toLowerCase());
let output = '';
server.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (output === null) return;
  output += chunk.toString();
  const address = /running at (http\S+)/.exec(output)?.[1];
  if (!address) return;
  output = null;
  if (off('DEMO_SIMULATOR') || off('SEED_DEMO')) return;
  const dataDir = path.resolve(root, process.env.DATA_DIR || 'data');
  const simulator = run(
    'apps/simulator/dist/main.js',
    [
      'demo',
      '--url',
      address.replace('localhost', '127.0.0.1'),
      '--state',
      path.join(dataDir, 'simulator-state.json'),
      '--days',
      process.env.DEMO_HISTORY_DAYS || '30',
      '--live-vehicles',
      process.env.DEMO_LIVE_VEHICLES || '6',
      // Another seed gives another fleet: other plates, drivers and device identifiers (a
      // second server whose fleet the first mirrors, docs/synchronisation.md).
      '--seed',
      process.env.DEMO_SEED || '1',
    ],
    'inherit',
  );
  simulator.on('exit', (code, signal) => {
    if (code && !signal)
      process.stderr.write(`The simulator stopped (exit ${code}); the portal keeps running.\n`);
  });
});

const stop = (signal) => children.forEach((child) => child.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
server.on('exit', (code, signal) => {
  stop('SIGTERM');
  process.exitCode = code ?? (signal ? 1 : 0);
});
