import { sql, type Kysely } from 'kysely';

/**
 * Issue 18 §3: asset_state announces on `fleet_events` (migration 0017) when a row is made or
 * the engine sets its latest trip, no longer on every position a device batch moves. Those are
 * announced by the ingesting process, many assets in one transaction every 250 ms
 * (modules/events/asset-announcer.ts): PostgreSQL commits notifying transactions one at a
 * time, and a NOTIFY in each of 400 batches a second made the batches queue on that lock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER asset_state_fleet_event ON asset_state;
    CREATE TRIGGER asset_state_fleet_event AFTER INSERT OR UPDATE OF last_trip_id ON asset_state
      FOR EACH ROW EXECUTE FUNCTION fleet_event_asset_state();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER asset_state_fleet_event ON asset_state;
    CREATE TRIGGER asset_state_fleet_event AFTER INSERT OR UPDATE ON asset_state
      FOR EACH ROW EXECUTE FUNCTION fleet_event_asset_state();
  `.execute(db);
}
