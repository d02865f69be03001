import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE organisations (
      id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name       text NOT NULL CHECK (btrim(name) <> ''),
      parent_id  integer REFERENCES organisations (id) ON DELETE RESTRICT,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // Sign-in names the organisation, case-insensitively, so names are unique that way.
  await sql`CREATE UNIQUE INDEX organisations_name_key ON organisations (lower(name))`.execute(db);
  await sql`CREATE INDEX organisations_parent_idx ON organisations (parent_id)`.execute(db);

  await sql`
    CREATE TABLE users (
      id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      organisation_id integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
      username        text NOT NULL,
      name            text NOT NULL,
      password_hash   text NOT NULL,
      role            text NOT NULL CHECK (role IN ('OEM', 'RESELLER', 'INTEGRATOR', 'DRIVER', 'USER')),
      created_at      timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX users_username_key ON users (organisation_id, lower(username))`.execute(
    db,
  );

  await sql`
    CREATE TABLE refresh_tokens (
      id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      family     uuid NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at    timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family)`.execute(db);

  await sql`
    CREATE TABLE login_failures (
      id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_key text NOT NULL,
      address     text NOT NULL,
      at          timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX login_failures_account_idx ON login_failures (account_key, at)`.execute(
    db,
  );
  await sql`CREATE INDEX login_failures_address_idx ON login_failures (address, at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['login_failures', 'refresh_tokens', 'users', 'organisations']) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  }
}
