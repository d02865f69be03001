import { sql } from 'kysely';
import type { SafetyCaseStatus } from '@fleet/contract';
import type { Db } from '../../db/database.js';
import type { Interval, ReportCase, ReportEntry } from './coaching-report.core.js';

/**
 * The coaching report's reads: the organisation's cases whose event falls in the period, their
 * history, the days or weeks of the period in the fleet's zone, and the names of drivers.
 */
export class CoachingReportRepository {
  constructor(
    private readonly db: Db,
    readonly timezone: string,
  ) {}

  async cases(organisationId: number, from: Date, until: Date): Promise<ReportCase[]> {
    const { rows } = await sql<{
      id: number;
      event_type: string;
      event_time: Date;
      status: SafetyCaseStatus;
      driver_id: number | null;
      due_date: string | null;
      acknowledged_at: Date | null;
    }>`
      SELECT id, event_type, event_time, status, driver_id, due_date::text AS due_date,
             acknowledged_at
        FROM safety_cases
       WHERE organisation_id = ${organisationId}
         AND event_time >= ${from} AND event_time < ${until}`.execute(this.db);
    return rows.map((r) => ({
      id: Number(r.id),
      eventType: r.event_type,
      eventTime: r.event_time,
      status: r.status,
      driverId: r.driver_id,
      dueDate: r.due_date,
      acknowledgedAt: r.acknowledged_at,
    }));
  }

  /** The history of those cases, oldest first. */
  async entries(organisationId: number, from: Date, until: Date): Promise<ReportEntry[]> {
    const { rows } = await sql<{
      case_id: number;
      at: Date;
      action: string;
      to_status: SafetyCaseStatus;
      due_date: string | null;
      undone: boolean;
    }>`
      SELECT h.case_id, h.at, h.action, h.to_status, h.due_date::text AS due_date,
             h.undone_at IS NOT NULL AS undone
        FROM safety_case_history h
        JOIN safety_cases c ON c.id = h.case_id
       WHERE c.organisation_id = ${organisationId}
         AND c.event_time >= ${from} AND c.event_time < ${until}
       ORDER BY h.at, h.id`.execute(this.db);
    return rows.map((r) => ({
      caseId: Number(r.case_id),
      at: r.at,
      action: r.action,
      toStatus: r.to_status,
      dueDate: r.due_date,
      undone: r.undone,
    }));
  }

  /** The local days or weeks (from Monday) of the period, clipped to it. */
  async intervals(from: Date, until: Date, unit: 'DAY' | 'WEEK'): Promise<Interval[]> {
    const step = unit === 'DAY' ? '1 day' : '1 week';
    const field = unit === 'DAY' ? 'day' : 'week';
    const tz = this.timezone;
    const { rows } = await sql<{ start: Date; end: Date; day: string }>`
      SELECT greatest(g AT TIME ZONE ${tz}, ${from}::timestamptz) AS start, g::date::text AS day,
             least((g + ${step}::interval) AT TIME ZONE ${tz}, ${until}::timestamptz) AS "end"
        FROM generate_series(
          date_trunc(${field}, ${from}::timestamptz AT TIME ZONE ${tz}),
          ${until}::timestamptz AT TIME ZONE ${tz} - interval '1 microsecond',
          ${step}::interval) AS g
       ORDER BY g`.execute(this.db);
    return rows.map((r) => ({ from: r.start, until: r.end, day: r.day }));
  }

  /** Drivers by id: their name and organisation (a case's driver may belong elsewhere). */
  async drivers(ids: number[]) {
    if (!ids.length) return new Map<number, { name: string; organisationId: number }>();
    const rows = await this.db
      .selectFrom('drivers')
      .select(['id', 'first_name', 'last_name', 'organisation_id'])
      .where('id', 'in', ids)
      .execute();
    return new Map(
      rows.map((r) => [
        r.id,
        { name: `${r.first_name} ${r.last_name}`.trim(), organisationId: r.organisation_id },
      ]),
    );
  }
}
