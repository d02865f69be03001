// Makes a fresh clone runnable: installs dependencies and builds what is
// missing or older than its sources. Shared by `npm start` and `npm test`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.endsWith('.tsbuildinfo')) continue;
    latest = Math.max(latest, newest(path.join(target, entry)));
  }
  return latest;
}

const age = (file) => (existsSync(file) ? statSync(file).mtimeMs : -1);

function run(description, args) {
  process.stdout.write(`${description}…\n`);
  const started = Date.now();
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`${description} failed (npm ${args.join(' ')}).\n`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`${description}: done in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}

export function prepare() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    process.stderr.write(
      `Node ${process.versions.node} is too old: install Node 20.19 or newer.\n`,
    );
    process.exit(1);
  }
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  if (age(installed) < age(path.join(root, 'package-lock.json'))) {
    // --include=dev: the build needs them, even when started with NODE_ENV=production (the browser tests).
    run('Installing dependencies', ['install', '--include=dev', '--no-audit', '--no-fund']);
  }
  const sources = Math.max(
    newest(path.join(root, 'packages')),
    newest(path.join(root, 'apps')),
    age(path.join(root, 'package-lock.json')),
  );
  const outputs = [
    path.join(root, 'apps', 'server', 'dist', 'main.js'),
    path.join(root, 'apps', 'simulator', 'dist', 'main.js'),
    path.join(root, 'apps', 'web', 'dist', 'index.html'),
  ];
  // Written after a whole build succeeded; older than any source means build again.
  const stamp = path.join(root, 'node_modules', '.fleet-build');
  if (outputs.some((output) => !existsSync(output)) || age(stamp) < sources) {
    // A production build, whatever the caller's NODE_ENV (test runners set 'test').
    process.env.NODE_ENV = 'production';
    run('Building', ['run', 'build']);
    writeFileSync(stamp, new Date().toISOString());
  }
}
