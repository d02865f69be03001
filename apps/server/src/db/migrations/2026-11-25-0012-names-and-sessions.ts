import { sql, type Kysely } from 'kysely';
import { INVISIBLE_CHARACTER, normaliseName } from '../../lib/text.js';

/**
 * Issue 16, identity:
 * - Look-alike names. User and organisation names are unique on name_key(name): NFKC,
 *   invisible characters removed, whitespace runs one space, trimmed, lower case; the same
 *   steps as normaliseName in lib/text.ts (whose test checks that both agree). `manager\u200b`,
 *   fullwidth `ｍanager` and `Demo\u00a0Transport` are then the names that exist. The index
 *   holds for every writer, the API or not. Names that already clash on that form (made before
 *   this version) keep their rows: the oldest keeps its name, each later one is renamed
 *   '<name> (duplicate <id>)', shown in the lists and signed in with that name, instead of
 *   failing the upgrade or deleting anything.
 * - Refresh grace. A refresh token spent in the last few seconds answers the same new pair
 *   again (two tabs refreshing at once): successor_sealed holds that pair, encrypted with a
 *   key only the spent token's holder can derive (auth/tokens.ts).
 * - Identifier probing. Device identifiers are unique across the platform, so "taken" is an
 *   answer about other organisations; identifier_attempts bounds how often one user may get
 *   it (devices.repository.ts). A row is an attempt under way or a refusal within the hour.
 */

const MAX_CODE_POINT = 0x10ffff;

/** A regex bracket expression of every code point that `pattern` matches, as \u/\U escapes. */
function bracket(pattern: RegExp): string {
  const escape = (cp: number) =>
    cp <= 0xffff
      ? `\\u${cp.toString(16).padStart(4, '0')}`
      : `\\U${cp.toString(16).padStart(8, '0')}`;
  const ranges: string[] = [];
  let start = -1;
  // NUL cannot be in a PostgreSQL text, nor in its regex: start at 1.
  for (let cp = 1; cp <= MAX_CODE_POINT + 1; cp++) {
    const inside =
      cp <= MAX_CODE_POINT &&
      !(cp >= 0xd800 && cp <= 0xdfff) &&
      pattern.test(String.fromCodePoint(cp));
    if (inside && start < 0) start = cp;
    if (!inside && start >= 0) {
      ranges.push(start === cp - 1 ? escape(start) : `${escape(start)}-${escape(cp - 1)}`);
      start = -1;
    }
  }
  return `[${ranges.join('')}]`;
}

async function nameKeyFunction(db: Kysely<unknown>) {
  const { rows } = await sql<{ server_encoding: string }>`SHOW server_encoding`.execute(db);
  const invisible = bracket(INVISIBLE_CHARACTER);
  const space = `${bracket(/\s/u)}+`;
  // normalize() needs a UTF8 database. Another encoding cannot hold such names as characters
  // anyway; there the key is the trimmed lower case, and the API still stores names normalised.
  const body =
    rows[0]?.server_encoding === 'UTF8'
      ? `lower(btrim(regexp_replace(normalize(regexp_replace(normalize(value, NFKC), '${invisible}', '', 'g'), NFKC), '${space}', ' ', 'g'), ' '))`
      : `lower(btrim(regexp_replace(value, '[[:space:]]+', ' ', 'g'), ' '))`;
  await sql
    .raw(
      `CREATE FUNCTION name_key(value text) RETURNS text
         LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
         AS $fn$ SELECT ${body} $fn$`,
    )
    .execute(db);
}

/** Renames each later row whose key another (older) row already has. */
async function renameDuplicates(db: Kysely<unknown>, table: 'organisations' | 'users') {
  const column = table === 'organisations' ? 'name' : 'username';
  const scope = table === 'organisations' ? '' : 'organisation_id, ';
  const { rows } = await sql<{ id: number; value: string }>`
    SELECT id, value FROM (
      SELECT id, ${sql.ref(column)} AS value,
             row_number() OVER (PARTITION BY ${sql.raw(scope)}name_key(${sql.ref(column)}) ORDER BY id) AS n
      FROM ${sql.table(table)}) t
    WHERE n > 1`.execute(db);
  for (const { id, value } of rows) {
    await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${`${normaliseName(value)} (duplicate ${id})`}
              WHERE id = ${id}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await nameKeyFunction(db);
  await renameDuplicates(db, 'organisations');
  await renameDuplicates(db, 'users');
  // Same index names as before: the repositories turn their violations into 409s.
  await sql`DROP INDEX organisations_name_key`.execute(db);
  await sql`CREATE UNIQUE INDEX organisations_name_key ON organisations (name_key(name))`.execute(
    db,
  );
  await sql`DROP INDEX users_username_key`.execute(db);
  await sql`CREATE UNIQUE INDEX users_username_key ON users (organisation_id, name_key(username))`.execute(
    db,
  );

  await sql`ALTER TABLE refresh_tokens ADD COLUMN successor_sealed text`.execute(db);

  await sql`
    CREATE TABLE identifier_attempts (
      id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      identifier text NOT NULL,
      at         timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX identifier_attempts_user_idx ON identifier_attempts (user_id, at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE identifier_attempts`.execute(db);
  await sql`ALTER TABLE refresh_tokens DROP COLUMN successor_sealed`.execute(db);
  await sql`DROP INDEX users_username_key`.execute(db);
  await sql`CREATE UNIQUE INDEX users_username_key ON users (organisation_id, lower(username))`.execute(
    db,
  );
  await sql`DROP INDEX organisations_name_key`.execute(db);
  await sql`CREATE UNIQUE INDEX organisations_name_key ON organisations (lower(name))`.execute(db);
  await sql`DROP FUNCTION name_key(text)`.execute(db);
}
