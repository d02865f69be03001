import { sql, type Kysely } from 'kysely';

/**
 * Issue 21 §2: "a case needing review" as an alert rule kind (`caseNeedsReview`). A new safety
 * case (migration 0018 makes one from each new event of the organisation's case types) is queued
 * for the rules with its event type as the detail, so a rule may name one type or none (every
 * case). The reference is the case's id: a day the engine rebuilds keeps its cases (their
 * unique key), so it queues nothing new. A case a reviewer's action makes later does not fire.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION alert_safety_case() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM alert_enqueue('caseNeedsReview', NEW.asset_id, NEW.event_time, NEW.event_type,
        'case ' || NEW.id);
      RETURN NULL;
    END $$;
    CREATE TRIGGER safety_cases_alert AFTER INSERT ON safety_cases
      FOR EACH ROW WHEN (NEW.status = 'NEEDS_REVIEW')
      EXECUTE FUNCTION alert_safety_case();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER safety_cases_alert ON safety_cases;
    DROP FUNCTION alert_safety_case();
  `.execute(db);
}
