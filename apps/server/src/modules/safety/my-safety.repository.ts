import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** What My safety reads besides the cases: the user's driver link and the clip setting. */
export class MySafetyRepository {
  constructor(
    private readonly db: Db,
    private readonly timezone: string,
  ) {}

  /**
   * The user's linked driver (with its name), the organisation whose cases and scores My safety
   * shows (the driver's, which may lie below the user's; else the user's), and whether that
   * organisation lets drivers see clips.
   */
  async linkOf(userId: number) {
    const { rows } = await sql<{
      organisation_id: number;
      driver_id: number | null;
      driver_name: string | null;
      drivers_see_clips: boolean;
    }>`
      SELECT coalesce(d.organisation_id, u.organisation_id) AS organisation_id, d.id AS driver_id,
             CASE WHEN d.id IS NULL THEN NULL
                  ELSE trim(d.first_name || ' ' || d.last_name) END AS driver_name,
             coalesce(s.drivers_see_clips, true) AS drivers_see_clips
        FROM users u
        LEFT JOIN drivers d ON d.id = u.driver_id
        LEFT JOIN safety_settings s ON s.organisation_id = coalesce(d.organisation_id, u.organisation_id)
       WHERE u.id = ${userId}`.execute(this.db);
    return rows[0];
  }

  /** The start of the local week `weeks - 1` weeks before this one (the trend's first week). */
  async weeksBack(weeks: number): Promise<Date> {
    const { rows } = await sql<{ start: Date }>`
      SELECT (date_trunc('week', now() AT TIME ZONE ${this.timezone})
              - make_interval(weeks => ${weeks - 1})) AT TIME ZONE ${this.timezone} AS start`.execute(
      this.db,
    );
    return rows[0]!.start;
  }
}
