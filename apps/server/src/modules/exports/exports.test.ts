import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  distanceRanking,
  rankingTotals,
  scoreRanking,
  type AssetListItem,
  type DeviceWithCredential,
  type FleetEntry,
  type Report,
} from '@fleet/contract';
import { fleetSeed } from '../../test/fleet-seed.js';
import { tripRecords } from '../../test/trip-records.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The exports (issue 21 §3) on a real PostgreSQL with the engine's own rollups: each answers the
 * rows of the screen's call (compared with that call's JSON), as CSV (BOM, RFC 4180, formula
 * texts defused) or .xlsx (read back with exceljs: typed cells, totals equal to the API's), with
 * the screen's access, 400 for a bad format and 429 beyond two exports of one user at once.
 */
let t: TestApp;
let demo: number;
let polder: number;
let firstTruck: number;
let polderTruck: number;

const FORMULA_NAME = '=HYPERLINK("http://evil.example","x")';
const day = { from: '2026-11-05T00:00:00+01:00', until: '2026-11-06T00:00:00+01:00' };

const trip = (hh: string, at: number, km: number) => tripRecords('2026-11-05', hh, at, km);

const send = async (device: DeviceWithCredential, records: object[]) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/device-api/v1/records',
    headers: { authorization: `Bearer ${device.credential}` },
    payload: { records },
  });
  expect(response.json().stored, response.body).toBe(records.length);
};

const sheetOf = async (body: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
};

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.organisationId('Demo Transport');
  polder = await t.organisationId('Polder Logistics');
  const seed = fleetSeed(t);
  const trucks: [string, number][] = [
    ['Export truck 40', 40],
    [FORMULA_NAME, 25],
    ['Export truck 12', 12],
  ];
  for (const [index, [name, km]] of trucks.entries()) {
    const asset = await seed.asset(demo, name);
    const device = await seed.device(demo);
    const driver = await seed.driver(demo, `Exportdriver ${index}`);
    await seed.deviceLink(asset.id, device.id, '2026-10-01T00:00:00Z');
    await seed.driverLink(asset.id, driver.id, '2026-10-01T00:00:00Z');
    await send(device, trip('10', 0, km));
    if (index === 0) firstTruck = asset.id;
  }
  polderTruck = (await seed.asset(polder, 'Polder export truck')).id;
  await t.app.services.engine.drain();
}, 60_000);
afterAll(() => t.close());

const exportRankings = (format: string, kind = 'assets', user = 'manager', org = demo) =>
  t.as(user, {
    method: 'POST',
    url: `/api/organisations/${org}/exports/rankings/${kind}?format=${format}`,
    payload: day,
  });

describe('the driving-style rankings', () => {
  it('as CSV: BOM, headers with units, the screen rules’ ranks and totals, formulas defused', async () => {
    const response = await exportRankings('csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="Demo-Transport-rankings-assets-2026-11-05-2026-11-06\.csv"/,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Distance rank,Asset,Id,Distance (km),Total score (0-100),Score rank');
    // the report the screen reads, ranked by the contract's rules as the screen ranks it
    const report = (
      await t.as('manager', {
        method: 'POST',
        url: `/api/organisations/${demo}/reports/assets`,
        payload: { ...day, scoreData: true, drivingStyleData: true },
      })
    ).json<Report>();
    const ranked = distanceRanking(rankingTotals(report, 'asset'));
    const scores = new Map(scoreRanking(rankingTotals(report, 'asset')).map((e) => [e.id, e]));
    expect(ranked.length).toBeGreaterThanOrEqual(3);
    expect(lines.length - 1).toBe(rankingTotals(report, 'asset').length);
    ranked.forEach((entry, i) => {
      const cells = lines[i + 1]!.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);
      expect(Number(cells[0])).toBe(entry.rank);
      expect(Number(cells[2])).toBe(entry.id);
      expect(Number(cells[3])).toBeCloseTo(entry.value / 1000, 3);
      const score = scores.get(entry.id);
      if (score) expect(Number(cells[4])).toBeCloseTo(score.value, 1);
    });
    // the formula-like name is text, not a formula: quoted (it holds commas and quotes) with '
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(response.body).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('as .xlsx: numbers as numbers, the same distances as the report API', async () => {
    const response = await exportRankings('xlsx');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toMatch(/rankings-assets-.*\.xlsx"/);
    const sheet = await sheetOf(response.rawPayload);
    expect(sheet.name).toBe('Asset rankings');
    expect(sheet.getRow(1).getCell(4).value).toBe('Distance (km)');
    const report = (
      await t.as('manager', {
        method: 'POST',
        url: `/api/organisations/${demo}/reports/assets`,
        payload: day,
      })
    ).json<Report>();
    const totals = rankingTotals(report, 'asset');
    const cells: number[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) cells.push(row.getCell(4).value as number);
    });
    expect(cells.every((c) => typeof c === 'number')).toBe(true);
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(sum(cells)).toBeCloseTo(sum(totals.map((x) => x.distance)) / 1000, 2);
    expect(cells.length).toBe(totals.length);
    // the name cell holds the text as it is: Excel does not run a string cell
    const names: unknown[] = [];
    sheet.eachRow((row) => names.push(row.getCell(2).value));
    expect(names).toContain(FORMULA_NAME);
  });

  it('the driver rankings too', async () => {
    const response = await exportRankings('csv', 'drivers');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain('Exportdriver 0');
  });

  it('refuses a bad format, a bad body and another organisation', async () => {
    for (const format of ['pdf', '', 'CSV']) {
      const bad = await exportRankings(format);
      expect(bad.statusCode, format).toBe(400);
      expect(bad.json()).toEqual({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    }
    const noFormat = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${demo}/exports/rankings/assets`,
      payload: day,
    });
    expect(noFormat.statusCode).toBe(400);
    const badBody = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${demo}/exports/rankings/assets?format=csv`,
      payload: { from: day.until, until: day.from },
    });
    expect(badBody.statusCode).toBe(400);
    expect((await exportRankings('csv', 'trucks')).statusCode).toBe(400);
    const other = await exportRankings('csv', 'assets', 'manager', polder);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the fleet overview and the management lists', () => {
  it('the fleet overview: the same cards as the screen’s call, times as dates', async () => {
    const screen = (
      await t.as('manager', {
        method: 'GET',
        url: `/api/organisations/${demo}/assets/fleet?limit=100`,
      })
    ).json<FleetEntry[]>();
    expect(screen.length).toBeLessThan(100);
    const response = await t.as('manager', {
      method: 'GET',
      url: `/api/organisations/${demo}/exports/fleet?format=xlsx`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const sheet = await sheetOf(response.rawPayload);
    const ids: number[] = [];
    const times: unknown[] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      ids.push(row.getCell(2).value as number);
      times.push(row.getCell(4).value);
    });
    expect(ids).toEqual(screen.map((e) => e.assetId));
    const withTime = screen.findIndex((e) => e.time !== null);
    expect(withTime).toBeGreaterThanOrEqual(0);
    // a date cell on the fleet zone's wall clock (Europe/Amsterdam in the tests: CET, +1 h)
    const cell = times[withTime] as Date;
    expect(cell).toBeInstanceOf(Date);
    expect(cell.getTime() - new Date(screen[withTime]!.time!).getTime()).toBe(3_600_000);
  });

  it('the assets list: every row matching the search in the screen’s sort, not one page', async () => {
    const query = 'search=export&sort=name&order=desc';
    const screen = await t.as('manager', {
      method: 'GET',
      url: `/api/organisations/${demo}/assets?${query}&limit=1`,
    });
    const total = Number(screen.headers['x-total-count']);
    const all = (
      await t.as('manager', { method: 'GET', url: `/api/organisations/${demo}/assets?${query}` })
    ).json<AssetListItem[]>();
    expect(all.length).toBe(total);
    const response = await t.as('manager', {
      method: 'GET',
      url: `/api/organisations/${demo}/exports/assets?${query}&format=csv`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Name,Id,Licence plate,Device,Driver,Configuration group');
    expect(lines.slice(1).map((l) => Number(l.split(',')[1]))).toEqual(all.map((a) => a.id));
    // limit and offset are the screen's page, not the export's
    const paged = await t.as('manager', {
      method: 'GET',
      url: `/api/organisations/${demo}/exports/assets?format=csv&limit=1`,
    });
    expect(paged.statusCode).toBe(400);
  });

  it.each(['drivers', 'devices', 'groups', 'users'])(
    'the %s list as both formats',
    async (kind) => {
      for (const format of ['csv', 'xlsx']) {
        const response = await t.as('manager', {
          method: 'GET',
          url: `/api/organisations/${demo}/exports/${kind}?format=${format}`,
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['content-disposition']).toContain(`-${kind}-`);
      }
    },
  );
});

describe("an asset's trips and raw data", () => {
  const window = `from=${encodeURIComponent(day.from)}&until=${encodeURIComponent(day.until)}`;

  it('the trips: the rows of the Trips call over the whole window, distances in km', async () => {
    const screen = (
      await t.as('manager', { method: 'GET', url: `/api/assets/${firstTruck}/trips?${window}` })
    ).json<{ id: number; drivingStyleData: { drivingDistance: number } }[]>();
    expect(screen.length).toBeGreaterThan(0);
    const response = await t.as('manager', {
      method: 'GET',
      url: `/api/assets/${firstTruck}/exports/trips?${window}&format=xlsx`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain(
      `asset-${firstTruck}-trips-2026-11-05-2026-11-06.xlsx`,
    );
    const sheet = await sheetOf(response.rawPayload);
    expect(sheet.getRow(1).getCell(5).value).toBe('Distance (km)');
    const rows: { id: number; km: number; start: unknown }[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1)
        rows.push({
          id: row.getCell(1).value as number,
          km: row.getCell(5).value as number,
          start: row.getCell(2).value,
        });
    });
    expect(rows.map((r) => r.id)).toEqual(screen.map((trip) => trip.id));
    rows.forEach((row, i) =>
      expect(row.km).toBeCloseTo(screen[i]!.drivingStyleData.drivingDistance / 1000, 3),
    );
    expect(rows[0]!.start).toBeInstanceOf(Date);
  });

  it('the raw data: every record of the window, newest first, with units', async () => {
    const screen = (
      await t.as('oem', { method: 'GET', url: `/api/assets/${firstTruck}/rawdatas?${window}` })
    ).json<{ timestamp: string; odometer: number }[]>();
    const response = await t.as('oem', {
      method: 'GET',
      url: `/api/assets/${firstTruck}/exports/rawdatas?${window}&format=csv`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toContain('odometer (metres)');
    expect(lines.length - 1).toBe(screen.length);
    // times on the fleet's clock: 10:30 CET is the newest record
    expect(lines[1]!.startsWith('2026-11-05 10:30:00,')).toBe(true);
  });

  it('the media list: the rows of the Media call over the window', async () => {
    const screen = (
      await t.as('manager', { method: 'GET', url: `/api/assets/${firstTruck}/media?${window}` })
    ).json<{ id: number }[]>();
    const response = await t.as('manager', {
      method: 'GET',
      url: `/api/assets/${firstTruck}/exports/media?${window}&format=csv`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Time,Medium,File,Type,Camera,Reason,Device,Size (bytes),Duration (s),Received',
    );
    expect(lines.slice(1).map((l) => Number(l.split(',')[1]))).toEqual(screen.map((m) => m.id));
  });

  it('answers every role as the screen call answers it, another organisation’s asset 404', async () => {
    for (const user of ['oem', 'reseller', 'manager', 'integrator', 'driver'])
      for (const [screen, exported] of [
        ['trips', 'trips'],
        ['rawdatas', 'rawdatas'],
        ['media', 'media'],
      ] as const)
        for (const asset of [firstTruck, polderTruck]) {
          const call = await t.as(user, {
            method: 'GET',
            url: `/api/assets/${asset}/${screen}?${window}`,
          });
          const file = await t.as(user, {
            method: 'GET',
            url: `/api/assets/${asset}/exports/${exported}?${window}&format=csv`,
          });
          expect(file.statusCode, `${user} ${screen} ${asset}`).toBe(call.statusCode);
          if (call.statusCode !== 200) expect(file.json()).toEqual(call.json());
        }
    const other = await t.as('manager', {
      method: 'GET',
      url: `/api/assets/${polderTruck}/exports/trips?${window}&format=csv`,
    });
    expect(other.statusCode).toBe(404);
    const bad = await t.as('manager', {
      method: 'GET',
      url: `/api/assets/${firstTruck}/exports/trips?format=csv`,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('bounded like other heavy work', () => {
  it('a third export of one user while two run answers 429 {code, message} with Retry-After', async () => {
    const users = (
      await t.as('oem', { method: 'GET', url: `/api/organisations/${demo}/users?search=manager` })
    ).json<{ id: number; username: string; user_role: string }[]>();
    const manager = users.find((u) => u.username === 'manager')!;
    const claims = { user_id: manager.id, organisation_id: demo, user_role: manager.user_role };
    const held = [
      t.app.services.exports.admit(claims as never),
      t.app.services.exports.admit(claims as never),
    ];
    try {
      const refused = await exportRankings('csv');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: expect.any(String) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // another user is not held up
      expect((await exportRankings('csv', 'assets', 'oem')).statusCode).toBe(200);
    } finally {
      held.forEach((release) => release());
    }
    expect((await exportRankings('csv')).statusCode).toBe(200);
    // a refused or failed export gives its place back
    for (let i = 0; i < 3; i++) expect((await exportRankings('pdf')).statusCode).toBe(400);
    for (let i = 0; i < 3; i++)
      expect((await exportRankings('csv', 'assets', 'manager', polder)).statusCode).toBe(404);
    expect((await exportRankings('xlsx')).statusCode).toBe(200);
  });
});
