import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_AUTOMATIC_CLIPS_PER_DAY,
  type SafetyCase,
  type SafetyCaseCounts,
  type SafetyCaseDetail,
} from '@fleet/contract';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { DemoSafety } from '../demo/index.js';
import { ClipsRepository, clipDecision, SafetyClips } from './index.js';

const NOW = new Date('2026-11-26T12:00:00Z');
const candidate = (over: object = {}) => ({
  id: 1,
  organisation_id: 1,
  asset_id: 1,
  event_time: new Date(NOW.getTime() - 3_600_000),
  has_clip: false,
  request_clips: true,
  ...over,
});

describe('whether a case asks for a clip', () => {
  it.each([
    [{}, 0, 'request'],
    [{ request_clips: false }, 0, 'off'],
    [{ has_clip: true }, 0, 'has clip'],
    [{ event_time: new Date(NOW.getTime() - 25 * 3_600_000) }, 0, 'too old'],
    [{}, MAX_AUTOMATIC_CLIPS_PER_DAY, 'limit'],
    [{}, MAX_AUTOMATIC_CLIPS_PER_DAY - 1, 'request'],
  ] as const)('%j with %i asked today → %s', (over, today, decision) => {
    expect(clipDecision(candidate(over), NOW, today)).toBe(decision);
  });
});

let t: TestApp;
let demo: number;

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.organisationId('Demo Transport');
}, 60_000);
afterAll(() => t.close());

/** A vehicle with its device and driver, fitted from two days ago. */
const vehicle = async () => {
  const seed = fleetSeed(t);
  const asset = await seed.asset(demo);
  const driver = await seed.driver(demo);
  const device = await seed.device(demo);
  const from = new Date(Date.now() - 3 * 86_400_000).toISOString();
  await seed.deviceLink(asset.id, device.id, from);
  await seed.driverLink(asset.id, driver.id, from);
  await seed.applySettings(device.credential);
  return { asset: asset.id, driver: driver.id, device: device.id, credential: device.credential };
};
type Vehicle = Awaited<ReturnType<typeof vehicle>>;

/** An event as the engine writes it: the events trigger makes its case. */
const event = async (v: Vehicle, at: Date, type = 'HARSH_BRAKE') => {
  await t.db
    .insertInto('events')
    .values({
      asset_id: v.asset,
      timestamp: at,
      event_type: type,
      driver_id: v.driver,
      device_id: v.device,
      latitude: 5200000,
      longitude: 480000,
    })
    .execute();
  return (
    await t.db
      .selectFrom('safety_cases')
      .select('id')
      .where('asset_id', '=', v.asset)
      .where('event_time', '=', at)
      .executeTakeFirstOrThrow()
  ).id;
};

describe('the safety.clips job', () => {
  it('asks the device for a clip of a new case without one, once, and not for old moments', async () => {
    const v = await vehicle();
    const recent = new Date(Date.now() - 3_600_000);
    const fresh = await event(v, recent);
    const old = await event(v, new Date(Date.now() - 2 * 86_400_000));
    const clips = new SafetyClips(
      new ClipsRepository(t.db),
      (assetId, input) => t.app.services.mediaRequests.requestBySystem(assetId, input),
      t.app.log,
    );
    // within the grace the device may still send its own clip: nothing yet
    expect(await clips.run()).toBe(0);
    // a second new case of the vehicle waits until the first one's clip is done
    const second = await event(v, new Date(recent.getTime() + 60_000));
    const later = new Date(Date.now() + 10 * 60_000);
    expect(await clips.run(later)).toBe(1);
    expect(await clips.run(later)).toBe(0);

    const requests = await t.db
      .selectFrom('media_requests')
      .selectAll()
      .where('asset_id', '=', v.asset)
      .execute();
    expect(requests).toHaveLength(1);
    const waiting = await t.db
      .selectFrom('safety_cases')
      .select('clip_checked_at')
      .where('id', '=', second)
      .executeTakeFirstOrThrow();
    expect(waiting.clip_checked_at).toBeNull();
    expect(requests[0]).toMatchObject({
      media_type: 'VIDEO',
      duration: 10,
      requested_by: null,
      media_timestamp: recent,
    });
    const polled = await t.app.inject({
      method: 'GET',
      url: '/device-api/v1/commands',
      headers: { authorization: `Bearer ${v.credential}` },
    });
    // The device makes a person's requests first: this one says it is the portal's own.
    const commands = polled.json<{ commands: { kind: string; payload: object }[] }>().commands;
    expect(commands.find((c) => c.kind === 'MEDIA_REQUEST')?.payload).toMatchObject({
      priority: 'AUTOMATIC',
    });
    const page = await t.as('manager', { method: 'GET', url: `/api/safety/cases/${fresh}` });
    expect(page.json<SafetyCaseDetail>()).toMatchObject({ clipRequested: true, hasClip: false });
    const oldPage = await t.as('manager', { method: 'GET', url: `/api/safety/cases/${old}` });
    expect(oldPage.json<SafetyCaseDetail>().clipRequested).toBe(false);
  }, 90_000);

  it('asks nothing when the organisation does not want it', async () => {
    const polder = await t.organisationId('Polder Logistics');
    await sql`INSERT INTO safety_settings (organisation_id, request_clips) VALUES (${polder}, false)`.execute(
      t.db,
    );
    const seed = fleetSeed(t);
    const asset = await seed.asset(polder);
    const device = await seed.device(polder);
    await seed.deviceLink(asset.id, device.id, new Date(Date.now() - 86_400_000).toISOString());
    const v = {
      asset: asset.id,
      driver: null as unknown as number,
      device: device.id,
      credential: '',
    };
    await event(v, new Date(Date.now() - 600_000));
    const clips = new SafetyClips(
      new ClipsRepository(t.db),
      (assetId, input) => t.app.services.mediaRequests.requestBySystem(assetId, input),
      t.app.log,
    );
    expect(await clips.run(new Date(Date.now() + 10 * 60_000))).toBe(0);
  }, 60_000);
});

describe('the demo’s first reviews', () => {
  it('waits for enough cases, reviews once as the demo users, links the demo driver to their namesake', async () => {
    const reviews = new DemoSafety(t.db, t.app.services.safety);
    const busy = await vehicle();
    const other = await vehicle();
    // The driver user drives as the driver record of their own name, not the busiest one.
    const { name } = await t.db
      .selectFrom('users')
      .select('name')
      .where('username', '=', 'driver')
      .where('organisation_id', '=', demo)
      .executeTakeFirstOrThrow();
    const [first, ...last] = name.split(' ');
    await t.db
      .updateTable('drivers')
      .set({ first_name: first!, last_name: last.join(' ') })
      .where('id', '=', other.driver)
      .execute();
    const base = Date.UTC(2026, 10, 20, 8);
    for (let i = 0; i < 6; i++) await event(busy, new Date(base + i * 60_000));
    // the clip job's cases above count too: not yet enough
    expect(await reviews.run()).toBe(false);
    for (let i = 0; i < 4; i++) await event(other, new Date(base + i * 60_000));
    expect(await reviews.run()).toBe(true);
    expect(await reviews.run()).toBe(false);

    const driverUser = await t.db
      .selectFrom('users')
      .select('driver_id')
      .where('username', '=', 'driver')
      .executeTakeFirstOrThrow();
    expect(driverUser.driver_id).toBe(other.driver);
    const counts = await t.as('manager', {
      method: 'GET',
      url: `/api/organisations/${demo}/safety/counts`,
    });
    expect(counts.json<SafetyCaseCounts>()).toMatchObject({
      DISMISSED: 2,
      NEEDS_COACHING: 2,
      COACHED: 2,
      RECOGNISED: 1,
      unacknowledged: 3,
    });
    const mine = await t.as('driver', {
      method: 'GET',
      url: `/api/organisations/${demo}/safety/cases`,
      query: { limit: '100' },
    });
    const cases = mine.json<SafetyCase[]>();
    expect(cases.every((c) => c.driverId === other.driver)).toBe(true);
    expect(cases.filter((c) => c.acknowledgedAt !== null)).toHaveLength(1);
    const coached = cases.find((c) => c.status === 'COACHED' && c.acknowledgedAt === null)!;
    const acknowledged = await t.as('driver', {
      method: 'POST',
      url: `/api/safety/cases/${coached.id}/actions`,
      payload: { action: 'ACKNOWLEDGE' },
    });
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
  }, 90_000);
});
