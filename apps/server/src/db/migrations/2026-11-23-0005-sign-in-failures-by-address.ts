import { sql, type Kysely } from 'kysely';

/** Failed sign-ins count per account and address together (a stranger cannot lock an account). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX login_failures_account_idx`.execute(db);
  await sql`CREATE INDEX login_failures_account_address_idx ON login_failures (account_key, address, at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX login_failures_account_address_idx`.execute(db);
  await sql`CREATE INDEX login_failures_account_idx ON login_failures (account_key, at)`.execute(
    db,
  );
}
