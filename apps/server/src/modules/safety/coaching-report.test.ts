import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAT_COLUMNS } from '../../db/stat-columns.js';
import type { CoachingReport, Report } from '@fleet/contract';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The coaching report over hand-built cases and history (issue 20 §5): every figure is worked
 * out by hand below, in the fleet's zone (Europe/Amsterdam, UTC+1 in March 2025).
 */
let t: TestApp;
let org: number;
let polderChild: number;
let d1: number;
let d2: number;
const FROM = '2025-03-01T00:00:00+01:00';
const UNTIL = '2025-03-05T00:00:00+01:00';
const EVENT = new Date('2025-03-02T07:00:00Z');
const hours = (h: number) => new Date(EVENT.getTime() + h * 3_600_000);

async function insertCase(fields: {
  assetId: number;
  eventType: string;
  status: string;
  driverId?: number;
  dueDate?: string;
  coachedAt?: Date;
  acknowledgedAt?: Date;
}) {
  const row = await t.db
    .insertInto('safety_cases')
    .values({
      organisation_id: org,
      asset_id: fields.assetId,
      event_time: EVENT,
      event_type: fields.eventType,
      driver_id: fields.driverId ?? null,
      status: fields.status,
      due_date: fields.dueDate ?? null,
      coached_at: fields.coachedAt ?? null,
      acknowledged_at: fields.acknowledgedAt ?? null,
      // its CREATED entry (made by the trigger) at the event
      created_at: EVENT,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const change = (
  caseId: number,
  at: Date,
  action: string,
  toStatus: string,
  dueDate: string | null = null,
) =>
  t.db
    .insertInto('safety_case_history')
    .values({ case_id: caseId, at, action, to_status: toStatus, due_date: dueDate })
    .execute();

/** A day of driving of driver d on the asset: 100 km in an hour, with `harshBrakes`. */
const drivingDay = (assetId: number, driverId: number, day: string, harshBrakes: number) =>
  t.db
    .insertInto('stats_daily')
    .values({
      ...Object.fromEntries(STAT_COLUMNS.map((c) => [c, 0])),
      asset_id: assetId,
      driver_id: driverId,
      day,
      driving_distance: 100_000,
      driving_time: 3600,
      total_time: 3600,
      engine_time: 3600,
      harsh_brakes: harshBrakes,
    } as never)
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  const seed = fleetSeed(t);
  const demo = await t.organisationId('Demo Transport');
  const made = await t.as('oem', {
    method: 'POST',
    url: `/api/organisations/${demo}`,
    payload: { name: 'Coaching Report BV' },
  });
  org = made.json<{ id: number }>().id;
  const polder = await t.organisationId('Polder Logistics');
  polderChild = (
    await t.as('oem', {
      method: 'POST',
      url: `/api/organisations/${polder}`,
      payload: { name: 'Polder Coaching' },
    })
  ).json<{ id: number }>().id;
  const a = (await seed.asset(org)).id;
  const b = (await seed.asset(org)).id;
  d1 = (await seed.driver(org, 'Eerst')).id;
  d2 = (await seed.driver(org, 'Tweede')).id;

  // 1: dismissed 2 h after the event
  const c1 = await insertCase({ assetId: a, eventType: 'HARSH_BRAKE', status: 'DISMISSED' });
  await change(c1, hours(2), 'DISMISS', 'DISMISSED');
  // 2 (d1): to coaching at 4 h, due 3 March; coached 24 h later on its due day; acknowledged
  const c2 = await insertCase({
    assetId: a,
    eventType: 'HARSH_ACCELERATION',
    status: 'COACHED',
    driverId: d1,
    dueDate: '2025-03-03',
    coachedAt: hours(28),
    acknowledgedAt: hours(30),
  });
  await change(c2, hours(4), 'COACH', 'NEEDS_COACHING', '2025-03-03');
  await change(c2, hours(28), 'COACHED', 'COACHED');
  // 3 (d2): to coaching at 6 h, due 3 March; coached 72 h later, two days late
  const c3 = await insertCase({
    assetId: a,
    eventType: 'OVER_SPEED_START',
    status: 'COACHED',
    driverId: d2,
    dueDate: '2025-03-03',
    coachedAt: hours(78),
  });
  await change(c3, hours(6), 'COACH', 'NEEDS_COACHING', '2025-03-03');
  await change(c3, hours(78), 'COACHED', 'COACHED');
  // 4 (d1): to coaching at 10 h, due 4 March: overdue ever since
  const c4 = await insertCase({
    assetId: a,
    eventType: 'OVER_RPM_START',
    status: 'NEEDS_COACHING',
    driverId: d1,
    dueDate: '2025-03-04',
  });
  await change(c4, hours(10), 'COACH', 'NEEDS_COACHING', '2025-03-04');
  // 5: waiting for review
  await insertCase({ assetId: b, eventType: 'HARSH_BRAKE', status: 'NEEDS_REVIEW' });

  // d1 drove 100 km with 4 harsh brakes in the month before their coaching (3 March), none after
  await drivingDay(a, d1, '2025-02-20', 4);
  await drivingDay(a, d1, '2025-03-20', 0);
}, 60_000);
afterAll(() => t.close());

const report = (
  caller: string,
  organisationId: number,
  query: object = { from: FROM, until: UNTIL },
) =>
  t.as(caller, {
    method: 'GET',
    url: `/api/organisations/${organisationId}/safety/coaching-report`,
    query: query as Record<string, string>,
  });

describe('GET organisations/{id}/safety/coaching-report', () => {
  let body: CoachingReport;
  beforeAll(async () => {
    const response = await report('manager', org);
    expect(response.statusCode, response.body).toBe(200);
    body = response.json<CoachingReport>();
  });

  it('counts the cases per status and type', () => {
    expect(body.counts).toEqual({
      NEEDS_REVIEW: 1,
      DISMISSED: 1,
      NEEDS_COACHING: 1,
      COACHED: 2,
      RECOGNISED: 0,
      total: 5,
      overdue: 1,
      unacknowledged: 2,
    });
    expect(body.byType.map((r) => [r.eventType, r.total, r.DISMISSED, r.NEEDS_REVIEW])).toEqual([
      ['HARSH_BRAKE', 2, 1, 1],
      ['HARSH_ACCELERATION', 1, 0, 0],
      ['OVER_RPM_START', 1, 0, 0],
      ['OVER_SPEED_START', 1, 0, 0],
    ]);
  });

  it('takes the median time to review and to coach, and counts the late ones', () => {
    // reviews after 2, 4, 6 and 10 hours; coaching after 24 and 72 hours
    expect(body).toMatchObject({
      medianHoursToReview: 5,
      reviewed: 4,
      medianHoursToCoach: 48,
      coached: 2,
      coachedLate: 1,
      interval: 'DAY',
    });
  });

  it('follows the backlog day by day in the fleet’s zone', () => {
    expect(
      body.backlog.map((p) => [
        p.day,
        p.created,
        p.reviewed,
        p.coached,
        p.needsReview,
        p.needsCoaching,
        p.overdue,
      ]),
    ).toEqual([
      ['2025-03-01', 0, 0, 0, 0, 0, 0],
      ['2025-03-02', 5, 4, 0, 1, 3, 0],
      // 2 coached; 3 was due on the 3rd, which has ended
      ['2025-03-03', 0, 0, 1, 1, 2, 1],
      ['2025-03-04', 0, 0, 0, 1, 2, 2],
    ]);
    expect(body.backlog[0]).toMatchObject({
      from: '2025-02-28T23:00:00.000Z',
      until: '2025-03-01T23:00:00.000Z',
    });
  });

  it('compares each coached driver’s score before and after their first coaching', async () => {
    expect(body.drivers).toEqual([
      {
        driverId: d1,
        driverName: 'Sam Eerst',
        cases: 2,
        coached: 1,
        acknowledged: 1,
        coachedAt: hours(28).toISOString(),
        // 4 harsh brakes per 100 km: that part scores 25 (weight 3), the rest 100 (weight 10)
        // but cruise and coast (0, weight 1 each): (75 + 1000) / 15 = 71.7; after (300 + 1000) / 15
        scoreBefore: 71.7,
        scoreAfter: 86.7,
        distanceBefore: 100_000,
        distanceAfter: 100_000,
        daysAfter: 30,
      },
      {
        driverId: d2,
        driverName: 'Sam Tweede',
        cases: 1,
        coached: 1,
        acknowledged: 0,
        coachedAt: hours(78).toISOString(),
        scoreBefore: null,
        scoreAfter: null,
        distanceBefore: 0,
        distanceAfter: 0,
        daysAfter: 30,
      },
    ]);
    // the same figure as the driver report of the window
    const driverReport = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${org}/reports/drivers`,
      payload: {
        from: new Date(hours(28).getTime() - 30 * 86_400_000).toISOString(),
        until: hours(28).toISOString(),
        ids: [d1],
      },
    });
    const total =
      driverReport.json<Report>()[0]!.driverPeriodData![0]!.driverData[0]!.scoreData!.totalScore;
    expect(Math.round(total * 10) / 10).toBe(71.7);
  });

  it('answers the same as CSV, one table per section', async () => {
    const response = await t.as('manager', {
      method: 'GET',
      url: `/api/organisations/${org}/safety/coaching-report.csv`,
      query: { from: FROM, until: UNTIL },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="coaching-report-2025-02-28-2025-03-04.csv"',
    );
    const lines = response.body.split('\r\n');
    expect(lines).toContain('Median hours to review,5');
    expect(lines).toContain('Median hours to coach,48');
    expect(lines).toContain('Overdue now,1');
    expect(lines).toContain('2025-03-04,0,0,0,1,2,2');
    expect(lines).toContain(
      `Sam Eerst,${d1},2,1,1,${hours(28).toISOString()},71.7,86.7,15,100,100,30`,
    );
  });

  it('is not for drivers (403), nor outside the subtree (404)', async () => {
    const driver = await report('driver', org);
    expect(driver.statusCode).toBe(403);
    expect(driver.json()).toEqual({
      code: 'FORBIDDEN',
      message: 'The coaching report is for reviewers and coaches, not for drivers',
    });
    const outside = await report('manager', polderChild);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({
      code: 'NOT_FOUND',
      message: `Organisation ${polderChild} does not exist`,
    });
    const csv = await t.as('driver', {
      method: 'GET',
      url: `/api/organisations/${org}/safety/coaching-report.csv`,
      query: { from: FROM, until: UNTIL },
    });
    expect(csv.statusCode).toBe(403);
    expect((await report('oem', org)).statusCode).toBe(200);
    expect((await report('integrator', org)).statusCode).toBe(200);
  });

  it('refuses a bad period with 400 in words', async () => {
    const backwards = await report('manager', org, { from: UNTIL, until: FROM });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('from must be before until');
    const long = await report('manager', org, {
      from: '2024-01-01T00:00:00Z',
      until: '2025-03-01T00:00:00Z',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('a coaching report covers at most 400 days');
    expect((await report('manager', org, { from: 'yesterday', until: UNTIL })).statusCode).toBe(
      400,
    );
    expect((await report('manager', org, { from: FROM })).statusCode).toBe(400);
  });

  it('goes by week over a longer period', async () => {
    const response = await report('manager', org, {
      from: '2025-02-03T00:00:00+01:00',
      until: '2025-04-07T00:00:00+02:00',
    });
    const weekly = response.json<CoachingReport>();
    expect(weekly.interval).toBe('WEEK');
    expect(weekly.backlog.map((p) => p.day).slice(0, 2)).toEqual(['2025-02-03', '2025-02-10']);
    expect(weekly.counts.total).toBe(5);
  });
});
