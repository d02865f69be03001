import { describe, expect, it } from 'vitest';
import {
  backlog,
  byType,
  coachedDrivers,
  effectWindows,
  median,
  statusCounts,
  timeliness,
  type ReportCase,
  type ReportEntry,
} from './coaching-report.core.js';

// Times in UTC; the "local" day is the UTC date here.
const at = (text: string) => new Date(`2026-03-${text}Z`);
const dayOf = (when: Date) => when.toISOString().slice(0, 10);

const kase = (id: number, fields: Partial<ReportCase> = {}): ReportCase => ({
  id,
  eventType: 'HARSH_BRAKE',
  eventTime: at('02T08:00:00'),
  status: 'NEEDS_REVIEW',
  driverId: null,
  dueDate: null,
  acknowledgedAt: null,
  ...fields,
});
const entry = (
  caseId: number,
  when: string,
  action: string,
  toStatus: ReportEntry['toStatus'],
  fields: Partial<ReportEntry> = {},
): ReportEntry => ({
  caseId,
  at: at(when),
  action,
  toStatus,
  dueDate: null,
  undone: false,
  ...fields,
});

describe('median', () => {
  it.each([
    [[], null],
    [[5], 5],
    [[3, 1], 2],
    [[9, 1, 5], 5],
    [[4, 1, 3, 10], 3.5],
  ])('of %j is %s', (values, expected) => {
    expect(median(values)).toBe(expected);
  });
});

describe('statusCounts and byType', () => {
  const cases = [
    kase(1, { status: 'NEEDS_REVIEW' }),
    kase(2, { status: 'NEEDS_COACHING', dueDate: '2026-03-09' }), // overdue on the 10th
    kase(3, { status: 'NEEDS_COACHING', dueDate: '2026-03-10' }), // due today: not overdue
    kase(4, {
      status: 'COACHED',
      acknowledgedAt: at('05T10:00:00'),
      eventType: 'OVER_SPEED_START',
    }),
    kase(5, { status: 'COACHED', eventType: 'OVER_SPEED_START' }),
    kase(6, { status: 'DISMISSED', eventType: 'HARSH_ACCELERATION' }),
  ];

  it('counts per status, overdue and unacknowledged', () => {
    expect(statusCounts(cases, '2026-03-10')).toEqual({
      NEEDS_REVIEW: 1,
      DISMISSED: 1,
      NEEDS_COACHING: 2,
      COACHED: 2,
      RECOGNISED: 0,
      total: 6,
      overdue: 1,
      // 2, 3 and 5: needing coaching or coached, not acknowledged
      unacknowledged: 3,
    });
  });

  it('per type, most cases first, then by name', () => {
    expect(byType(cases).map((r) => [r.eventType, r.total, r.NEEDS_COACHING, r.COACHED])).toEqual([
      ['HARSH_BRAKE', 3, 2, 0],
      ['OVER_SPEED_START', 2, 0, 2],
      ['HARSH_ACCELERATION', 1, 0, 0],
    ]);
  });
});

describe('timeliness', () => {
  // events on the 2nd at 08:00
  const cases = [
    kase(1, { status: 'DISMISSED' }),
    kase(2, { status: 'COACHED', driverId: 7 }),
    kase(3, { status: 'COACHED', driverId: 8 }),
    kase(4, { status: 'NEEDS_REVIEW' }),
    kase(5, { status: 'NEEDS_COACHING', driverId: 7 }),
  ];
  const entries = [
    // 1: dismissed 2 h after the event
    entry(1, '02T10:00:00', 'DISMISS', 'DISMISSED'),
    // 2: coached 4 h after the event, coached 24 h later, on its due day: on time
    entry(2, '02T12:00:00', 'COACH', 'NEEDS_COACHING', { dueDate: '2026-03-03' }),
    entry(2, '03T12:00:00', 'COACHED', 'COACHED'),
    // 3: first coached at 1 h but that was undone; coached again at 6 h; recorded 72 h later,
    // two days after its due date
    entry(3, '02T09:00:00', 'COACH', 'NEEDS_COACHING', { dueDate: '2026-03-16', undone: true }),
    entry(3, '02T09:30:00', 'UNDO', 'NEEDS_REVIEW'),
    entry(3, '02T14:00:00', 'COACH', 'NEEDS_COACHING', { dueDate: '2026-03-03' }),
    entry(3, '05T14:00:00', 'COACHED', 'COACHED'),
    // 4: dismissed then undone: not reviewed
    entry(4, '02T09:00:00', 'DISMISS', 'DISMISSED', { undone: true }),
    entry(4, '02T09:10:00', 'UNDO', 'NEEDS_REVIEW'),
    // 5: reviewed 10 h after the event, not coached yet
    entry(5, '02T18:00:00', 'COACH', 'NEEDS_COACHING', { dueDate: '2026-03-16' }),
  ];

  it('takes the medians over the changes that stand', () => {
    const figures = timeliness(cases, entries, dayOf);
    // reviews: 2, 4, 6 and 10 hours → median 5
    expect(figures.medianHoursToReview).toBe(5);
    expect(figures.reviewed).toBe(4);
    // coaching: 24 and 72 hours → median 48
    expect(figures.medianHoursToCoach).toBe(48);
    expect(figures.coached).toBe(2);
    expect(figures.coachedLate).toBe(1);
  });

  it('has no medians without reviews', () => {
    expect(timeliness([kase(1)], [], dayOf)).toMatchObject({
      medianHoursToReview: null,
      reviewed: 0,
      medianHoursToCoach: null,
      coached: 0,
      coachedLate: 0,
    });
  });

  it('compares each coached driver around their first coaching', () => {
    const { coachings } = timeliness(cases, entries, dayOf);
    expect(coachedDrivers(cases, coachings)).toEqual([
      { driverId: 7, coachedAt: at('03T12:00:00'), cases: 2, coached: 1, acknowledged: 0 },
      { driverId: 8, coachedAt: at('05T14:00:00'), cases: 1, coached: 1, acknowledged: 0 },
    ]);
  });
});

describe('backlog', () => {
  const days = ['01', '02', '03', '04'].map((d, i, all) => ({
    from: at(`${d}T00:00:00`),
    until: at(`${all[i + 1] ?? '05'}T00:00:00`),
    day: `2026-03-${d}`,
  }));
  const cases = [
    kase(1, { eventTime: at('01T10:00:00') }),
    kase(2, { eventTime: at('02T10:00:00') }),
    kase(3, { eventTime: at('03T10:00:00') }),
  ];
  const entries = [
    entry(1, '01T10:05:00', 'CREATED', 'NEEDS_REVIEW'),
    // 1: sent to coaching on the 1st, due on the 2nd, coached on the 4th
    entry(1, '01T12:00:00', 'COACH', 'NEEDS_COACHING', { dueDate: '2026-03-02' }),
    entry(1, '04T09:00:00', 'COACHED', 'COACHED'),
    // 2: its case was made on the 3rd (a re-process): waiting for review from its event
    entry(2, '03T08:00:00', 'CREATED', 'NEEDS_REVIEW'),
    entry(2, '03T09:00:00', 'DISMISS', 'DISMISSED', { undone: true }),
    entry(2, '04T09:00:00', 'UNDO', 'NEEDS_REVIEW'),
    entry(3, '03T10:01:00', 'CREATED', 'NEEDS_REVIEW'),
    entry(3, '03T11:00:00', 'RECOGNISE', 'RECOGNISED'),
  ];

  it('follows each case through the days', () => {
    const points = backlog(cases, entries, days, dayOf);
    expect(
      points.map((p) => [
        p.day,
        p.created,
        p.reviewed,
        p.coached,
        p.needsReview,
        p.needsCoaching,
        p.overdue,
      ]),
    ).toEqual([
      // day, created, reviewed, coached, needs review, needs coaching, overdue
      ['2026-03-01', 1, 1, 0, 0, 1, 0],
      // 1 was due on the 2nd, which has ended: overdue
      ['2026-03-02', 1, 0, 0, 1, 1, 1],
      // 2 dismissed (undone later: not counted as a review), 3 recognised
      ['2026-03-03', 1, 1, 0, 0, 1, 1],
      // 1 coached; 2's dismissal undone: waiting again
      ['2026-03-04', 0, 0, 1, 1, 0, 0],
    ]);
    expect(points[0]).toMatchObject({
      from: '2026-03-01T00:00:00.000Z',
      until: '2026-03-02T00:00:00.000Z',
    });
  });
});

describe('effectWindows', () => {
  const coachedAt = at('10T12:00:00');
  it('takes 30 days on each side', () => {
    expect(effectWindows(coachedAt, 30, at('31T00:00:00'))).toMatchObject({
      before: { from: new Date('2026-02-08T12:00:00Z'), until: coachedAt },
      after: { from: coachedAt, until: at('31T00:00:00') },
      daysAfter: 20,
    });
    expect(effectWindows(coachedAt, 30, new Date('2026-06-01T00:00:00Z')).after.until).toEqual(
      new Date('2026-04-09T12:00:00Z'),
    );
  });
});
