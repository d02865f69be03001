import { ErrorCode } from '@fleet/contract';
import { HttpError } from './http-error.js';

/** SQLSTATE codes that mean "the request collides with what exists", not "the server broke". */
export const UNIQUE_VIOLATION = '23505';
export const EXCLUSION_VIOLATION = '23P01';
export const FOREIGN_KEY_VIOLATION = '23503';
/** SQLSTATE codes after which the same transaction, run again, may well succeed. */
export const DEADLOCK_DETECTED = '40P01';
export const SERIALIZATION_FAILURE = '40001';

interface PostgresError extends Error {
  code: string;
  constraint?: string;
}

/** Whether pg threw this SQLSTATE (and, when given, for this constraint). */
export function isPostgresError(
  error: unknown,
  code: string,
  constraint?: string,
): error is PostgresError {
  if (!(error instanceof Error) || (error as Partial<PostgresError>).code !== code) return false;
  return constraint === undefined || (error as PostgresError).constraint === constraint;
}

const sqlState = (error: unknown) =>
  error instanceof Error && typeof (error as Partial<PostgresError>).code === 'string'
    ? (error as PostgresError).code
    : undefined;

/**
 * The answer to a database refusal no repository turned into a message of its own. Two
 * requests at once may race (one deletes a group while the other adds a member to it): the
 * loser gets 404 or 409, not 500. Class 22 (data exception: NUL, out-of-range numbers and
 * times) means the input was unusable: 400. Anything else stays a server error (undefined).
 */
export function clientErrorOf(error: unknown): HttpError | undefined {
  const code = sqlState(error);
  if (!code || !/^[0-9A-Z]{5}$/.test(code)) return undefined;
  if (code === FOREIGN_KEY_VIOLATION) {
    // "insert or update on table … violates …": what it refers to is gone.
    // "update or delete on table … violates …": something still refers to it.
    return /^insert or update/.test((error as Error).message)
      ? new HttpError(404, ErrorCode.NOT_FOUND, 'A record this refers to does not exist (any more)')
      : new HttpError(409, ErrorCode.CONFLICT, 'Other records still refer to this one');
  }
  if (code === UNIQUE_VIOLATION || code === EXCLUSION_VIOLATION)
    return new HttpError(409, ErrorCode.CONFLICT, 'This collides with a record that exists');
  if (code.startsWith('22'))
    return new HttpError(
      400,
      ErrorCode.VALIDATION_ERROR,
      'A value in the request cannot be stored',
    );
  return undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a transaction (or single statement) again when PostgreSQL chose it as the victim of a
 * deadlock or serialisation failure: it was rolled back whole, so running it again stores
 * each row once. Gives up after `attempts`, with the last error.
 */
export async function retryOnConflict<T>(run: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = sqlState(error);
      if (attempt >= attempts || (code !== DEADLOCK_DETECTED && code !== SERIALIZATION_FAILURE))
        throw error;
      await sleep(Math.random() * 20 * attempt);
    }
  }
}

// ── The database itself is unavailable (issue 16) ─────────────────────────

/** Seconds a client is asked to wait (Retry-After) while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 3;

/**
 * SQLSTATEs of a server that is going or gone: 57P01 admin shutdown (fast stop, and every
 * backend when the postmaster is killed), 57P02 crash shutdown, 57P03 cannot connect now
 * (starting, recovering), 53300 too many connections, and class 08 (connection exception).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket errors of a connection to the database (pg passes them through as they are). */
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** pg and pg-pool's own words for a lost, unopened or timed-out connection. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect/, // pg-pool: no connection within connectionTimeoutMillis
  /is not queryable/, // a client whose connection already failed
  /^Query read timeout/,
  /^The database does not answer/, // our own watch (db/database.ts) aborting a frozen connection
];

/**
 * Whether the error says the database cannot be reached (stopped, restarting, killed, frozen),
 * as opposed to a refusal of this request: then the answer is 503 and the work is retried.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (UNAVAILABLE_ERRNO.has(code)) return true;
    // A Unix socket whose server is stopped: its socket file is gone.
    if (code === 'ENOENT' && (error as { syscall?: unknown }).syscall === 'connect') return true;
  }
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  // Node's connect to a name with several addresses fails with all of their errors.
  return error instanceof AggregateError
    ? error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))
    : false;
}

/** The answer while the database is unavailable: 503 with Retry-After, the same on every base. */
export function databaseUnavailable(): HttpError {
  return new HttpError(
    503,
    ErrorCode.DATABASE_UNAVAILABLE,
    'The database is unavailable at the moment; try again shortly',
    { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
  );
}
