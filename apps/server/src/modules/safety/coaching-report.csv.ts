import { SAFETY_CASE_STATUSES, type CoachingReport } from '@fleet/contract';
import { csvField, type Cell } from '../../lib/table-export.js';

// The one CSV field of the exports (issue 21 §3): RFC 4180 quoting, formula-like texts defused.
const line = (cells: Cell[]) => cells.map(csvField).join(',');
const km = (metres: number) => Math.round(metres / 100) / 10;

/** The coaching report as CSV: one table per section, a blank line between (docs/safety.md). */
export function coachingReportCsv(report: CoachingReport): string {
  const lines: string[] = [
    line(['Coaching report', report.from, report.until]),
    '',
    line(['Status', 'Cases']),
    ...SAFETY_CASE_STATUSES.map((s) => line([s, report.counts[s]])),
    line(['Total', report.counts.total]),
    '',
    line(['Event type', 'Total', ...SAFETY_CASE_STATUSES]),
    ...report.byType.map((r) =>
      line([r.eventType, r.total, ...SAFETY_CASE_STATUSES.map((s) => r[s])]),
    ),
    '',
    line(['Figure', 'Value']),
    line(['Median hours to review', report.medianHoursToReview]),
    line(['Reviewed', report.reviewed]),
    line(['Median hours to coach', report.medianHoursToCoach]),
    line(['Coached', report.coached]),
    line(['Coached late', report.coachedLate]),
    line(['Overdue now', report.counts.overdue]),
    line(['Not acknowledged', report.counts.unacknowledged]),
    '',
    line([
      report.interval === 'DAY' ? 'Day' : 'Week',
      'Created',
      'Reviewed',
      'Coached',
      'Needs review',
      'Needs coaching',
      'Overdue',
    ]),
    ...report.backlog.map((p) =>
      line([p.day, p.created, p.reviewed, p.coached, p.needsReview, p.needsCoaching, p.overdue]),
    ),
    '',
    line([
      'Driver',
      'Driver id',
      'Cases',
      'Coached',
      'Acknowledged',
      'Coached at',
      'Score before',
      'Score after',
      'Change',
      'Distance before (km)',
      'Distance after (km)',
      'Days after',
    ]),
    ...report.drivers.map((d) =>
      line([
        d.driverName,
        d.driverId,
        d.cases,
        d.coached,
        d.acknowledged,
        d.coachedAt,
        d.scoreBefore,
        d.scoreAfter,
        d.scoreBefore !== null && d.scoreAfter !== null
          ? Math.round((d.scoreAfter - d.scoreBefore) * 10) / 10
          : null,
        km(d.distanceBefore),
        km(d.distanceAfter),
        d.daysAfter,
      ]),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
