import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FootageAuditEntry,
  MediaItem,
  MediaLinks,
  SafetyBulkResult,
  SafetyCase,
  SafetyCaseCounts,
  SafetyCaseDetail,
  SafetySettings,
} from '@fleet/contract';
import { fleetSeed } from '../../test/fleet-seed.js';
import { multipart, testJpeg } from '../../test/media-test-files.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Safety cases through the API on a real database: made from the engine's events once, kept
 * through re-processing, moved by the status machine with history, refused in words, acted on
 * in bulk all-or-nothing, seen by whom the access rules say, their footage audited.
 */
let t: TestApp;
let demo: number;
let polder: number;
let assetId: number;
let driverId: number;
let otherDriverId: number;
let credential: string;
let polderCase: number;

// A trip on 2026-11-10 (Amsterdam, UTC+1) with four events, three of the default case types.
const at = (hhmm: string, day = '2026-11-10') => `${day}T${hhmm}:00+01:00`;
const record = (hhmm: string, transferReason: string, km: number, extra: object = {}) => ({
  timestamp: at(hhmm),
  transferReason,
  location: { latitude: 5200000 + km * 100, longitude: 480000 + km * 100 },
  speed: 50 + km,
  odometer: 1_000_000 + km * 1000,
  drivingTime: km * 60,
  ...extra,
});
const events = (...types: string[]) => ({ events: types.map((eventType) => ({ eventType })) });
const TRIP = [
  record('08:00', 'TRIP_START', 0),
  record('08:10', 'EVENTS', 10, events('HARSH_BRAKE')),
  record('08:20', 'EVENTS', 20, events('HARSH_ACCELERATION', 'IDLE_START')),
  record('08:30', 'EVENTS', 30, events('OVER_SPEED_START')),
  record('08:40', 'EVENTS', 40, events('HARSH_BRAKE')),
  record('08:50', 'EVENTS', 50, events('HARSH_BRAKE')),
  record('09:00', 'TRIP_STOP', 60),
];

const send = async (records: unknown[], device = credential) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/device-api/v1/records',
    headers: { authorization: `Bearer ${device}` },
    payload: { records },
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  await t.app.services.engine.drain();
};

const list = async (user: string, query: Record<string, string> = {}, org = demo) => {
  const response = await t.as(user, {
    method: 'GET',
    url: `/api/organisations/${org}/safety/cases`,
    query: { limit: '100', ...query },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { cases: response.json<SafetyCase[]>(), total: Number(response.headers['x-total-count']) };
};
const caseOf = async (type: string, time: string) =>
  (await list('manager')).cases.find((c) => c.eventType === type && c.eventTime === time)!;
const act = (user: string, id: number, payload: object) =>
  t.as(user, { method: 'POST', url: `/api/safety/cases/${id}/actions`, payload });
const detail = async (user: string, id: number) => {
  const response = await t.as(user, { method: 'GET', url: `/api/safety/cases/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SafetyCaseDetail>();
};
const iso = (hhmm: string) => new Date(at(hhmm)).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.organisationId('Demo Transport');
  polder = await t.organisationId('Polder Logistics');
  const seed = fleetSeed(t);
  assetId = (await seed.asset(demo, 'Truck 20')).id;
  driverId = (await seed.driver(demo, 'Veilig')).id;
  otherDriverId = (await seed.driver(demo, 'Ander')).id;
  const device = await seed.device(demo, 'FW-200020');
  credential = device.credential;
  await seed.deviceLink(assetId, device.id, '2026-11-01T00:00:00Z');
  await seed.driverLink(assetId, driverId, '2026-11-01T00:00:00Z');
  await send(TRIP);
  // The demo driver account is Veilig's (h-coaching adds the screen that sets it).
  await t.db
    .updateTable('users')
    .set({ driver_id: driverId })
    .where('username', '=', 'driver')
    .execute();
  // A case of another organisation.
  const polderAsset = (await seed.asset(polder)).id;
  const polderDevice = await seed.device(polder);
  await seed.deviceLink(polderAsset, polderDevice.id, '2026-11-01T00:00:00Z');
  await send(
    [record('10:00', 'TRIP_START', 0), record('10:05', 'EVENTS', 5, events('HARSH_BRAKE'))],
    polderDevice.credential,
  );
  polderCase = (await list('oem', {}, polder)).cases[0]!.id;
}, 120_000);
afterAll(() => t.close());

describe('cases from events', () => {
  it('makes a case of each event of the chosen types, with its driver, place and speed', async () => {
    const { cases, total } = await list('manager');
    expect(total).toBe(5);
    expect(cases.map((c) => c.eventType).sort()).toEqual([
      'HARSH_ACCELERATION',
      'HARSH_BRAKE',
      'HARSH_BRAKE',
      'HARSH_BRAKE',
      'OVER_SPEED_START',
    ]);
    const brake = await caseOf('HARSH_BRAKE', iso('08:10'));
    expect(brake).toMatchObject({
      assetId,
      assetName: 'Truck 20',
      driverId,
      driverName: 'Sam Veilig',
      status: 'NEEDS_REVIEW',
      location: { latitude: 5201000, longitude: 481000 },
      speed: 60,
      mediaCount: 0,
      hasClip: false,
    });
    const page = await detail('manager', brake.id);
    expect(page.history).toMatchObject([
      { action: 'CREATED', toStatus: 'NEEDS_REVIEW', userId: null },
    ]);
    expect(page.allowedActions).toEqual(['DISMISS', 'COACH', 'RECOGNISE']);
  });

  it('keeps every case, its id, status and history when the day is processed again, twice', async () => {
    const brake = await caseOf('HARSH_BRAKE', iso('08:40'));
    expect(
      (await act('manager', brake.id, { action: 'RECOGNISE', text: 'well anticipated' }))
        .statusCode,
    ).toBe(200);
    const before = await list('manager');
    const historyBefore = await detail('manager', brake.id);
    for (let i = 0; i < 2; i++) {
      await t.app.services.engine.requeueAssetDay(assetId, new Date(at('08:40')));
      expect(await t.app.services.engine.drain()).toBe(1);
    }
    const after = await list('manager');
    expect(after.cases.map((c) => [c.id, c.status])).toEqual(
      before.cases.map((c) => [c.id, c.status]),
    );
    const historyAfter = await detail('manager', brake.id);
    expect(historyAfter.history).toEqual(historyBefore.history);
    expect(historyAfter.status).toBe('RECOGNISED');
  });
});

describe('the status machine through the API', () => {
  it('dismisses with a reason, queues the day for the scores, and undoes with a reason', async () => {
    const c = await caseOf('HARSH_BRAKE', iso('08:10'));
    const dismissed = await act('manager', c.id, {
      action: 'DISMISS',
      reason: 'FALSE_POSITIVE',
      text: 'pothole',
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json<SafetyCaseDetail>()).toMatchObject({
      status: 'DISMISSED',
      dismissalReason: 'FALSE_POSITIVE',
      allowedActions: ['UNDO'],
    });
    const queued = await t.db
      .selectFrom('engine_queue')
      .selectAll()
      .where('asset_id', '=', assetId)
      .execute();
    expect(
      queued.map((q) => new Date(q.day as unknown as Date).toISOString().slice(0, 10)),
    ).toEqual(['2026-11-10']);
    await t.app.services.engine.drain();

    const undone = await act('manager', c.id, {
      action: 'UNDO',
      text: 'the clip shows a real brake',
    });
    expect(undone.statusCode, undone.body).toBe(200);
    const page = undone.json<SafetyCaseDetail>();
    expect(page).toMatchObject({ status: 'NEEDS_REVIEW', dismissalReason: null });
    expect(
      page.history.map((h) => [h.action, h.fromStatus, h.toStatus, h.userName, !!h.undoneAt]),
    ).toEqual([
      ['CREATED', null, 'NEEDS_REVIEW', null, false],
      ['DISMISS', 'NEEDS_REVIEW', 'DISMISSED', 'Marit de Vries', true],
      ['UNDO', 'DISMISSED', 'NEEDS_REVIEW', 'Marit de Vries', false],
    ]);
    expect(page.history[2]!.text).toBe('the clip shows a real brake');
    expect(
      await t.db.selectFrom('engine_queue').select('day').where('asset_id', '=', assetId).execute(),
    ).toHaveLength(1);
    await t.app.services.engine.drain();
  });

  it('coaches (default coach and due date), marks coached, the driver acknowledges, undo steps back', async () => {
    const c = await caseOf('HARSH_ACCELERATION', iso('08:20'));
    const coached = await act('manager', c.id, { action: 'COACH' });
    expect(coached.statusCode, coached.body).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: t.config.timezone }).format(
      new Date(),
    );
    const due = new Date(`${today}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 14);
    expect(coached.json<SafetyCaseDetail>()).toMatchObject({
      status: 'NEEDS_COACHING',
      coachName: 'Marit de Vries',
      dueDate: due.toISOString().slice(0, 10),
      overdue: false,
    });
    const reassigned = await act('manager', c.id, { action: 'REASSIGN', dueDate: '2099-01-01' });
    expect(reassigned.json<SafetyCaseDetail>()).toMatchObject({
      status: 'NEEDS_COACHING',
      dueDate: '2099-01-01',
    });
    const done = await act('manager', c.id, {
      action: 'COACHED',
      method: 'IN_PERSON',
      notes: 'talked',
    });
    expect(done.json<SafetyCaseDetail>()).toMatchObject({
      status: 'COACHED',
      coachingMethod: 'IN_PERSON',
    });

    // acknowledging is the driver's: the manager is refused, the driver may, once
    expect((await act('manager', c.id, { action: 'ACKNOWLEDGE' })).json()).toEqual({
      code: 'FORBIDDEN',
      message: 'Only the driver of the case acknowledges it',
    });
    const acknowledged = await act('driver', c.id, { action: 'ACKNOWLEDGE', text: 'understood' });
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    expect(acknowledged.json<SafetyCaseDetail>().acknowledgedAt).not.toBeNull();
    const again = await act('driver', c.id, { action: 'ACKNOWLEDGE' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'CONFLICT',
      message: 'The driver has acknowledged the case already',
    });

    const back = await act('manager', c.id, { action: 'UNDO', text: 'notes on the wrong case' });
    expect(back.json<SafetyCaseDetail>()).toMatchObject({
      status: 'NEEDS_COACHING',
      coachedAt: null,
      coachingMethod: null,
      dueDate: '2099-01-01',
    });
    const start = await act('manager', c.id, { action: 'UNDO', text: 'review again' });
    expect(start.json<SafetyCaseDetail>()).toMatchObject({
      status: 'NEEDS_REVIEW',
      coachUserId: null,
      dueDate: null,
      acknowledgedAt: null,
    });
    const none = await act('manager', c.id, { action: 'UNDO', text: 'once more' });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ code: 'CONFLICT', message: 'The case has no change to undo' });
  });

  it.each([
    [
      { action: 'COACHED', method: 'CALL' },
      409,
      'The case needs review: only a case that needs coaching can be marked coached',
    ],
    [
      { action: 'REASSIGN', dueDate: '2099-01-01' },
      409,
      'The case needs review: only a case that needs coaching can get another coach or due date',
    ],
    [{ action: 'DISMISS' }, 400, 'DISMISS needs a reason'],
    [
      { action: 'DISMISS', reason: 'OTHER' },
      400,
      'A dismissal for another reason (OTHER) needs a text that says it',
    ],
    [{ action: 'COACH', dueDate: '2000-01-01' }, 400, /^dueDate 2000-01-01 lies before today/],
    [{ action: 'COACH', coachUserId: 999999 }, 400, /^User 999999 cannot coach these cases/],
    [{ action: 'UNDO' }, 400, 'UNDO needs a reason (text)'],
    [{ action: 'RECOGNISE', method: 'CALL' }, 400, 'RECOGNISE does not take method'],
    [{ action: 'FLY' }, 400, /action/],
  ])('refuses %j with %i in words', async (payload, status, message) => {
    const c = await caseOf('OVER_SPEED_START', iso('08:30'));
    const response = await act('manager', c.id, payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toMatch(message);
    expect((await detail('manager', c.id)).history).toHaveLength(1);
  });

  it('refuses a coach who cannot see the case (a driver, or a user of another organisation)', async () => {
    const c = await caseOf('OVER_SPEED_START', iso('08:30'));
    const users = await t.db.selectFrom('users').select(['id', 'username']).execute();
    const driverUser = users.find((u) => u.username === 'driver')!.id;
    const response = await act('manager', c.id, { action: 'COACH', coachUserId: driverUser });
    expect(response.statusCode).toBe(400);
    const coaches = await t.as('manager', {
      method: 'GET',
      url: `/api/organisations/${demo}/safety/coaches`,
    });
    expect(
      coaches
        .json<{ userName: string }[]>()
        .map((u) => u.userName)
        .sort(),
    ).toEqual(['integrator', 'manager']);
  });
});

describe('who sees and acts on which case', () => {
  it('answers another organisation’s case as missing', async () => {
    for (const path of ['', '/minute']) {
      const response = await t.as('manager', {
        method: 'GET',
        url: `/api/safety/cases/${polderCase}${path}`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        code: 'NOT_FOUND',
        message: `Safety case ${polderCase} does not exist`,
      });
    }
    const acted = await act('manager', polderCase, { action: 'DISMISS', reason: 'FALSE_POSITIVE' });
    expect(acted.statusCode).toBe(404);
    expect((await detail('oem', polderCase)).status).toBe('NEEDS_REVIEW');
  });

  it('shows a driver their own cases only, and refuses them every review action', async () => {
    const mine = await list('driver');
    expect(mine.total).toBe(5);
    expect(mine.cases.every((c) => c.driverId === driverId)).toBe(true);
    const c = mine.cases[0]!;
    expect((await detail('driver', c.id)).allowedActions).toEqual([]);
    const dismissed = await act('driver', c.id, { action: 'DISMISS', reason: 'FALSE_POSITIVE' });
    expect(dismissed.statusCode).toBe(403);
    expect(dismissed.json().message).toBe('Drivers do not review cases or change their settings');
    // another driver's case: 403, and not in the list
    await t.db
      .updateTable('users')
      .set({ driver_id: otherDriverId })
      .where('username', '=', 'driver')
      .execute();
    try {
      expect((await list('driver')).total).toBe(0);
      const other = await t.as('driver', { method: 'GET', url: `/api/safety/cases/${c.id}` });
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe('Drivers see their own cases only');
    } finally {
      await t.db
        .updateTable('users')
        .set({ driver_id: driverId })
        .where('username', '=', 'driver')
        .execute();
    }
  });

  it('lets the driver and reviewers comment; nobody else', async () => {
    const c = await caseOf('HARSH_BRAKE', iso('08:50'));
    for (const user of ['manager', 'driver']) {
      const response = await t.as(user, {
        method: 'POST',
        url: `/api/safety/cases/${c.id}/comments`,
        payload: { text: `note by ${user}` },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const blank = await t.as('manager', {
      method: 'POST',
      url: `/api/safety/cases/${c.id}/comments`,
      payload: { text: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    const page = await detail('manager', c.id);
    expect(page.comments.map((k) => [k.userName, k.text])).toEqual([
      ['Marit de Vries', 'note by manager'],
      ['Daan Bakker', 'note by driver'],
    ]);
  });
});

describe('bulk actions', () => {
  it('applies to all or to none, saying which refused and why', async () => {
    const { cases } = await list('manager', { status: 'NEEDS_REVIEW' });
    const ids = cases.map((c) => c.id);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const recognised = (await list('manager', { status: 'RECOGNISED' })).cases[0]!.id;
    const bulk = (caseIds: number[]) =>
      t.as('manager', {
        method: 'POST',
        url: `/api/organisations/${demo}/safety/cases/bulk`,
        payload: { caseIds, action: 'DISMISS', reason: 'DEVICE_FAULT' },
      });
    const refused = await bulk([...ids, recognised, polderCase]);
    expect(refused.statusCode).toBe(200);
    expect(refused.json<SafetyBulkResult>()).toEqual({
      applied: 0,
      refusals: [
        {
          caseId: recognised,
          code: 'CONFLICT',
          message: `Safety case ${recognised}: The case is recognised: only a case that needs review can be dismissed`,
        },
        {
          caseId: polderCase,
          code: 'NOT_FOUND',
          message: `Safety case ${polderCase} does not exist`,
        },
      ],
    });
    expect((await list('manager', { status: 'NEEDS_REVIEW' })).total).toBe(ids.length);
    const applied = await bulk(ids);
    expect(applied.json<SafetyBulkResult>()).toEqual({ applied: ids.length, refusals: [] });
    const counts = await t.as('manager', {
      method: 'GET',
      url: `/api/organisations/${demo}/safety/counts`,
    });
    expect(counts.json<SafetyCaseCounts>()).toMatchObject({
      NEEDS_REVIEW: 0,
      DISMISSED: ids.length,
      total: 5,
    });
    // and back, all at once
    const undone = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${demo}/safety/cases/bulk`,
      payload: { caseIds: ids, action: 'UNDO', text: 'review again' },
    });
    expect(undone.json<SafetyBulkResult>()).toEqual({ applied: ids.length, refusals: [] });
    await t.app.services.engine.drain();
  });

  it('refuses a driver a bulk review action (403)', async () => {
    const response = await t.as('driver', {
      method: 'POST',
      url: `/api/organisations/${demo}/safety/cases/bulk`,
      payload: { caseIds: [1], action: 'RECOGNISE' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('the inbox', () => {
  it('sorts attention first, filters, pages by 10 with the total, and gives neighbours', async () => {
    const { cases } = await list('manager');
    const order = cases.map((c) => c.status);
    expect(order.indexOf('RECOGNISED')).toBeGreaterThan(order.lastIndexOf('NEEDS_REVIEW'));
    const brakes = await list('manager', { eventType: 'HARSH_BRAKE' });
    expect(brakes.total).toBe(3);
    const page = await list('manager', { limit: '2', offset: '2' });
    expect(page.cases).toHaveLength(2);
    expect(page.total).toBe(5);
    expect(page.cases.map((c) => c.id)).toEqual(cases.slice(2, 4).map((c) => c.id));
    const middle = await detail('manager', cases[2]!.id);
    expect([middle.previousId, middle.nextId]).toEqual([cases[1]!.id, cases[3]!.id]);
    const period = await list('manager', { from: at('08:15'), until: at('08:35') });
    expect(period.total).toBe(2);
    expect((await list('manager', { hasClip: 'true' })).total).toBe(0);
  });
});

describe('the inbox order on many cases', () => {
  it('pages attention first exactly as one sort of every case would', async () => {
    const assetOf = (await fleetSeed(t).asset(polder)).id;
    const statuses = ['NEEDS_REVIEW', 'DISMISSED', 'NEEDS_COACHING', 'COACHED', 'RECOGNISED'];
    // 75 cases: every status, due dates past, today, ahead and none, coached with and without
    // acknowledgement, on 20 days (the order within a rank is the event's time).
    const rows = Array.from({ length: 75 }, (_, i) => ({
      organisation_id: polder,
      asset_id: assetOf,
      event_time: new Date(Date.UTC(2026, 9, 1 + (i % 20), 6, Math.floor(i / 20))),
      event_type: i % 2 ? 'HARSH_BRAKE' : 'HARSH_ACCELERATION',
      status: statuses[i % 5]!,
      due_date: i % 5 === 2 ? [null, '2026-01-05', '2099-01-05', '2026-11-26'][i % 4]! : null,
      acknowledged_at: i % 5 === 3 && i % 2 ? new Date('2026-11-01T00:00:00Z') : null,
    }));
    await t.db.insertInto('safety_cases').values(rows).execute();
    const { rows: sorted } = await sql<{ id: number }>`
      SELECT c.id FROM safety_cases c
       CROSS JOIN (SELECT (now() AT TIME ZONE 'Europe/Amsterdam')::date AS d) today
       WHERE c.organisation_id = ${polder}
       ORDER BY CASE WHEN c.status = 'NEEDS_COACHING' AND c.due_date < today.d THEN 0
                     WHEN c.status = 'NEEDS_REVIEW' THEN 1 WHEN c.status = 'NEEDS_COACHING' THEN 2
                     WHEN c.status = 'COACHED' AND c.acknowledged_at IS NULL THEN 3 ELSE 4 END,
                CASE WHEN c.status = 'NEEDS_COACHING' THEN c.due_date END ASC NULLS LAST,
                c.event_time DESC, c.id DESC`.execute(t.db);
    const paged: number[] = [];
    for (let offset = 0; offset < sorted.length; offset += 10) {
      const page = await list('oem', { limit: '10', offset: String(offset) }, polder);
      expect(page.total).toBe(sorted.length);
      paged.push(...page.cases.map((c) => Number(c.id)));
    }
    expect(paged).toEqual(sorted.map((r) => Number(r.id)));
  });
});

describe('settings', () => {
  it('answers the defaults, changes them, and new events of a chosen type become cases', async () => {
    const url = `/api/organisations/${demo}/safety/settings`;
    const defaults = await t.as('manager', { method: 'GET', url });
    expect(defaults.json<SafetySettings>()).toEqual({
      caseEventTypes: ['HARSH_BRAKE', 'HARSH_ACCELERATION', 'OVER_SPEED_START', 'OVER_RPM_START'],
      dueDays: 14,
      driversSeeClips: true,
      requestClips: true,
      groupCoaches: [],
    });
    const group = await fleetSeed(t).group(demo);
    const manager = (
      await t.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'manager')
        .executeTakeFirstOrThrow()
    ).id;
    const changed: SafetySettings = {
      caseEventTypes: ['HARSH_BRAKE', 'IDLE_START'],
      dueDays: 7,
      driversSeeClips: false,
      requestClips: false,
      groupCoaches: [{ groupId: group.id, coachUserId: manager }],
    };
    const saved = await t.as('manager', { method: 'PUT', url, payload: changed });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(changed);
    expect((await t.as('driver', { method: 'GET', url })).statusCode).toBe(403);
    const polderGroup = await fleetSeed(t).group(polder);
    const foreign = await t.as('manager', {
      method: 'PUT',
      url,
      payload: { ...changed, groupCoaches: [{ groupId: polderGroup.id, coachUserId: manager }] },
    });
    expect(foreign.statusCode).toBe(404);
    // the IDLE_START of 08:20 is a case once its day is processed again
    await t.app.services.engine.requeueAssetDay(assetId, new Date(at('08:20')));
    await t.app.services.engine.drain();
    expect((await list('manager', { eventType: 'IDLE_START' })).total).toBe(1);
    // drivers no longer see clips: their case page has no media
    await t.as('manager', {
      method: 'PUT',
      url,
      payload: { ...changed, caseEventTypes: ['HARSH_BRAKE'] },
    });
  });
});

describe('the footage audit', () => {
  let mediumId: number;
  let caseId: number;

  beforeAll(async () => {
    const body = multipart(
      { timestamp: at('08:50'), camera: 1, transferReason: 'HARSH_BRAKE' },
      { filename: 'brake.jpg', contentType: 'image/jpeg', data: await testJpeg() },
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/device-api/v1/media',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${credential}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    mediumId = uploaded.json<MediaItem>().id;
    caseId = (await caseOf('HARSH_BRAKE', iso('08:50'))).id;
    await t.as('manager', {
      method: 'PUT',
      url: `/api/organisations/${demo}/safety/settings`,
      payload: {
        caseEventTypes: ['HARSH_BRAKE'],
        dueDays: 14,
        driversSeeClips: true,
        requestClips: false,
        groupCoaches: [],
      },
    });
  });

  it('gives the case its event’s pictures', async () => {
    const page = await detail('manager', caseId);
    expect(page.media.map((m) => m.id)).toEqual([mediumId]);
    expect(page).toMatchObject({ mediaCount: 1, hasClip: false });
  });

  it('records a view through a case’s link and a download, shows them to managers only', async () => {
    const links = await t.as('manager', {
      method: 'GET',
      url: `/api/media/${mediumId}/links`,
      query: { caseId: String(caseId) },
    });
    expect(links.statusCode, links.body).toBe(200);
    const { inline, download } = links.json<MediaLinks>();
    const shown = await t.app.inject({ method: 'GET', url: inline });
    expect(shown.statusCode).toBe(200);
    // a second request of the same look within the minute is the same look
    await t.app.inject({ method: 'GET', url: inline });
    expect((await t.app.inject({ method: 'GET', url: download })).statusCode).toBe(200);
    const direct = await t.as('driver', { method: 'GET', url: `/api/media/${mediumId}/download` });
    expect(direct.statusCode).toBe(200);

    const audit = await t.as('manager', { method: 'GET', url: `/api/media/${mediumId}/audit` });
    expect(audit.statusCode, audit.body).toBe(200);
    const entries = audit.json<FootageAuditEntry[]>();
    expect(entries.map((e) => [e.userName, e.action, e.caseId]).sort()).toEqual(
      [
        ['Daan Bakker', 'DOWNLOAD', null],
        ['Marit de Vries', 'DOWNLOAD', caseId],
        ['Marit de Vries', 'VIEW', caseId],
      ].sort(),
    );
    expect((await detail('manager', caseId)).audit).toHaveLength(3);
    expect((await detail('driver', caseId)).audit).toEqual([]);
    const refused = await t.as('driver', { method: 'GET', url: `/api/media/${mediumId}/audit` });
    expect(refused.statusCode).toBe(403);
    const elsewhere = await t.as('oem', { method: 'GET', url: `/api/media/999999/audit` });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('shows a driver the media of their case only when the organisation lets them', async () => {
    expect((await detail('driver', caseId)).media).toHaveLength(1);
    await t.as('manager', {
      method: 'PUT',
      url: `/api/organisations/${demo}/safety/settings`,
      payload: {
        caseEventTypes: ['HARSH_BRAKE'],
        dueDays: 14,
        driversSeeClips: false,
        requestClips: false,
        groupCoaches: [],
      },
    });
    expect((await detail('driver', caseId)).media).toEqual([]);
    expect((await detail('manager', caseId)).media).toHaveLength(1);
  });
});

describe('retention of a case’s footage', () => {
  it('keeps the footage of an open case past the retention, and lets a dismissed one’s go', async () => {
    const c = await caseOf('HARSH_BRAKE', iso('08:50'));
    expect(c.status).toBe('NEEDS_REVIEW');
    expect(c.mediaCount).toBe(1);
    await sql`
      INSERT INTO organisation_settings (organisation_id, media_retention_days) VALUES (${demo}, 7)
      ON CONFLICT (organisation_id) DO UPDATE SET media_retention_days = 7`.execute(t.db);
    expect(await t.app.services.media.runRetention()).toBe(0);
    const [medium] = (await detail('manager', c.id)).media;
    expect(medium).toBeDefined();
    await act('manager', c.id, { action: 'DISMISS', reason: 'DEVICE_FAULT' });
    expect(await t.app.services.media.runRetention()).toBe(1);
    expect((await detail('manager', c.id)).media).toEqual([]);
    // the audit of the footage outlives it
    const audit = await t.as('manager', { method: 'GET', url: `/api/media/${medium!.id}/audit` });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json<FootageAuditEntry[]>()).toHaveLength(3);
  });
});
