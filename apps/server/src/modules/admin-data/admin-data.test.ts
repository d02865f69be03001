import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceWithCredential, Report } from '@fleet/contract';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let demo: number;
let assetId: number;
let device: DeviceWithCredential;

const at = (hhmm: string) => `2026-11-05T${hhmm}:00+01:00`;
const record = (hhmm: string, transferReason: string, km: number) => ({
  timestamp: at(hhmm),
  transferReason,
  location: { latitude: 5200000 + km * 100, longitude: 480000 },
  odometer: 500_000 + km * 1000,
  drivingTime: km * 60,
});
const trip = [
  record('10:00', 'TRIP_START', 0),
  record('10:20', 'PERIODIC', 20),
  record('10:40', 'TRIP_STOP', 40),
];

const distance = async (user = 'manager') => {
  const response = await t.as(user, {
    method: 'POST',
    url: `/api/organisations/${demo}/reports/assets`,
    payload: { from: at('00:00'), until: at('23:59'), ids: [assetId] },
  });
  return (response.json() as Report)[0]!.assetPeriodData![0]!.assetData[0]!.drivingStyleData!
    .drivingDistance;
};

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.organisationId('Demo Transport');
  const seed = fleetSeed(t);
  assetId = (await seed.asset(demo)).id;
  device = await seed.device(demo);
  // The device sends before anyone linked it to a truck: its records belong to no asset yet.
  const sent = await t.app.inject({
    method: 'POST',
    url: '/device-api/v1/records',
    headers: { authorization: `Bearer ${device.credential}` },
    payload: { records: trip },
  });
  expect(sent.json().stored).toBe(3);
  await t.app.services.engine.drain();
});
afterAll(() => t.close());

describe('late links', () => {
  it('a device link made afterwards brings the records it covers to the asset', async () => {
    expect(await distance()).toBe(0);
    await fleetSeed(t).deviceLink(assetId, device.id, '2026-11-01T00:00:00Z');
    await t.app.services.engine.drain();
    expect(await distance()).toBe(40_000);
  });

  it('a driver link made afterwards gives the driving to that driver', async () => {
    const seed = fleetSeed(t);
    const driver = await seed.driver(demo, 'Late');
    await seed.driverLink(assetId, driver.id, '2026-11-05T09:00:00+01:00');
    await t.app.services.engine.drain();
    const response = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${demo}/reports/drivers`,
      payload: { from: at('00:00'), until: at('23:59'), ids: [driver.id] },
    });
    expect(
      (response.json() as Report)[0]!.driverPeriodData![0]!.driverData[0]!.drivingStyleData!
        .drivingDistance,
    ).toBe(40_000);
  });
});

describe('admin data calls', () => {
  it('re-processes a window and streams its progress as JSON lines', async () => {
    const response = await t.as('oem', {
      method: 'POST',
      url: '/admin-api/rawdatas/import',
      query: { from: '2026-11-01T00:00:00Z', until: '2026-11-10T00:00:00Z' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/x-ndjson');
    const lines = response.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.at(-1)).toMatchObject({ status: 'finished', remaining: 0, devices: 1 });
    expect(lines.at(-1).processed).toBeGreaterThanOrEqual(1);
    expect(await distance()).toBe(40_000);
  });

  it('sends its first progress line before any work, then runs to the end', async () => {
    const response = await t.as('oem', {
      method: 'POST',
      url: '/admin-api/rawdatas/import',
      query: { from: '2026-11-01T00:00:00Z', until: '2026-11-10T00:00:00Z' },
    });
    const lines = response.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({
      status: 'started',
      devices: 1,
      processed: 0,
      reattributed: 0,
    });
    expect(lines.map((l) => l.status)).toEqual([
      'started',
      ...lines.slice(1, -1).map(() => 'running'),
      'finished',
    ]);
  });

  it('re-processes at most 93 days per call', async () => {
    const ok = await t.as('oem', {
      method: 'POST',
      url: '/admin-api/rawdatas/import',
      query: { from: '2026-08-01T00:00:00Z', until: '2026-11-02T00:00:00Z' },
    });
    expect(ok.statusCode).toBe(200);
    const response = await t.as('oem', {
      method: 'POST',
      url: '/admin-api/rawdatas/import',
      query: { from: '2026-01-01T00:00:00Z', until: '2026-12-31T00:00:00Z' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'ask for at most 93 days at a time',
    });
  });

  it('refuses to re-process days whose raw data retention removed, keeping their trips', async () => {
    const retain = (rawRetentionDays: number) =>
      t.as('oem', {
        method: 'POST',
        url: `/api/organisations/${demo}/settings`,
        payload: { rawRetentionDays },
      });
    expect((await retain(31)).statusCode).toBe(200);
    try {
      const cutoff = new Date(Date.now() - 31 * 86_400_000).toISOString().slice(0, 8) + '01';
      for (const query of [
        { from: '2026-01-01T00:00:00Z', until: '2026-03-01T00:00:00Z' },
        { assetId, from: '2026-01-01T00:00:00Z', until: '2026-03-01T00:00:00Z' },
      ]) {
        const response = await t.as('oem', {
          method: 'POST',
          url: '/admin-api/rawdatas/import',
          query,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          code: 'VALIDATION_ERROR',
          message: `raw data before ${cutoff} is removed by the retention setting of organisation ${demo} (31 days), so those days cannot be re-processed; choose a window from ${cutoff}`,
        });
      }
      const recent = await t.as('oem', {
        method: 'POST',
        url: '/admin-api/rawdatas/import',
        query: { from: `${cutoff}T00:00:00Z`, until: new Date().toISOString() },
      });
      expect(recent.statusCode).toBe(200);
      expect(await distance()).toBe(40_000);
    } finally {
      await retain(730);
    }
  });

  it.each([
    ['manager', { from: '2026-11-01T00:00:00Z', until: '2026-11-10T00:00:00Z' }, 403],
    ['integrator', { from: '2026-11-01T00:00:00Z', until: '2026-11-10T00:00:00Z' }, 403],
    ['reseller', { from: '2026-11-01T00:00:00Z', until: '2026-11-10T00:00:00Z' }, 403],
    ['oem', { from: '2026-11-10T00:00:00Z', until: '2026-11-01T00:00:00Z' }, 400],
    ['oem', { from: 'soon', until: '2026-11-01T00:00:00Z' }, 400],
  ])('refuses an import by %s of %o with %i', async (user, query, status) => {
    const response = await t.as(user, { method: 'POST', url: '/admin-api/rawdatas/import', query });
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBeDefined();
  });

  it('lists the query points of an asset for the OEM', async () => {
    const query = { from: at('00:00'), until: at('23:59') };
    const points = await t.as('oem', {
      method: 'GET',
      url: `/admin-api/assets/${assetId}/querypoints`,
      query,
    });
    expect(points.json().map((p: { source: string }) => p.source)).toEqual([
      'RECORD',
      'RECORD',
      'RECORD',
    ]);
    for (const user of ['manager', 'integrator', 'reseller']) {
      expect(
        (
          await t.as(user, {
            method: 'GET',
            url: `/admin-api/assets/${assetId}/querypoints`,
            query,
          })
        ).statusCode,
      ).toBe(403);
    }
  });

  it('deletes an organisation’s vehicle data for OEM only, confirmed with its name, keeping the fleet records', async () => {
    const url = `/admin-api/organisations/${demo}/data`;
    const query = { confirm: 'Demo Transport' };
    expect((await t.as('integrator', { method: 'DELETE', url, query })).statusCode).toBe(403);
    const unconfirmed = await t.as('oem', { method: 'DELETE', url, query: { confirm: 'demo' } });
    expect(unconfirmed.statusCode).toBe(400);
    expect(await distance()).toBe(40_000);
    const response = await t.as('oem', { method: 'DELETE', url, query });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/x-ndjson');
    const lines = response.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ status: 'started', done: 0 });
    expect(lines.at(-1)).toMatchObject({
      status: 'finished',
      deleted: { rawRecords: 3, trips: 1 },
    });
    expect(lines.at(-1).deleted).not.toHaveProperty('assets');
    expect(await distance()).toBe(0);
    expect(
      (await t.as('manager', { method: 'GET', url: `/api/assets/${assetId}` })).statusCode,
    ).toBe(200);
  });
});
