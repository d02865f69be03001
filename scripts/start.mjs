// `npm start`: install and build what is missing, then run the server, which
// starts its embedded database, seeds the demo fleet and prints the address.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { prepare, root } from './prepare.mjs';

prepare();
const server = spawn(process.execPath, [path.join(root, 'apps', 'server', 'dist', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
