import { Kysely, Migrator, PostgresDialect, type MigrationProvider } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { migrations } from './migrations/index.js';

// int8 (bigint, count(*)) as a JS number: our counts and ids stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export type Db = Kysely<Database>;

const urls = new WeakMap<Db, string>();

export function createDb(url: string, max = 10, onError: (error: Error) => void = () => {}): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection that the server drops (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', onError);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  urls.set(db, url);
  return db;
}

/**
 * A connection of its own to the database of `db`, outside its pool: for LISTEN, which
 * needs one connection held for as long as the process listens. The caller ends it.
 */
export function dedicatedConnection(db: Db): pg.Client {
  const url = urls.get(db);
  if (!url) throw new Error('dedicatedConnection: the database was not opened by createDb');
  return new pg.Client({ connectionString: url });
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies pending migrations; throws with the failing migration's error. */
export async function migrate(db: Db): Promise<string[]> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
