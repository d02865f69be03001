import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { hashPassword } from '../auth/index.js';
import { DEMO_ACCOUNTS, DEMO_ORGANISATIONS, DEMO_PASSWORD } from './demo-accounts.js';

const SEED_LOCK = 727001;

/** Seeds the demo organisations and sign-ins into an empty database; answers whether it did. */
export async function seedDemo(db: Db): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction().execute(async (trx) => {
    // Two servers starting on one empty database must not both seed.
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const existing = await trx.selectFrom('organisations').select('id').limit(1).executeTakeFirst();
    if (existing) return false;

    const ids = new Map<string, number>();
    for (const { name, parent } of DEMO_ORGANISATIONS) {
      const row = await trx
        .insertInto('organisations')
        .values({ name, parent_id: parent ? ids.get(parent)! : null })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(name, row.id);
    }
    await trx
      .insertInto('users')
      .values(
        DEMO_ACCOUNTS.map((a) => ({
          organisation_id: ids.get(a.organisation)!,
          username: a.username,
          name: a.name,
          role: a.role,
          password_hash: passwordHash,
        })),
      )
      .execute();
    return true;
  });
}
