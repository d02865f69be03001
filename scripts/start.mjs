// `npm start`: install and build what is missing, run the server (which starts
// its embedded database and seeds the demo organisations), then the simulator:
// it seeds the demo fleet's history on a first start and keeps some trucks
// driving live. DEMO_SIMULATOR=false (or SEED_DEMO=false) runs the server alone.
//
// It keeps the portal up: a server that dies unexpectedly (a crash, killed, out of memory)
// after it had started is started again, 1 s later, then 2, 4 … 30 s while it keeps dying
// early, and says so. Ctrl-C or SIGTERM stops everything without a restart; a server that
// cannot start at all (a configuration error, the port in use) is not retried.
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
const say = (message) => process.stderr.write(`${message}\n`);
const off = (name) => ['0', 'false', 'no', 'off'].includes((process.env[name] ?? '').toLowerCase());

/** Restarts: the first after 1 s, doubling to 30 s; back to 1 s after a minute of running. */
const FIRST_RESTART_MS = 1000;
const MAX_RESTART_MS = 30_000;
const STABLE_MS = 60_000;

let stopping = false;
let restarts = 0;
let everRunning = false;
let simulator;
let restartTimer;

function startSimulator(address) {
  if (off('DEMO_SIMULATOR') || off('SEED_DEMO')) return;
  if (simulator && simulator.exitCode === null && simulator.signalCode === null) return;
  const dataDir = path.resolve(root, process.env.DATA_DIR || 'data');
  simulator = run(
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
    if (code && !signal && !stopping)
      say(`The simulator stopped (exit ${code}); the portal keeps running.`);
  });
}

function startServer() {
  const server = run('apps/server/dist/main.js', [], 'pipe');
  const startedAt = Date.now();
  let output = '';
  server.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    if (output === null) return;
    output += chunk.toString();
    const address = /running at (http\S+)/.exec(output)?.[1];
    if (!address) return;
    output = null;
    everRunning = true;
    // The simulator of the first start, or one that gave up while the server was away.
    startSimulator(address);
  });
  server.on('exit', (code, signal) => {
    if (stopping) return;
    const how = signal ? `was killed (${signal})` : `exited (code ${code})`;
    // Never started: a configuration error or a port in use does not mend by itself.
    if (!everRunning || (code === 0 && !signal)) {
      if (!everRunning) say(`The server ${how} before it started; not starting it again.`);
      stopping = true;
      for (const child of children) child.kill('SIGTERM');
      process.exitCode = code ?? 1;
      return;
    }
    if (Date.now() - startedAt > STABLE_MS) restarts = 0;
    const wait = Math.min(MAX_RESTART_MS, FIRST_RESTART_MS * 2 ** restarts++);
    say(`The server ${how} unexpectedly; starting it again in ${wait / 1000} s.`);
    restartTimer = setTimeout(startServer, wait);
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    clearTimeout(restartTimer);
    for (const child of children) child.kill(signal);
  });
}
startServer();
