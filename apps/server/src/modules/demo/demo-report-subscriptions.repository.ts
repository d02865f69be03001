import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * Issue 21 §6: the demo manager receives the weekly driving-style report. Idempotent (run at
 * every start of a demo, so a demo database from before it gets it too). The address is an
 * example one: without SMTP_URL the reports wait in the outbox the Report subscriptions screen shows.
 */
export async function seedDemoReportSubscriptions(
  db: Db,
  organisation = 'Demo Transport',
  username = 'manager',
): Promise<void> {
  await sql`
    INSERT INTO report_subscriptions
      (organisation_id, user_id, created_by, kind, frequency, email, language)
    SELECT o.id, u.id, u.id, 'DRIVING_STYLE', 'WEEKLY', 'manager@demo-transport.example', 'en'
      FROM organisations o JOIN users u ON u.organisation_id = o.id
     WHERE o.name = ${organisation} AND u.username = ${username}
       AND NOT EXISTS (SELECT 1 FROM report_subscriptions s
                        WHERE s.user_id = u.id AND s.kind = 'DRIVING_STYLE'
                          AND s.frequency = 'WEEKLY')`.execute(db);
}
