import { sql, type Kysely } from 'kysely';

/**
 * Issue 21 §2 (the latency goal): an event a device reports is queued for the alert rules when
 * its record is stored, not only when the engine has rebuilt the asset-day. The engine's later
 * insert into `events` queues the same occurrence again (the same reference: type@time in UTC
 * to the millisecond, as alert_event() writes it); the notification's unique key keeps it once.
 * So a notification no longer waits behind the engine's queue under load.
 *
 * An event it cannot read (a time PostgreSQL cannot parse) is left to the engine's path: storing
 * the record never fails because of an alert. The trigger runs only for stored records of a
 * linked asset that carry events (WHEN), so the records without events (nearly all) cost nothing. raw_records is partitioned (0014): a trigger
 * on the parent is created on every partition, also those made later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION alert_record_events() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      e jsonb;
      at timestamptz;
    BEGIN
      FOR e IN SELECT * FROM jsonb_array_elements(NEW.events) LOOP
        CONTINUE WHEN e->>'eventType' IS NULL;
        at := date_trunc('milliseconds', coalesce((e->>'timestamp')::timestamptz, NEW."timestamp"));
        PERFORM alert_enqueue('event', NEW.asset_id, at, e->>'eventType',
          (e->>'eventType') || '@' || to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS'));
      END LOOP;
      RETURN NULL;
    EXCEPTION WHEN data_exception THEN
      -- a record the device API let through with an odd event: the engine's path still sees it
      RETURN NULL;
    END $$;
    CREATE TRIGGER raw_records_alert AFTER INSERT ON raw_records
      FOR EACH ROW WHEN (NEW.events IS NOT NULL AND NEW.asset_id IS NOT NULL)
      EXECUTE FUNCTION alert_record_events();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER raw_records_alert ON raw_records;
    DROP FUNCTION alert_record_events();
  `.execute(db);
}
