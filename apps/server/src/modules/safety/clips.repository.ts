import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { caseMediaJoin } from './safety.repository.js';

/** A case not yet looked at for a clip. */
export interface ClipCandidate {
  id: number;
  organisation_id: number;
  asset_id: number;
  event_time: Date;
  has_clip: boolean;
  request_clips: boolean;
}

/** The cases the `safety.clips` job looks at, and what it asked for. */
export class ClipsRepository {
  constructor(private readonly db: Db) {}

  /** Cases made before `madeBefore` and not looked at yet, oldest first; none of an asset with an automatic clip under way. */
  async due(madeBefore: Date, limit: number): Promise<ClipCandidate[]> {
    const { rows } = await sql<ClipCandidate>`
      SELECT c.id, c.organisation_id, c.asset_id, c.event_time,
             EXISTS (SELECT 1 FROM media m WHERE ${caseMediaJoin('c')} AND m.mime_type = 'video/mp4') AS has_clip,
             coalesce(s.request_clips, true) AS request_clips
        FROM safety_cases c
        LEFT JOIN safety_settings s ON s.organisation_id = c.organisation_id
       WHERE c.clip_checked_at IS NULL AND c.created_at <= ${madeBefore}
         -- One automatic clip at a time per asset: the device's cameras make one clip after
         -- another, and a user's own request must not wait behind a row of them. The case is
         -- looked at again once the asset's open one is finished (or expired).
         AND NOT EXISTS (
           SELECT 1 FROM media_requests r JOIN device_commands dc ON dc.id = r.command_id
            WHERE r.asset_id = c.asset_id AND r.requested_by IS NULL
              AND dc.finished_at IS NULL AND dc.expires_at > now())
       ORDER BY c.created_at
       LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  /** Clips asked for automatically in the last day, per organisation. */
  async requestedToday(organisationIds: number[]): Promise<Map<number, number>> {
    if (!organisationIds.length) return new Map();
    const { rows } = await sql<{ organisation_id: number; n: number }>`
      SELECT organisation_id, count(*)::integer AS n FROM safety_cases
       WHERE organisation_id = ANY(${[...new Set(organisationIds)]}::integer[])
         AND clip_request_id IS NOT NULL AND clip_checked_at > now() - interval '1 day'
       GROUP BY organisation_id`.execute(this.db);
    return new Map(rows.map((r) => [r.organisation_id, r.n]));
  }

  async checked(caseId: number, requestId: number | null): Promise<void> {
    await this.db
      .updateTable('safety_cases')
      .set({ clip_checked_at: sql`now()`, clip_request_id: requestId })
      .where('id', '=', caseId)
      .execute();
  }
}
