import { sql, type Kysely } from 'kysely';

/**
 * Issue 19 §3, push: every change a signed-in screen shows live is announced on the
 * `fleet_events` channel by the database itself, so it holds for every writer (the API,
 * ingestion, the engine's workers, the jobs, sync) and every server process hears it through
 * its one LISTEN connection (modules/events). The payload names the kind, the asset and its
 * organisation; the listener decides who may hear it. NOTIFY is sent at commit, and the same
 * payload twice in one transaction is sent once.
 *
 * - asset: the asset's latest position (ingestion) or its latest trip (the engine) changed:
 *   the fleet overview's position and Driving/Stationary.
 * - mediaRequest: a media request was made, its command delivered, acknowledged or finished
 *   (synced), or a camera's footage arrived (fulfilled).
 * - monitoring: a monitoring request or monitoring started, changed state or ended.
 */
const FUNCTIONS = sql`
  CREATE FUNCTION fleet_event(kind text, asset integer) RETURNS void LANGUAGE sql AS $$
    SELECT pg_notify('fleet_events', json_build_object(
             'kind', kind, 'assetId', a.id, 'organisationId', a.organisation_id)::text)
      FROM assets a WHERE a.id = asset
  $$;

  CREATE FUNCTION fleet_event_asset_state() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN PERFORM fleet_event('asset', NEW.asset_id); RETURN NULL; END $$;

  CREATE FUNCTION fleet_event_media_request() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN PERFORM fleet_event('mediaRequest', NEW.asset_id); RETURN NULL; END $$;

  CREATE FUNCTION fleet_event_media_request_camera() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM fleet_event('mediaRequest', r.asset_id)
       FROM media_requests r WHERE r.id = NEW.media_request_id;
    RETURN NULL;
  END $$;

  CREATE FUNCTION fleet_event_monitoring() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN PERFORM fleet_event('monitoring', NEW.asset_id); RETURN NULL; END $$;

  CREATE FUNCTION fleet_event_command() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM fleet_event('mediaRequest', r.asset_id) FROM media_requests r WHERE r.command_id = NEW.id;
    PERFORM fleet_event('monitoring', r.asset_id)
       FROM asset_monitoring_requests r WHERE r.command_id = NEW.id;
    RETURN NULL;
  END $$;
`;

const TRIGGERS = [
  ['asset_state', 'INSERT OR UPDATE', 'fleet_event_asset_state'],
  ['media_requests', 'INSERT', 'fleet_event_media_request'],
  ['media_request_cameras', 'INSERT OR UPDATE', 'fleet_event_media_request_camera'],
  ['device_commands', 'UPDATE', 'fleet_event_command'],
  ['asset_monitoring_requests', 'INSERT OR UPDATE', 'fleet_event_monitoring'],
  ['asset_monitorings', 'INSERT OR UPDATE', 'fleet_event_monitoring'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await FUNCTIONS.execute(db);
  for (const [table, events, fn] of TRIGGERS) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_fleet_event`)} AFTER ${sql.raw(events)} ON ${sql.table(table)}
        FOR EACH ROW EXECUTE FUNCTION ${sql.raw(fn)}()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, , fn] of [...TRIGGERS].reverse()) {
    await sql`DROP TRIGGER ${sql.raw(`${table}_fleet_event`)} ON ${sql.table(table)}`.execute(db);
    await sql`DROP FUNCTION IF EXISTS ${sql.raw(fn)}()`.execute(db);
  }
  await sql`DROP FUNCTION fleet_event(text, integer)`.execute(db);
}
