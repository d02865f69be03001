import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceWithCredential, Report, ScoreData } from '@fleet/contract';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 20 §3 end to end on PostgreSQL: dismissing a case's harsh brake (POST safety/cases/{id}/actions,
 * whose service requeues the asset-day) takes it out of the
 * reports, the driver ranking's scores and the calendar of any period holding the day; undoing
 * the dismissal puts it back. The day is the hand-computed one of process-day-dismissed.test.ts
 * (default settings): totalScore 90 with both harsh brakes, 94.142 with one dismissed.
 */
let t: TestApp;
let demo: number;
let assetId: number;
let driverId: number;
let device: DeviceWithCredential;

const at = (hhmm: string) => `2026-11-12T${hhmm}:00+01:00`;
const record = (
  hhmm: string,
  transferReason: string,
  km: number,
  harsh: number,
  events = false,
) => ({
  timestamp: at(hhmm),
  transferReason,
  location: { latitude: 5200000 + km * 100, longitude: 480000 + km * 100 },
  odometer: 1_000_000 + km * 1000,
  drivingTime: km * 72, // 50 km/h
  cruiseTime: km * 28.8, // 40 %: the cruise target
  coastTime: km * 7.2, // 10 %: the coast target
  harshBrakeCount: harsh,
  ...(events ? { events: [{ eventType: 'HARSH_BRAKE' }] } : {}),
});
const day = [
  record('08:00', 'TRIP_START', 0, 10),
  record('08:30', 'EVENTS', 25, 11, true),
  record('09:00', 'PERIODIC', 50, 11),
  record('09:30', 'EVENTS', 75, 12, true),
  record('10:00', 'TRIP_STOP', 100, 12),
];
const brake = new Date(at('08:30'));

/** A reviewer dismisses the case of the 08:30 brake, or undoes that, through the safety API. */
async function setStatus(status: 'DISMISSED' | 'NEEDS_REVIEW') {
  // the case the engine's event made (migration 0018's trigger)
  const { id } = await t.db
    .selectFrom('safety_cases')
    .select('id')
    .where('asset_id', '=', assetId)
    .where('event_time', '=', brake)
    .where('event_type', '=', 'HARSH_BRAKE')
    .executeTakeFirstOrThrow();
  const payload =
    status === 'DISMISSED'
      ? { action: 'DISMISS', reason: 'FALSE_POSITIVE', text: 'a pothole' }
      : { action: 'UNDO', text: 'the clip shows a real brake' };
  const response = await t.as('manager', {
    method: 'POST',
    url: `/api/safety/cases/${id}/actions`,
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().status).toBe(status);
  await t.app.services.engine.drain();
}

const post = async (kind: 'assets' | 'drivers', body: object): Promise<Report> => {
  const response = await t.as('manager', {
    method: 'POST',
    url: `/api/organisations/${demo}/reports/${kind}`,
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
};

/** Harsh brakes and scores of the week holding the day, the driver's week, and the day in a DAY calendar. */
async function figures() {
  const week = { from: '2026-11-09T00:00:00+01:00', until: '2026-11-16T00:00:00+01:00' };
  const asset = (await post('assets', week))[0]!.assetPeriodData!.find(
    (a) => a.assetId === assetId,
  )!.assetData[0]!;
  const driver = (await post('drivers', week))[0]!.driverPeriodData!.find(
    (d) => d.driverId === driverId,
  )!.driverData[0]!;
  const calendar = await post('assets', { ...week, interval: 'DAY', ids: [assetId] });
  const thursday = calendar.find((i) => i.day === '2026-11-12')!.assetPeriodData![0]!.assetData[0]!;
  const pick = (d: { drivingStyleData?: { harshBrakes: number }; scoreData?: ScoreData }) => ({
    harshBrakes: d.drivingStyleData!.harshBrakes,
    total: Math.round(d.scoreData!.totalScore * 1000) / 1000,
    harshBrakeScore: Math.round(d.scoreData!.harshBrakeScore * 1000) / 1000,
  });
  return { asset: pick(asset), driver: pick(driver), calendar: pick(thursday) };
}

const both = { harshBrakes: 2, total: 90, harshBrakeScore: 62.5 };
const one = { harshBrakes: 1, total: 94.142, harshBrakeScore: 78.033 };

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.organisationId('Demo Transport');
  const seed = fleetSeed(t);
  assetId = (await seed.asset(demo, 'Truck 20')).id;
  driverId = (await seed.driver(demo, 'Dismissed')).id;
  device = await seed.device(demo, 'FW-200020');
  await seed.deviceLink(assetId, device.id, '2026-11-01T00:00:00Z');
  await seed.driverLink(assetId, driverId, '2026-11-01T00:00:00Z');
  const response = await t.app.inject({
    method: 'POST',
    url: '/device-api/v1/records',
    headers: { authorization: `Bearer ${device.credential}` },
    payload: { records: day },
  });
  expect(response.json().stored).toBe(day.length);
  await t.app.services.engine.drain();
}, 120_000);
afterAll(() => t?.close());

describe('a dismissed harsh brake in reports, rankings and the calendar', () => {
  it('counts both harsh brakes before the dismissal', async () => {
    expect(await figures()).toEqual({ asset: both, driver: both, calendar: both });
  });

  it('leaves the dismissed one out after the dismissal, and keeps the event listed', async () => {
    await setStatus('DISMISSED');
    expect(await figures()).toEqual({ asset: one, driver: one, calendar: one });
    const trip = await t.db
      .selectFrom('trips')
      .select('harsh_brakes')
      .where('asset_id', '=', assetId)
      .executeTakeFirstOrThrow();
    expect(Number(trip.harsh_brakes)).toBe(1);
    const events = await t.db
      .selectFrom('events')
      .select('timestamp')
      .where('asset_id', '=', assetId)
      .execute();
    expect(events).toHaveLength(2);
  });

  it('counts it again after the dismissal is undone', async () => {
    await setStatus('NEEDS_REVIEW');
    expect(await figures()).toEqual({ asset: both, driver: both, calendar: both });
  });
});

describe('requeueAssetDay in the transaction that changes the case', () => {
  it('keeps the day from the engine until the change commits, so the rebuild sees it', async () => {
    // the day is queued already (a late record of it, say)
    await t.app.services.engine.requeueAssetDay(assetId, brake);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inside!: () => void;
    const entered = new Promise<void>((r) => (inside = r));
    const change = t.db.transaction().execute(async (trx) => {
      await sql`UPDATE safety_cases SET status = 'DISMISSED'
        WHERE asset_id = ${assetId} AND event_time = ${brake}`.execute(trx);
      await t.app.services.engine.requeueAssetDay(assetId, brake, trx);
      inside();
      await held;
    });
    await entered;
    // a worker now skips the day: it is locked by the uncommitted change
    expect(await t.app.services.engine.processNext()).toBe(0);
    release();
    await change;
    expect(await t.app.services.engine.drain()).toBe(1);
    expect((await figures()).asset).toEqual(one);
  });
});
