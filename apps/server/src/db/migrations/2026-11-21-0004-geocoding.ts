import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Reverse-geocoding answers by provider, language and position rounded to 0.001° (about 100 m),
  // so a fleet parked at its depots costs a provider one lookup per spot, not one per page view.
  await sql`
    CREATE TABLE geocode_cache (
      provider   text NOT NULL,
      language   text NOT NULL,
      latitude   integer NOT NULL,
      longitude  integer NOT NULL,
      address    text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (provider, language, latitude, longitude)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE geocode_cache`.execute(db);
}
