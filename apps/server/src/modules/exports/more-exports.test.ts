import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  byEnteredDesc,
  calendarTotals,
  type AssetMonitoring,
  type CoachingReport,
  type DeviceCommand,
  type DeviceWithCredential,
  type EventRecord,
  type Report,
  type ZoneVisit,
} from '@fleet/contract';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The remaining exports (issue 21 §3): the calendar, events, zone report, monitoring history
 * and coaching report. Each file holds the rows of the screen's own call: the .xlsx read back
 * with exceljs equals that call's JSON (rows and a total), the CSV parses, another
 * organisation's data is refused as the screen's call refuses it.
 */
let t: TestApp;
let demo: number;
let polder: number;
let truck: number;
let driver: number;
let zoneTruck: number;
let polderTruck: number;
let truckDevice: DeviceWithCredential;

const week = { from: '2026-11-02T00:00:00+01:00', until: '2026-11-09T00:00:00+01:00' };
const q = (o: Record<string, string | number>) =>
  Object.entries(o)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');

const LON = 4.95;
const LAT = 52.2;
const at = (metresEast: number) => ({
  latitude: Math.round(LAT * 100_000),
  longitude: Math.round((LON + metresEast / (111_195 * Math.cos((LAT * Math.PI) / 180))) * 100_000),
});

const send = async (device: DeviceWithCredential, records: object[]) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/device-api/v1/records',
    headers: { authorization: `Bearer ${device.credential}` },
    payload: { records },
  });
  expect(response.json().stored, response.body).toBe(records.length);
};

/** A 30-minute trip on `day` from `hh`:00 local of `km`, a harsh brake half-way. */
const trip = (day: string, hh: string, km: number) =>
  (
    [
      [`${day}T${hh}:00:00+01:00`, 'TRIP_START', 0, false],
      [`${day}T${hh}:15:00+01:00`, 'EVENTS', km / 2, true],
      [`${day}T${hh}:30:00+01:00`, 'TRIP_STOP', km, false],
    ] as const
  ).map(([timestamp, transferReason, k, harsh], i) => ({
    timestamp,
    transferReason,
    location: { latitude: 5210000 + Math.round(k * 100), longitude: 490000 + i },
    odometer: 3_000_000 + Math.round(k * 1000) + Number(day.slice(8)) * 100_000,
    drivingTime: Math.round(k * 60),
    speed: 60,
    ...(harsh ? { events: [{ eventType: 'HARSH_BRAKE' }] } : {}),
  }));

/** The file as rows of cells: the header row first. */
const sheetRows = async (body: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: ExcelJS.CellValue[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
  return rows;
};

/** CSV (RFC 4180) → rows of fields, the BOM and the last CRLF left out. */
function parseCsv(text: string): string[][] {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.slice(1);
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  expect(field, 'the file ends with CRLF').toBe('');
  return rows;
}

const get = (user: string, url: string) => t.as(user, { method: 'GET', url });
const sum = (values: unknown[]) => values.reduce<number>((a, b) => a + (b as number), 0);
const column = (rows: ExcelJS.CellValue[][], header: string) => {
  const index = rows[0]!.indexOf(header);
  expect(index, header).toBeGreaterThanOrEqual(0);
  return rows.slice(1).map((r) => r[index] ?? null);
};

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.organisationId('Demo Transport');
  polder = await t.organisationId('Polder Logistics');
  const seed = fleetSeed(t);
  truck = (await seed.asset(demo, 'Calendar truck')).id;
  truckDevice = await seed.device(demo);
  driver = (await seed.driver(demo, 'Calendar driver')).id;
  await seed.deviceLink(truck, truckDevice.id, '2026-10-01T00:00:00Z');
  await seed.driverLink(truck, driver, '2026-10-01T00:00:00Z');
  await send(truckDevice, trip('2026-11-03', '09', 30));
  await send(truckDevice, trip('2026-11-05', '14', 12));

  // A zone and a truck driving through it after the zone was made (a zone counts from then on).
  const zone = await t.as('manager', {
    method: 'POST',
    url: `/api/organisations/${demo}/zones`,
    payload: {
      name: 'Export site',
      shape: { type: 'circle', center: [LON, LAT], radius: 400 },
      speedLimit: 30,
      groupId: null,
      colour: '#E67E22',
    },
  });
  expect(zone.statusCode, zone.body).toBe(201);
  zoneTruck = (await seed.asset(demo, 'Zone export truck')).id;
  const zoneDevice = await seed.device(demo);
  await seed.deviceLink(zoneTruck, zoneDevice.id, '2026-10-01T00:00:00Z');
  const ago = (s: number) => new Date(Date.now() - s * 1000).toISOString();
  await send(
    zoneDevice,
    (
      [
        [300, 3000, 60],
        [240, 0, 50],
        [180, 100, 20],
        [120, 3000, 60],
      ] as const
    ).map(([s, m, speed], i) => ({
      timestamp: ago(s),
      transferReason: i === 0 ? 'TRIP_START' : 'PERIODIC',
      location: at(m),
      speed,
      odometer: 5_000_000 + i * 1000,
    })),
  );
  polderTruck = (await seed.asset(polder, 'Polder calendar truck')).id;
  await t.app.services.engine.drain();
}, 60_000);
afterAll(() => t.close());

describe('the calendar tab', () => {
  const body = (kind: 'assets' | 'drivers', id: number) => ({
    ...week,
    scoreData: true,
    drivingStyleData: true,
    interval: 'DAY',
    ids: [id],
  });
  const exportCalendar = (kind: 'assets' | 'drivers', id: number, format: string, org = demo) =>
    t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${org}/exports/calendar/${kind}?format=${format}`,
      payload: body(kind, id),
    });

  it.each([
    ['assets', 'asset'],
    ['drivers', 'driver'],
  ] as const)(
    'the %s calendar: a row per day with the tab’s distance and score',
    async (kind, entity) => {
      const id = kind === 'assets' ? truck : driver;
      const report = (
        await t.as('manager', {
          method: 'POST',
          url: `/api/organisations/${demo}/reports/${kind}`,
          payload: body(kind, id),
        })
      ).json<Report>();
      // the tab's cards, by the contract's rule the tab uses
      const days = report.map((interval) => calendarTotals(interval, entity, id));
      expect(days).toHaveLength(7);
      const driven = sum(days.map((d) => d.distance));
      expect(driven).toBeGreaterThan(40_000);

      const xlsx = await exportCalendar(kind, id, 'xlsx');
      expect(xlsx.statusCode, xlsx.body).toBe(200);
      expect(xlsx.headers['content-disposition']).toContain(
        `${entity}-${id}-calendar-2026-11-02-2026-11-09.xlsx`,
      );
      const rows = await sheetRows(xlsx.rawPayload);
      expect(rows[0]).toEqual(['Day', 'From', 'Until', 'Distance (km)', 'Total score (0-100)']);
      expect(column(rows, 'Day')).toEqual(report.map((i) => i.day));
      const km = column(rows, 'Distance (km)');
      km.forEach((cell, i) => expect(cell).toBeCloseTo(days[i]!.distance / 1000, 3));
      expect(sum(km)).toBeCloseTo(driven / 1000, 2);
      column(rows, 'Total score (0-100)').forEach((cell, i) =>
        days[i]!.totalScore === null
          ? expect(cell).toBeNull()
          : expect(cell).toBeCloseTo(days[i]!.totalScore!, 1),
      );
      expect(column(rows, 'From')[0]).toBeInstanceOf(Date);

      const csv = await exportCalendar(kind, id, 'csv');
      expect(csv.statusCode).toBe(200);
      const lines = parseCsv(csv.body);
      expect(lines).toHaveLength(8);
      expect(lines[1]![1]).toBe('2026-11-02 00:00:00');
    },
  );

  it('needs the one id; another organisation is refused as the report refuses it', async () => {
    const noId = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${demo}/exports/calendar/assets?format=csv`,
      payload: week,
    });
    expect(noId.statusCode).toBe(400);
    expect(noId.json()).toEqual({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    expect((await exportCalendar('assets', truck, 'pdf')).statusCode).toBe(400);
    const other = await exportCalendar('assets', polderTruck, 'csv', polder);
    const screen = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${polder}/reports/assets`,
      payload: body('assets', polderTruck),
    });
    expect(screen.statusCode).toBeGreaterThanOrEqual(403);
    expect(other.statusCode).toBe(screen.statusCode);
  });
});

describe('the events', () => {
  const window = q(week);

  it.each([
    ['assets', () => truck],
    ['drivers', () => driver],
  ] as const)('the %s events: one row per event of the call over the window', async (kind, id) => {
    const screen = (await get('manager', `/api/${kind}/${id()}/events?${window}`)).json<
      EventRecord[]
    >();
    const events = screen.flatMap((r) => r.events.map((e) => ({ ...r, eventType: e.eventType })));
    expect(events.filter((e) => e.eventType === 'HARSH_BRAKE')).toHaveLength(2);
    const xlsx = await get('manager', `/api/${kind}/${id()}/exports/events?${window}&format=xlsx`);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const rows = await sheetRows(xlsx.rawPayload);
    expect(rows.length - 1).toBe(events.length);
    expect(column(rows, 'Event')).toEqual(events.map((e) => e.eventType));
    const times = column(rows, 'Time') as Date[];
    // on the fleet's wall clock (CET, +1 h)
    times.forEach((time, i) =>
      expect(time.getTime() - Date.parse(events[i]!.timestamp)).toBe(3_600_000),
    );
    expect(sum(column(rows, 'Latitude (°)'))).toBeCloseTo(
      sum(events.map((e) => e.location!.latitude / 100_000)),
      4,
    );
    const csv = await get('manager', `/api/${kind}/${id()}/exports/events?${window}&format=csv`);
    const lines = parseCsv(csv.body);
    expect(lines[0]).toEqual([
      'Time',
      'Event',
      'Asset id',
      'Driver id',
      'Latitude (°)',
      'Longitude (°)',
    ]);
    expect(lines).toHaveLength(events.length + 1);
  });

  it('another organisation’s asset as the events call answers it; a bad window 400', async () => {
    const call = await get('manager', `/api/assets/${polderTruck}/events?${window}`);
    const file = await get(
      'manager',
      `/api/assets/${polderTruck}/exports/events?${window}&format=csv`,
    );
    expect(call.statusCode).toBeGreaterThanOrEqual(403);
    expect(file.statusCode).toBe(call.statusCode);
    expect(file.json()).toEqual(call.json());
    const bad = await get('manager', `/api/assets/${truck}/exports/events?format=csv`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('the zone report', () => {
  const period = () =>
    q({
      from: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      until: new Date(Date.now() + 3_600_000).toISOString(),
    });

  it('every visit of the period, latest first as on the screen, durations and speeds', async () => {
    const p = period();
    const screen = (await get('manager', `/api/organisations/${demo}/zones/visits?${p}`)).json<
      ZoneVisit[]
    >();
    const shown = [...screen].sort(byEnteredDesc);
    expect(shown.some((v) => v.assetId === zoneTruck)).toBe(true);
    const xlsx = await get(
      'manager',
      `/api/organisations/${demo}/exports/zone-visits?${p}&format=xlsx`,
    );
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/Demo-Transport-zone-visits-.*\.xlsx"/);
    const rows = await sheetRows(xlsx.rawPayload);
    expect(column(rows, 'Asset id')).toEqual(shown.map((v) => v.assetId));
    // a duration is a fraction of a day shown as [h]:mm:ss, which exceljs reads back as a time
    // from Excel's epoch: their total is the screen's seconds
    const seconds = (cell: unknown) => ((cell as Date).getTime() - Date.UTC(1899, 11, 30)) / 1000;
    expect(sum(column(rows, 'Duration (h:mm:ss)').map(seconds))).toBeCloseTo(
      sum(shown.map((v) => v.seconds)),
      3,
    );
    expect(column(rows, 'Top speed (km/h)')).toEqual(shown.map((v) => v.maxSpeed));
    const csv = await get(
      'manager',
      `/api/organisations/${demo}/exports/zone-visits?${p}&format=csv`,
    );
    expect(parseCsv(csv.body)).toHaveLength(shown.length + 1);
  });

  it('a driver 403, another organisation 404, a bad period 400', async () => {
    const p = period();
    for (const [user, org] of [
      ['driver', demo],
      ['manager', polder],
    ] as const) {
      const call = await get(user, `/api/organisations/${org}/zones/visits?${p}`);
      const file = await get(user, `/api/organisations/${org}/exports/zone-visits?${p}&format=csv`);
      expect(file.statusCode, user).toBe(call.statusCode);
      expect(file.json()).toEqual(call.json());
    }
    expect(
      (await get('driver', `/api/organisations/${demo}/exports/zone-visits?${p}&format=csv`))
        .statusCode,
    ).toBe(403);
    const reversed = q({ from: week.until, until: week.from, format: 'csv' });
    expect(
      (await get('manager', `/api/organisations/${demo}/exports/zone-visits?${reversed}`))
        .statusCode,
    ).toBe(400);
  });
});

describe('the monitoring history', () => {
  it('the list of the asset’s and the driver’s monitorings, never a token', async () => {
    const requested = await t.as('manager', {
      method: 'POST',
      url: `/api/assets/${truck}/assetmonitoringrequests`,
      payload: { liveFeed: false },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const device = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/device-api/v1${url}`,
        headers: { authorization: `Bearer ${truckDevice.credential}` },
        ...(payload ? { payload } : {}),
      });
    const command = (await device('GET', '/commands'))
      .json<{ commands: DeviceCommand[] }>()
      .commands.find((c) => c.kind === 'MONITORING_REQUEST')!;
    expect((await device('POST', '/monitorings', { commandId: command.id })).statusCode).toBe(201);

    for (const [kind, id] of [
      ['assets', truck],
      ['drivers', driver],
    ] as const) {
      const screen = (await get('manager', `/api/${kind}/${id}/assetmonitorings`)).json<
        AssetMonitoring[]
      >();
      expect(screen.length).toBeGreaterThan(0);
      const xlsx = await get('manager', `/api/${kind}/${id}/exports/monitorings?format=xlsx`);
      expect(xlsx.statusCode, xlsx.body).toBe(200);
      const rows = await sheetRows(xlsx.rawPayload);
      expect(column(rows, 'Monitoring')).toEqual(screen.map((m) => m.id));
      expect(sum(column(rows, 'Positions'))).toBe(sum(screen.map((m) => m.dataPoints.length)));
      const csv = await get('manager', `/api/${kind}/${id}/exports/monitorings?format=csv`);
      expect(parseCsv(csv.body)).toHaveLength(screen.length + 1);
      for (const m of screen) {
        expect(csv.body).not.toContain(m.accessToken);
        expect(xlsx.rawPayload.includes(Buffer.from(m.accessToken.slice(0, 40)))).toBe(false);
      }
    }
  });

  it('a driver 403 and another organisation’s asset as the list answers them', async () => {
    for (const [user, asset] of [
      ['driver', truck],
      ['manager', polderTruck],
    ] as const) {
      const call = await get(user, `/api/assets/${asset}/assetmonitorings`);
      const file = await get(user, `/api/assets/${asset}/exports/monitorings?format=csv`);
      expect(call.statusCode, user).toBeGreaterThanOrEqual(403);
      expect(file.statusCode, user).toBe(call.statusCode);
    }
    expect(
      (await get('driver', `/api/assets/${truck}/exports/monitorings?format=csv`)).statusCode,
    ).toBe(403);
  });
});

describe('the coaching report', () => {
  const window = q(week);

  it('the cases per event type and status, and the total row equal to the report', async () => {
    const report = (
      await get('manager', `/api/organisations/${demo}/safety/coaching-report?${window}`)
    ).json<CoachingReport>();
    expect(report.counts.total).toBeGreaterThan(0);
    const xlsx = await get(
      'manager',
      `/api/organisations/${demo}/exports/coaching-report?${window}&format=xlsx`,
    );
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const rows = await sheetRows(xlsx.rawPayload);
    expect(column(rows, 'Event type')).toEqual([...report.byType.map((r) => r.eventType), 'Total']);
    const cases = column(rows, 'Cases');
    expect(cases.at(-1)).toBe(report.counts.total);
    expect(sum(cases.slice(0, -1))).toBe(report.counts.total);
    expect(column(rows, 'COACHED').at(-1)).toBe(report.counts.COACHED);
    const csv = await get(
      'manager',
      `/api/organisations/${demo}/exports/coaching-report?${window}&format=csv`,
    );
    expect(parseCsv(csv.body).at(-1)![1]).toBe(String(report.counts.total));
  });

  it('not for a driver (403), another organisation 404', async () => {
    const mine = await get(
      'driver',
      `/api/organisations/${demo}/exports/coaching-report?${window}&format=csv`,
    );
    expect(mine.statusCode).toBe(403);
    const call = await get(
      'manager',
      `/api/organisations/${polder}/safety/coaching-report?${window}`,
    );
    const other = await get(
      'manager',
      `/api/organisations/${polder}/exports/coaching-report?${window}&format=csv`,
    );
    expect(other.statusCode).toBe(call.statusCode);
    expect(other.statusCode).toBe(404);
  });
});

describe('bounded like the other exports', () => {
  it('a third export of one user while two run is refused with 429', async () => {
    const manager = (await get('oem', `/api/organisations/${demo}/users?search=manager`))
      .json<{ id: number; username: string; user_role: string }[]>()
      .find((u) => u.username === 'manager')!;
    const claims = { user_id: manager.id, organisation_id: demo, user_role: manager.user_role };
    const held = [0, 1].map(() => t.app.services.exports.admit(claims as never));
    const window = q({ ...week, format: 'csv' });
    try {
      for (const url of [
        `/api/assets/${truck}/exports/events?${window}`,
        `/api/organisations/${demo}/exports/coaching-report?${window}`,
        `/api/assets/${truck}/exports/monitorings?format=csv`,
      ]) {
        const refused = await get('manager', url);
        expect(refused.statusCode, url).toBe(429);
        expect(refused.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: expect.any(String) });
      }
    } finally {
      held.forEach((release) => release());
    }
    expect((await get('manager', `/api/assets/${truck}/exports/events?${window}`)).statusCode).toBe(
      200,
    );
  });
});
