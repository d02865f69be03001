import { sql } from 'kysely';
import type { FootageAction, FootageAuditEntry } from '@fleet/contract';
import type { Db } from '../../db/database.js';

/** One look at a medium, as the media module reports it where it serves the file. */
export interface FootageView {
  mediaId: number;
  /** null: a link issued before links named their user */
  userId: number | null;
  action: FootageAction;
  /** the case the link was asked for; kept only when the medium is that case's asset's */
  caseId: number | null;
}

/** The same look again within this many seconds (a player's range requests) is one look. */
export const FOOTAGE_REPEAT_SECONDS = 60;

/** The footage audit (issue 20 §6): who viewed, played or downloaded which medium, when. */
export class FootageAuditRepository {
  constructor(private readonly db: Db) {}

  async record(view: FootageView): Promise<void> {
    await sql`
      INSERT INTO media_views (organisation_id, media_id, user_id, user_name, action, case_id)
      SELECT a.organisation_id, m.id, u.id, u.name, ${view.action},
             (SELECT c.id FROM safety_cases c WHERE c.id = ${view.caseId}::bigint AND c.asset_id = m.asset_id)
        FROM media m
        JOIN assets a ON a.id = m.asset_id
        LEFT JOIN users u ON u.id = ${view.userId}::integer
       WHERE m.id = ${view.mediaId}
         AND NOT EXISTS (
           SELECT 1 FROM media_views v
            WHERE v.media_id = m.id AND v.action = ${view.action}
              AND v.user_id IS NOT DISTINCT FROM ${view.userId}::integer
              AND v.at > now() - make_interval(secs => ${FOOTAGE_REPEAT_SECONDS}))`.execute(
      this.db,
    );
  }

  /** The looks at these media, newest first. */
  async of(mediaIds: number[], limit: number): Promise<FootageAuditEntry[]> {
    if (!mediaIds.length) return [];
    const rows = await this.db
      .selectFrom('media_views as v')
      .leftJoin('users as u', 'u.id', 'v.user_id')
      .select(['v.id', 'v.at', 'v.user_id', 'v.media_id', 'v.action', 'v.case_id'])
      .select(sql<string | null>`coalesce(u.name, v.user_name)`.as('user_name'))
      .where('v.media_id', 'in', mediaIds)
      .orderBy('v.at', 'desc')
      .orderBy('v.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      userId: r.user_id,
      userName: r.user_name,
      mediaId: r.media_id,
      action: r.action,
      caseId: r.case_id,
    }));
  }

  /**
   * The organisation of a medium (for access): its asset's, or for a medium deleted since, the
   * audit's; undefined when there is neither.
   */
  async organisationOfMedium(mediaId: number): Promise<number | undefined> {
    const { rows } = await sql<{ organisation_id: number }>`
      SELECT a.organisation_id FROM media m JOIN assets a ON a.id = m.asset_id WHERE m.id = ${mediaId}
      UNION ALL
      (SELECT organisation_id FROM media_views WHERE media_id = ${mediaId} ORDER BY id DESC LIMIT 1)
      LIMIT 1`.execute(this.db);
    return rows[0]?.organisation_id;
  }
}
