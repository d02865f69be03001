// `npm run dev`: the server with reload (tsx watch, TypeScript sources) on :3000
// and Vite with hot reload on :5173, which forwards the API bases to the server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './prepare.mjs';

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', '--conditions=source', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn(bin('vite'), [], { cwd: path.join(root, 'apps', 'web'), stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children)
  child.on('exit', (code) => (stop('SIGTERM'), process.exit(code ?? 0)));
