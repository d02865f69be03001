import { randomBytes } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { NAME_TABLE } from '../test/look-alike-names.js';
import { createDatabase, databaseUrl, dropDatabase } from '../test/databases.js';
import { createDb, type Db } from './database.js';
import { migrations } from './migrations/index.js';

const { serverUrl, template } = inject('testDatabase');
const opened: { db: Db; name: string }[] = [];
async function database(fromTemplate: boolean): Promise<Db> {
  const name = `fleet_test_${randomBytes(6).toString('hex')}`;
  await createDatabase(serverUrl, name, fromTemplate ? template : undefined);
  const db = createDb(databaseUrl(serverUrl, name), 2);
  opened.push({ db, name });
  return db;
}
afterAll(async () => {
  for (const { db, name } of opened) {
    await db.destroy();
    await dropDatabase(serverUrl, name);
  }
});

describe('name_key, the unique form of user and organisation names in the database', () => {
  let db: Db;
  beforeAll(async () => {
    db = await database(true);
  });

  it.each(NAME_TABLE)('agrees with normaliseName: %j', async (input, normalised) => {
    // lower() is the database's own (the unique indexes use it); the rest must match lib/text.ts
    const { rows } = await sql<{ key: string; expected: string }>`
      SELECT name_key(${input}) AS key, lower(${normalised}) AS expected`.execute(db);
    expect(rows[0]!.key).toBe(rows[0]!.expected);
  });
});

describe('the migration to normalised names', () => {
  it('keeps names that already clash: the oldest keeps its name, later ones are renamed', async () => {
    const db = await database(false);
    const provider = { getMigrations: async () => migrations };
    const names = Object.keys(migrations);
    const before = names[names.indexOf('2026-11-25-0012-names-and-sessions') - 1]!;
    expect((await new Migrator({ db, provider }).migrateTo(before)).error).toBeUndefined();

    // what an older version accepted: look-alikes, distinct only in case-insensitive comparison
    const { rows: orgs } = await sql<{ id: number }>`
      INSERT INTO organisations (name) VALUES ('Demo Transport'), (${'Demo\u00a0Transport'}), ('Other')
      RETURNING id`.execute(db);
    const [demo, lookAlike, other] = orgs.map((o) => o.id);
    const { rows: users } = await sql<{ id: number }>`
      INSERT INTO users (organisation_id, username, name, role, password_hash)
      VALUES (${demo}, 'manager', 'M', 'USER', 'x'), (${demo}, ${'\uff4danager\u200b'}, 'M2', 'USER', 'x'),
             (${other}, 'manager', 'M3', 'USER', 'x')
      RETURNING id`.execute(db);

    const { error } = await new Migrator({ db, provider }).migrateToLatest();
    expect(error).toBeUndefined();
    const { rows: after } = await sql<{ id: number; name: string }>`
      SELECT id, name FROM organisations ORDER BY id`.execute(db);
    expect(after.map((o) => o.name)).toEqual([
      'Demo Transport',
      `Demo Transport (duplicate ${lookAlike})`,
      'Other',
    ]);
    const { rows: usernames } = await sql<{ username: string }>`
      SELECT username FROM users ORDER BY id`.execute(db);
    expect(usernames.map((u) => u.username)).toEqual([
      'manager',
      `manager (duplicate ${users[1]!.id})`,
      'manager', // another organisation's: no clash
    ]);
    // and from now on the database refuses a look-alike, whoever writes it
    await expect(
      sql`INSERT INTO organisations (name) VALUES (${'\uff24emo Transport\u200b'})`.execute(db),
    ).rejects.toMatchObject({ code: '23505', constraint: 'organisations_name_key' });
    await expect(
      sql`INSERT INTO users (organisation_id, username, name, role, password_hash)
          VALUES (${demo}, ${'MANAGER\u2060'}, 'M4', 'USER', 'x')`.execute(db),
    ).rejects.toMatchObject({ code: '23505', constraint: 'users_username_key' });
  });
});
