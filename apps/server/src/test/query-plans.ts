import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/schema.js';
import type { TestApp } from './test-app.js';

/**
 * Runs `run` on a database handle of its own that notes every statement it sends, then asks
 * PostgreSQL to EXPLAIN each with its parameters: the plans the code's own queries get.
 */
export async function withPlans<T>(
  t: TestApp,
  run: (db: Kysely<Database>) => Promise<T>,
): Promise<{ result: T; plans: string[] }> {
  const captured: CompiledQuery[] = [];
  const spy = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: t.databaseUrl, max: 1 }),
    }),
    log: (event) => void captured.push(event.query),
  });
  try {
    const result = await run(spy);
    const plans: string[] = [];
    for (const query of captured) {
      const { rows } = await t.db.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]),
      );
      plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
    return { result, plans };
  } finally {
    await spy.destroy();
  }
}
