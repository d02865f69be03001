import { AsyncLocalStorage } from 'node:async_hooks';
import { Kysely, Migrator, PostgresDialect, type MigrationProvider } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { migrations } from './migrations/index.js';
import { OutageLog } from '../lib/outage.js';

// int8 (bigint, count(*)) as a JS number: our counts and ids stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export type Db = Kysely<Database>;

/** The database or a transaction in progress. */
export type Executor = Db;

/** Timeouts of every connection (README: DB_CONNECT_TIMEOUT, DB_STATEMENT_TIMEOUT, …). */
export interface DbTimeouts {
  /** Opening a connection, and waiting for a free one of the pool; ms, 0: none. */
  connectMs?: number;
  /** One statement, enforced by PostgreSQL; ms, 0: none. */
  statementMs?: number;
  /** A transaction left open without a statement, enforced by PostgreSQL; ms, 0: none. */
  idleInTransactionMs?: number;
  /** pg_stat_activity's application_name of the connections: which part of the work they do */
  applicationName?: string;
}

interface Opened {
  url: string;
  onError: (error: Error) => void;
  /** pools made for parts of the work (siblingDb), ended with closeSiblings */
  siblings: Db[];
  pool: pg.Pool;
  clients: Set<pg.Client>;
  timeouts: DbTimeouts;
  watch?: DatabaseWatch;
}

const opened = new WeakMap<Db, Opened>();

const connectionOptions = (url: string, timeouts: DbTimeouts): pg.ClientConfig => ({
  connectionString: url,
  // A peer that vanished (a network partition, a dead host) is noticed by the kernel.
  keepAlive: true,
  ...(timeouts.connectMs ? { connectionTimeoutMillis: timeouts.connectMs } : {}),
  ...(timeouts.statementMs ? { statement_timeout: timeouts.statementMs } : {}),
  ...(timeouts.idleInTransactionMs
    ? { idle_in_transaction_session_timeout: timeouts.idleInTransactionMs }
    : {}),
  ...(timeouts.applicationName ? { application_name: timeouts.applicationName } : {}),
});

export function createDb(
  url: string,
  max = 10,
  onError: (error: Error) => void = () => {},
  timeouts: DbTimeouts = {},
): Db {
  const pool = new pg.Pool({ ...connectionOptions(url, timeouts), max });
  const clients = new Set<pg.Client>();
  // An idle connection that the server drops (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', onError);
  pool.on('connect', (client) => {
    clients.add(client);
    // A connection checked out of the pool (between two statements of a transaction) that
    // the server drops emits 'error' on the client, where pg-pool listens only while it is
    // idle: without this listener that event ended the process (57P01 "terminating connection
    // due to administrator command"). Its next query fails, and that failure is handled.
    client.on('error', () => {});
  });
  pool.on('remove', (client) => clients.delete(client));
  // Kysely takes its connections through this, which tells a waiting backendPid its backend.
  const connect = async () => {
    const client = await pool.connect();
    const asking = backendAsked.getStore();
    if (asking && asking.pid === undefined) asking.pid = processId(client);
    return client;
  };
  const dialect = new PostgresDialect({ pool: { connect, end: () => pool.end() } });
  const db = new Kysely<Database>({ dialect });
  opened.set(db, { url, onError, siblings: [], pool, clients, timeouts });
  return db;
}

/** The connection taken first within backendPid's `take`: its backend's process id. */
const backendAsked = new AsyncLocalStorage<{ pid?: number }>();

/** The backend's process id that PostgreSQL sent when the connection opened (BackendKeyData). */
const processId = (client: pg.PoolClient) => (client as unknown as { processID: number }).processID;

/**
 * Runs `take`, which takes a connection from a pool of createDb (db.connection().execute), and
 * gives `found` the process id of that connection's backend before `take`'s callback runs:
 * what pg_cancel_backend needs, without a query to ask for it.
 */
export function withBackendPid<T>(take: () => T, found: { pid?: number }): T {
  return backendAsked.run(found, take);
}

function openedBy(db: Db): Opened {
  const found = opened.get(db);
  if (!found) throw new Error('the database was not opened by createDb');
  return found;
}

/** What opens another pool to the database of `db` in a thread of its own (createDb there). */
export function connectionSettings(db: Db): { url: string; timeouts: DbTimeouts } {
  const { url, timeouts } = openedBy(db);
  return { url, timeouts };
}

/**
 * A connection of its own to the database of `db`, outside its pool: for LISTEN, which
 * needs one connection held for as long as the process listens. The caller ends it, and
 * handles its 'error' event.
 */
export function dedicatedConnection(db: Db): pg.Client {
  const { url, timeouts } = openedBy(db);
  return new pg.Client(
    connectionOptions(url, {
      connectMs: timeouts.connectMs,
      applicationName: timeouts.applicationName,
    }),
  );
}

/**
 * Issue 18 §3: a pool of its own, of `max` connections, to the database of `db`, for one part
 * of the work (ingestion, the engine), so that part cannot take every connection of the pool
 * that user requests use, nor wait behind them. `max` 0: that part shares `db`'s pool. Its
 * connections are named after the part in pg_stat_activity (application_name `fleet engine`).
 */
export function siblingDb(db: Db, max: number, part?: string): Db {
  if (max <= 0) return db;
  const { url, onError, timeouts, siblings } = openedBy(db);
  const applicationName = part ? `${timeouts.applicationName ?? 'fleet'} ${part}` : undefined;
  const sibling = createDb(url, max, onError, { ...timeouts, applicationName });
  siblings.push(sibling);
  return sibling;
}

/** Ends these pools siblingDb made for `db` (an app's close: its own, not another app's). */
export async function closeSiblings(db: Db, pools: Db[]): Promise<void> {
  const found = opened.get(db);
  if (!found) return;
  const closing = found.siblings.filter((sibling) => pools.includes(sibling));
  found.siblings = found.siblings.filter((sibling) => !pools.includes(sibling));
  await Promise.all(closing.map((sibling) => sibling.destroy()));
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies pending migrations; throws with the failing migration's error. */
export async function migrate(db: Db): Promise<string[]> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

// ── Is the database there? ────────────────────────────────────────────────

/** How often the watch asks the database while it answers. */
const PROBE_EVERY_MS = 1000;
/** How often while it does not: its return is noticed within this. */
const PROBE_DOWN_EVERY_MS = 500;
/** The longest a probe waits for an answer when DB_CONNECT_TIMEOUT is 0. */
const DEFAULT_PROBE_TIMEOUT_MS = 3000;

export interface DatabaseState {
  available: boolean;
  /** when it became unavailable */
  since?: Date;
  /** why, in words */
  reason?: string;
}

interface WatchLog {
  warn(object: object, message: string): void;
  info(message: string): void;
}

/**
 * Asks the database `SELECT 1` every second on a connection of its own (a pool busy with long
 * reports must not look like a dead database), with the connect timeout as the limit. When it
 * does not answer (stopped, killed, frozen by SIGSTOP, unreachable) the database is marked
 * unavailable: every API base answers 503 at once instead of waiting (plugins/errors.ts), and
 * the pool's connections are cut, so statements waiting on a frozen server fail now instead of
 * hanging. It says so once, and once more when the database is back.
 */
export class DatabaseWatch {
  private probeClient: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private probing: Promise<void> | undefined;
  private stopped = false;
  private since: Date | undefined;
  private reason: string | undefined;
  private readonly outage: OutageLog;
  private readonly probeTimeoutMs: number;

  constructor(
    private readonly db: Db,
    log: WatchLog,
  ) {
    this.outage = new OutageLog('database', log);
    this.probeTimeoutMs = openedBy(db).timeouts.connectMs || DEFAULT_PROBE_TIMEOUT_MS;
  }

  get state(): DatabaseState {
    return this.since
      ? { available: false, since: this.since, reason: this.reason }
      : { available: true };
  }

  get available(): boolean {
    return this.since === undefined;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** A query failed as if the database were gone: look now rather than at the next tick. */
  suspect(): void {
    if (!this.stopped && this.available && !this.probing) this.schedule(0);
  }

  /** Resolves after one probe (tests; health when in doubt). */
  async check(): Promise<DatabaseState> {
    await (this.probing ?? this.probe());
    return this.state;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.probing;
    const client = this.probeClient;
    this.probeClient = undefined;
    await client?.end().catch(() => {});
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.probe().finally(() => {
        if (!this.stopped) this.schedule(this.available ? PROBE_EVERY_MS : PROBE_DOWN_EVERY_MS);
      });
    }, ms);
    this.timer.unref();
  }

  private probe(): Promise<void> {
    this.probing ??= this.probeOnce().finally(() => (this.probing = undefined));
    return this.probing;
  }

  private async probeOnce(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const answered = this.ask();
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`The database does not answer within ${this.probeTimeoutMs} ms`)),
          this.probeTimeoutMs,
        );
      });
      answered.catch(() => {}); // when the timeout wins
      await Promise.race([answered, timeout]);
      if (this.since) {
        this.since = undefined;
        this.reason = undefined;
        this.outage.succeeded();
      }
    } catch (error) {
      this.dropProbeClient();
      if (this.stopped) return;
      const first = this.available;
      this.since ??= new Date();
      this.reason = (error as Error).message;
      // Unavailable whatever the error (an authentication failure after a restart is no
      // better): the outage logs its first line once.
      this.outage.down(this.reason);
      if (first) this.cutConnections();
    } finally {
      clearTimeout(timer);
    }
  }

  private async ask(): Promise<void> {
    if (!this.probeClient) {
      const { url } = openedBy(this.db);
      const client = new pg.Client(
        connectionOptions(url, {
          connectMs: this.probeTimeoutMs,
          statementMs: this.probeTimeoutMs,
        }),
      );
      client.on('error', () => this.dropProbeClient(client));
      this.probeClient = client;
      await client.connect();
    }
    await this.probeClient.query('SELECT 1');
  }

  private dropProbeClient(client = this.probeClient) {
    if (!client) return;
    if (this.probeClient === client) this.probeClient = undefined;
    destroySocket(client);
    client.end().catch(() => {});
  }

  /**
   * Ends every connection of the pool and of its siblings (ingestion's, the engine's) at once;
   * their statements fail (503) instead of hanging.
   */
  private cutConnections() {
    const { clients, siblings } = openedBy(this.db);
    for (const pool of [clients, ...siblings.map((sibling) => openedBy(sibling).clients)])
      for (const client of pool) destroySocket(client);
  }
}

/** Closes the socket under a pg client without waiting for the server (which may be frozen). */
function destroySocket(client: pg.Client) {
  const stream = (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection
    ?.stream;
  stream?.destroy();
}

/** Starts watching the database of `db`; see DatabaseWatch. */
export function watchDatabase(db: Db, log: WatchLog): DatabaseWatch {
  const found = openedBy(db);
  found.watch ??= new DatabaseWatch(db, log);
  found.watch.start();
  return found.watch;
}

/** The watch of `db`, when one was started (the server; not most tests). */
export function databaseWatch(db: Db): DatabaseWatch | undefined {
  return opened.get(db)?.watch;
}
