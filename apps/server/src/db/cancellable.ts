import { sql, type KyselyPlugin } from 'kysely';
import { ErrorCode } from '@fleet/contract';
import { HttpError } from '../lib/http-error.js';
import { dedicatedConnection, withBackendPid, type Db } from './database.js';

/**
 * The work was stopped because the caller went away (its signal aborted). Nobody reads the
 * answer; 499 (nginx's "client closed request") keeps it out of the server errors in the log.
 */
export class QueryCancelled extends HttpError {
  constructor() {
    super(499, ErrorCode.CLIENT_CLOSED_REQUEST, 'The client went away; its work was stopped');
  }
}

/** How long sending a cancel request may take; PostgreSQL that does not answer is not waited for. */
const CANCEL_TIMEOUT_MS = 2000;
/** SQLSTATE query_canceled. */
const QUERY_CANCELED = '57014';

/** A pooled connection held for one piece of work, whose queries stop when its signal aborts. */
export interface CancellableConnection {
  /** Queries on this connection only; once the signal aborted, a new one throws QueryCancelled. */
  readonly db: Db;
  /** Gives the connection back to the pool (after a cancel has landed); a second call waits too. */
  release(): Promise<void>;
}

/** Refuses every query once `signal` aborted, before it is sent. */
const refuseWhenAborted = (signal: AbortSignal): KyselyPlugin => ({
  transformQuery: ({ node }) => {
    if (signal.aborted) throw new QueryCancelled();
    return node;
  },
  transformResult: async ({ result }) => result,
});

/** Whether `error` is what a query cancelled by `signal` threw. */
export function cancelledBy(signal: AbortSignal | undefined, error: unknown): boolean {
  return (
    !!signal?.aborted &&
    (error instanceof QueryCancelled ||
      (error instanceof Error && (error as { code?: string }).code === QUERY_CANCELED))
  );
}

/**
 * Asks PostgreSQL to cancel what the backend `pid` runs, from a connection of its own (the pool
 * may be full). A backend that is idle by then ignores it. Failures are reported, not thrown.
 */
async function cancelBackend(db: Db, pid: number, onError: (error: Error) => void) {
  const client = dedicatedConnection(db);
  client.on('error', () => {});
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('cancel request timed out')), CANCEL_TIMEOUT_MS);
  });
  try {
    await Promise.race([
      (async () => {
        await client.connect();
        await client.query('SELECT pg_cancel_backend($1)', [pid]);
      })(),
      timeout,
    ]);
  } catch (error) {
    onError(error as Error);
  } finally {
    clearTimeout(timer);
    void client.end().catch(() => {});
  }
}

/**
 * Takes a connection from the pool of `db` for work that the caller may give up. When `signal`
 * aborts (the client closed its socket before the answer), the query running on the connection
 * is cancelled on PostgreSQL (pg_cancel_backend of its backend) and the next ones are not sent;
 * they throw, and `cancelledBy(signal, error)` tells such an error from a real failure. The
 * connection goes back to the pool only after the cancel has landed, so it cannot hit the next
 * user's query.
 */
export async function cancellableConnection(
  db: Db,
  signal: AbortSignal | undefined,
  onError: (error: Error) => void = () => {},
): Promise<CancellableConnection> {
  if (signal?.aborted) throw new QueryCancelled();
  let lease!: (value: { conn: Db; pid: number }) => void;
  let failed!: (error: unknown) => void;
  const leased = new Promise<{ conn: Db; pid: number }>((resolve, reject) => {
    lease = resolve;
    failed = reject;
  });
  let giveBack!: () => void;
  const released = new Promise<void>((resolve) => (giveBack = resolve));
  let cancelling: Promise<void> | undefined;
  let lent = false;

  // Kysely holds a connection for the length of a callback: the callback lends it out and waits.
  const backend: { pid?: number } = {};
  const done = withBackendPid(
    () =>
      db.connection().execute(async (conn) => {
        if (backend.pid === undefined) throw new Error('the backend of the connection is unknown');
        lent = true;
        lease({ conn, pid: backend.pid });
        await released;
        if (cancelling) {
          await cancelling;
          // A cancel that arrives after its query ended lands on the next one: let it land here.
          for (let i = 0; i < 2; i++) {
            try {
              await sql`SELECT 1`.execute(conn);
              break;
            } catch (error) {
              if ((error as { code?: string }).code !== QUERY_CANCELED) throw error;
            }
          }
        }
      }),
    backend,
  ).catch((error: unknown) => {
    // Before the lease the caller gets the error; after it, only the log does.
    if (lent) onError(error as Error);
    else failed(error);
  });

  const { conn, pid } = await leased;
  const onAbort = () => {
    cancelling ??= cancelBackend(db, pid, onError);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  // Aborted while the connection was being taken.
  if (signal?.aborted) onAbort();
  let releasing: Promise<void> | undefined;
  return {
    db: signal ? conn.withPlugin(refuseWhenAborted(signal)) : conn,
    release() {
      releasing ??= (async () => {
        signal?.removeEventListener('abort', onAbort);
        giveBack();
        await done;
      })();
      return releasing;
    },
  };
}

/** Runs `work` on a cancellable connection and gives the connection back whatever happens. */
export async function withCancellable<T>(
  db: Db,
  signal: AbortSignal | undefined,
  work: (db: Db) => Promise<T>,
  onError?: (error: Error) => void,
): Promise<T> {
  const connection = await cancellableConnection(db, signal, onError);
  try {
    return await work(connection.db);
  } catch (error) {
    throw cancelledBy(signal, error) ? new QueryCancelled() : error;
  } finally {
    await connection.release();
  }
}
