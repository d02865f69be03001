import { sql } from 'kysely';
import type { Language } from '@fleet/contract';
import type { Db } from '../../db/database.js';

export interface SettingsRow {
  organisation_id: number;
  media_retention_days: number;
  raw_retention_days: number;
  control_room_identifier: string | null;
  alarm_webhook_url: string | null;
  alarm_webhook_secret: string | null;
  max_monitoring_minutes: number;
  default_language: Language;
}

/** The columns a change may set, by their column name. */
export type SettingsChange = Partial<Omit<SettingsRow, 'organisation_id'>>;

/** organisation_settings: one row per organisation once something was saved. */
export class OrganisationSettingsRepository {
  constructor(private readonly db: Db) {}

  async find(organisationId: number): Promise<SettingsRow | undefined> {
    const { rows } = await sql<SettingsRow>`
      SELECT organisation_id, media_retention_days, raw_retention_days, control_room_identifier, alarm_webhook_url,
             alarm_webhook_secret, max_monitoring_minutes, default_language
        FROM organisation_settings WHERE organisation_id = ${organisationId}`.execute(this.db);
    return rows[0];
  }

  /** Creates the row with its defaults when missing, then sets the given columns (one statement). */
  async upsert(organisationId: number, change: SettingsChange): Promise<void> {
    const columns = Object.entries(change).filter(([, v]) => v !== undefined);
    const names = columns.map(([k]) => sql.ref(k));
    const values = columns.map(([, v]) => sql`${v}`);
    const updates = columns.map(([k]) => sql`${sql.ref(k)} = excluded.${sql.ref(k)}`);
    if (!columns.length) {
      await sql`INSERT INTO organisation_settings (organisation_id) VALUES (${organisationId})
                ON CONFLICT DO NOTHING`.execute(this.db);
      return;
    }
    await sql`
      INSERT INTO organisation_settings (organisation_id, ${sql.join(names)})
      VALUES (${organisationId}, ${sql.join(values)})
      ON CONFLICT (organisation_id) DO UPDATE SET ${sql.join(updates)}`.execute(this.db);
  }
}
