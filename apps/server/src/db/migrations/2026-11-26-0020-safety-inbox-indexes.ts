import { sql, type Kysely } from 'kysely';

/**
 * Issue 20 §9, the safety inbox of an organisation with 100,000 cases: its page, attention first,
 * is read as one index-ordered branch per rank (bench/safety.ts attentionFirst). Needs review,
 * dismissed, recognised and coached go by safety_cases_status_idx (organisation, status, event
 * time); these two serve the rest:
 * - coaching, due first (overdue, then due): NEEDS_COACHING by (organisation, due date, event time);
 * - coached and not acknowledged yet, newest first (few: the driver acknowledges them).
 * The engine's read of the dismissed events of an asset-day goes by the cases' unique key
 * (asset, event time, event type).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX safety_cases_coaching_idx ON safety_cases (organisation_id, due_date, event_time DESC, id DESC)
      WHERE status = 'NEEDS_COACHING';
    CREATE INDEX safety_cases_unacknowledged_idx ON safety_cases (organisation_id, event_time DESC, id DESC)
      WHERE status = 'COACHED' AND acknowledged_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX safety_cases_unacknowledged_idx;
    DROP INDEX safety_cases_coaching_idx;
  `.execute(db);
}
