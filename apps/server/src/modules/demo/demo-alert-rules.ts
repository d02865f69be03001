import type { Db } from '../../db/database.js';
import { seedDemoZones } from './demo-zones.repository.js';

/**
 * Issue 21 §6: alert rules of the demo organisation that fire on the simulated trucks' live
 * driving, so a new user sees notifications within minutes of `npm start`. The e-mail address
 * is an example one: without SMTP_URL its e-mails are kept in the outbox the rules screen shows.
 */
export async function seedDemoAlertRules(db: Db, organisation = 'Demo Transport'): Promise<void> {
  const owner = await db
    .selectFrom('organisations')
    .select('id')
    .where('name', '=', organisation)
    .executeTakeFirst();
  if (!owner) return;
  const email = JSON.stringify([{ address: 'planning@demo-transport.example', language: 'nl' }]);
  await db
    .insertInto('alert_rules')
    .values(
      [
        { name: 'Harsh braking', kind: 'event', event_type: 'HARSH_BRAKE', email_to: email },
        { name: 'Speeding', kind: 'event', event_type: 'OVER_SPEED_START', throttle_limit: 5 },
        {
          name: 'Emergency braking',
          kind: 'event',
          event_type: 'EMERGENCY_BRAKE',
          email_to: email,
        },
        { name: 'Device silent for an hour', kind: 'silent', silent_minutes: 60 },
        { name: 'Monitoring started', kind: 'monitoring' },
      ].map((rule) => ({ ...rule, organisation_id: owner.id })),
    )
    .execute();
  // Issue 21 §1: two depots and a customer site with a speed limit, and a zoneEnter rule.
  await seedDemoZones(db, organisation);
}
