import { sql } from 'kysely';
import type { AccessTokenClaims, SafetyActionInput } from '@fleet/contract';
import type { Db } from '../../db/database.js';
import type { SafetyService } from '../safety/index.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';

/** The demo's first reviews wait until the simulated history has made this many cases. */
export const DEMO_CASES_NEEDED = 12;

const DEMO_ORGANISATION = 'Demo Transport';
const account = (username: string) =>
  DEMO_ACCOUNTS.find((a) => a.username === username && a.organisation === DEMO_ORGANISATION)!;

interface DemoCase {
  id: number;
  driver_id: number | null;
  has_clip: boolean;
}

/**
 * Issue 20 §8: a new user finds a living Safety inbox. Once the demo fleet's history has made
 * enough cases, the demo's manager reviews some of them as a safety manager would (dismissed,
 * sent to coaching, coached, recognised, a comment), the demo `driver` account is linked to the
 * driver with the most cases and acknowledges one coaching; the rest wait for review. Through
 * the safety service, so each step is in the case's history with who and when. Once: it does
 * nothing when the manager has reviewed anything.
 */
export class DemoSafety {
  constructor(
    private readonly db: Db,
    private readonly safety: SafetyService,
  ) {}

  /** Answers whether it reviewed (false: not the demo, done already, or too few cases yet). */
  async run(): Promise<boolean> {
    const users = await this.users();
    if (!users) return false;
    const { organisationId, manager, driver } = users;
    if (await this.reviewedAlready(manager.user_id)) return false;
    const cases = await this.cases(organisationId);
    if (cases.length < DEMO_CASES_NEEDED) return false;
    const driverId = (await this.namesake(driver.user_id, cases)) ?? this.busiestDriver(cases);
    await this.db
      .updateTable('users')
      .set({ driver_id: driverId })
      .where('id', '=', driver.user_id)
      .execute();
    const own = driverId === null ? [] : cases.filter((c) => c.driver_id === driverId);
    const others = cases.filter((c) => c.driver_id !== driverId);
    const plan: [AccessTokenClaims, DemoCase | undefined, SafetyActionInput[]][] = [
      [
        manager,
        own[0],
        [
          { action: 'COACH' },
          {
            action: 'COACHED',
            method: 'IN_PERSON',
            notes: 'Watched the clip together: more distance to the car in front.',
          },
        ],
      ],
      [driver, own[0], [{ action: 'ACKNOWLEDGE', text: 'Understood, thanks.' }]],
      [
        manager,
        own[1],
        [
          { action: 'COACH' },
          {
            action: 'COACHED',
            method: 'CALL',
            notes: 'Called about the braking on the ring road.',
          },
        ],
      ],
      [manager, own[2], [{ action: 'COACH' }]],
      [
        manager,
        own[3],
        [
          {
            action: 'DISMISS',
            reason: 'EVASIVE_ACTION',
            text: 'A cyclist crossed: the right reaction.',
          },
        ],
      ],
      [manager, others[0], [{ action: 'DISMISS', reason: 'FALSE_POSITIVE', text: 'Speed bump.' }]],
      [manager, others[1], [{ action: 'RECOGNISE', text: 'Calm and early braking.' }]],
      [manager, others[2], [{ action: 'COACH' }]],
    ];
    for (const [user, c, actions] of plan) {
      if (!c) continue;
      for (const input of actions) await this.safety.act(user, c.id, input);
    }
    if (others[3])
      await this.safety.comment(
        manager,
        others[3].id,
        'Ask the planner whether this route is still needed.',
      );
    return true;
  }

  private async users() {
    const { rows } = await sql<{ username: string; id: number; organisation_id: number }>`
      SELECT u.username, u.id, u.organisation_id FROM users u
        JOIN organisations o ON o.id = u.organisation_id
       WHERE o.name = ${DEMO_ORGANISATION} AND u.username IN ('manager', 'driver')
         AND u.name IN (${account('manager').name}, ${account('driver').name})`.execute(this.db);
    const claims = (username: string): AccessTokenClaims | undefined => {
      const row = rows.find((r) => r.username === username);
      const role = username === 'driver' ? 'DRIVER' : account('manager').role;
      return row && { organisation_id: row.organisation_id, user_id: row.id, user_role: role };
    };
    const manager = claims('manager');
    const driver = claims('driver');
    if (!manager || !driver) return undefined;
    return { organisationId: manager.organisation_id, manager, driver };
  }

  private async reviewedAlready(managerId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('safety_case_history')
      .select('id')
      .where('user_id', '=', managerId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The organisation's cases, those with a clip first, newest first. */
  private async cases(organisationId: number): Promise<DemoCase[]> {
    const { rows } = await sql<DemoCase>`
      SELECT c.id, c.driver_id,
             EXISTS (SELECT 1 FROM media m WHERE m.asset_id = c.asset_id AND m."timestamp" = c.event_time
                       AND m.mime_type = 'video/mp4') AS has_clip
        FROM safety_cases c
       WHERE c.organisation_id = ${organisationId} AND c.status = 'NEEDS_REVIEW'
       ORDER BY has_clip DESC, c.event_time DESC
       LIMIT 500`.execute(this.db);
    return rows;
  }

  /** The driver record of the driver user's own name (Daan Bakker drives as Daan Bakker), with cases. */
  private async namesake(userId: number, cases: DemoCase[]): Promise<number | null> {
    const { rows } = await sql<{ id: number }>`
      SELECT d.id FROM drivers d JOIN users u ON u.id = ${userId}
       WHERE d.organisation_id = u.organisation_id AND d.first_name || ' ' || d.last_name = u.name
       ORDER BY d.id`.execute(this.db);
    return rows.find((d) => cases.some((c) => c.driver_id === d.id))?.id ?? null;
  }

  private busiestDriver(cases: DemoCase[]): number | null {
    const counts = new Map<number, number>();
    for (const c of cases)
      if (c.driver_id !== null) counts.set(c.driver_id, (counts.get(c.driver_id) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  }
}
