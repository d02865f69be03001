import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem, MySafety, SafetyCase, SafetyCaseDetail } from '@fleet/contract';
import { fleetSeed } from '../../test/fleet-seed.js';
import { multipart, testMp4 } from '../../test/media-test-files.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * My safety (issue 20 §4): the demo driver account, linked to its driver record through the
 * user's edit, sees its own cases, coaching to acknowledge and weekly score; never another
 * driver's case or clip.
 */
let t: TestApp;
let demo: number;
let own: number;
let other: number;
let driverUser: number;
const credentials: Record<'own' | 'other', string> = { own: '', other: '' };

// A trip each, on 2026-11-10 (Amsterdam, UTC+1): two harsh brakes and a harsh acceleration.
const at = (hhmm: string) => `2026-11-10T${hhmm}:00+01:00`;
const record = (hhmm: string, transferReason: string, km: number, eventType?: string) => ({
  timestamp: at(hhmm),
  transferReason,
  location: { latitude: 5200000 + km * 100, longitude: 480000 + km * 100 },
  speed: 50 + km,
  odometer: 1_000_000 + km * 1000,
  drivingTime: km * 60,
  ...(eventType ? { events: [{ eventType }] } : {}),
});
const TRIP = [
  record('08:00', 'TRIP_START', 0),
  record('08:10', 'EVENTS', 10, 'HARSH_BRAKE'),
  record('08:20', 'EVENTS', 20, 'HARSH_ACCELERATION'),
  record('08:30', 'EVENTS', 30, 'HARSH_BRAKE'),
  record('09:00', 'TRIP_STOP', 60),
];

const asDevice = (credential: string, options: object) =>
  t.app.inject({
    ...options,
    headers: {
      ...(options as { headers?: object }).headers,
      authorization: `Bearer ${credential}`,
    },
  } as never);

async function vehicle(seed: ReturnType<typeof fleetSeed>, lastName: string) {
  const asset = await seed.asset(demo);
  const driver = await seed.driver(demo, lastName);
  const device = await seed.device(demo);
  await seed.deviceLink(asset.id, device.id, '2026-11-01T00:00:00Z');
  await seed.driverLink(asset.id, driver.id, '2026-11-01T00:00:00Z');
  const sent = await asDevice(device.credential, {
    method: 'POST',
    url: '/device-api/v1/records',
    payload: { records: TRIP },
  });
  expect(sent.statusCode, sent.body).toBeLessThan(300);
  // a clip of the first harsh brake
  const clip = multipart(
    { timestamp: at('08:10'), camera: 1, transferReason: 'HARSH_BRAKE' },
    { filename: 'brake.mp4', contentType: 'video/mp4', data: await testMp4() },
  );
  const uploaded = await asDevice(device.credential, {
    method: 'POST',
    url: '/device-api/v1/media',
    payload: clip.payload,
    headers: clip.headers,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  return { driver: driver.id, credential: device.credential, clip: uploaded.json<MediaItem>() };
}

const my = async (user = 'driver') => {
  const response = await t.as(user, { method: 'GET', url: '/api/safety/my' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MySafety>();
};
const cases = async (user: string, query: Record<string, string> = {}) => {
  const response = await t.as(user, {
    method: 'GET',
    url: `/api/organisations/${demo}/safety/cases`,
    query: { limit: '100', ...query },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SafetyCase[]>();
};
const act = (user: string, id: number, payload: object) =>
  t.as(user, { method: 'POST', url: `/api/safety/cases/${id}/actions`, payload });

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.organisationId('Demo Transport');
  const seed = fleetSeed(t);
  const a = await vehicle(seed, 'Eigen');
  const b = await vehicle(seed, 'Ander');
  own = a.driver;
  other = b.driver;
  credentials.own = a.credential;
  credentials.other = b.credential;
  await t.app.services.engine.drain();
  const users = await t.db.selectFrom('users').select(['id', 'username']).execute();
  driverUser = users.find((u) => u.username === 'driver')!.id;
}, 120_000);
afterAll(() => t.close());

describe('GET safety/my', () => {
  it('is empty for a DRIVER not yet linked to a driver record', async () => {
    const page = await my();
    expect(page).toMatchObject({
      driver: null,
      organisationId: demo,
      counts: { total: 0 },
      toAcknowledge: [],
      scoreTrend: [],
    });
    // and the inbox shows such a driver nothing
    expect(await cases('driver')).toEqual([]);
  });

  it('shows the linked driver’s own cases, coaching to acknowledge and weekly score', async () => {
    const linked = await t.as('manager', {
      method: 'PUT',
      url: `/api/users/${driverUser}`,
      payload: { driverId: own },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const mine = (await cases('manager')).filter((c) => c.driverId === own);
    expect(mine).toHaveLength(3);
    const brake = mine.find((c) => c.eventType === 'HARSH_BRAKE' && c.hasClip)!;
    expect((await act('manager', brake.id, { action: 'COACH' })).statusCode).toBe(200);
    const page = await my();
    expect(page.driver).toEqual({ id: own, name: 'Sam Eigen' });
    expect(page.counts).toMatchObject({ total: 3, NEEDS_REVIEW: 2, NEEDS_COACHING: 1 });
    expect(page.toAcknowledge.map((c) => c.id)).toEqual([brake.id]);
    expect(page.scoreTrend.length).toBeGreaterThanOrEqual(12);
    expect(page.scoreTrend.at(-1)!.until > page.scoreTrend[0]!.from).toBe(true);

    // the driver acknowledges it: it leaves the list, the manager sees when
    expect((await act('driver', brake.id, { action: 'ACKNOWLEDGE' })).statusCode).toBe(200);
    expect((await my()).toAcknowledge).toEqual([]);
    const seen = (await cases('manager')).find((c) => c.id === brake.id)!;
    expect(seen.acknowledgedAt).not.toBeNull();
  });

  it('a driver sees only their own cases, never another driver’s case or clip', async () => {
    const listed = await cases('driver');
    expect(listed.length).toBe(3);
    expect(listed.every((c) => c.driverId === own)).toBe(true);
    // asking for another driver's cases by filter gives nothing
    expect(await cases('driver', { driverId: String(other) })).toEqual([]);
    const theirs = (await cases('manager')).find((c) => c.driverId === other && c.hasClip)!;
    const refused = await t.as('driver', { method: 'GET', url: `/api/safety/cases/${theirs.id}` });
    expect([403, 404]).toContain(refused.statusCode);
    expect(refused.body).not.toContain('mp4');
    expect(
      (await act('driver', theirs.id, { action: 'ACKNOWLEDGE' })).statusCode,
    ).toBeGreaterThanOrEqual(403);
    // the own case's clip is there while the organisation allows it
    const mine = listed.find((c) => c.hasClip)!;
    const detail = await t.as('driver', { method: 'GET', url: `/api/safety/cases/${mine.id}` });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<SafetyCaseDetail>().media.map((m) => m.mimeType)).toEqual(['video/mp4']);
  });

  it('hides the driver’s own clips when the organisation does not show them', async () => {
    const settings = await t.as('manager', {
      method: 'GET',
      url: `/api/organisations/${demo}/safety/settings`,
    });
    const saved = await t.as('manager', {
      method: 'PUT',
      url: `/api/organisations/${demo}/safety/settings`,
      payload: { ...settings.json(), driversSeeClips: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await my()).driversSeeClips).toBe(false);
    const mine = (await cases('driver')).find((c) => c.hasClip)!;
    const detail = await t.as('driver', { method: 'GET', url: `/api/safety/cases/${mine.id}` });
    expect(detail.json<SafetyCaseDetail>().media).toEqual([]);
    await t.as('manager', {
      method: 'PUT',
      url: `/api/organisations/${demo}/safety/settings`,
      payload: settings.json(),
    });
  });

  it('is the page of a DRIVER: 403 for other roles, 401 without a session', async () => {
    for (const user of ['manager', 'oem', 'integrator']) {
      const response = await t.as(user, { method: 'GET', url: '/api/safety/my' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        code: 'FORBIDDEN',
        message: 'My safety is the page of a DRIVER user; reviewers use the Safety inbox',
      });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/safety/my' })).statusCode).toBe(401);
  });
});
