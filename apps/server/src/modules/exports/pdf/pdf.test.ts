import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  rankingTotals,
  scoreRanking,
  type DeviceWithCredential,
  type Report,
  type Trip,
} from '@fleet/contract';
import { fleetSeed } from '../../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { RankingRow } from '../export-tables.js';
import { drivingStylePdfDocument } from './driving-style-pdf.js';

/**
 * The printable PDFs (issue 21 §3) on a real PostgreSQL: the driving-style report and a trip are
 * application/pdf files whose text (pdftotext) holds the API's names and scores, whose first page
 * renders (pdftoppm) to a picture that is not blank, with the exports' access, bad input and
 * bound. Pages are rendered to $SHOTS_DIR/pdf-*.png (default: a folder in the system's temporary
 * directory) once to be looked at.
 */
let t: TestApp;
let demo: number;
let polder: number;
let truck: number;
let polderTruck: number;
const work = mkdtempSync(join(tmpdir(), 'pdf-test-'));
/** Where the rendered pages are kept to be looked at (made when first needed). */
const shots = () => {
  const dir = process.env.SHOTS_DIR ?? join(tmpdir(), 'fleet-shots');
  mkdirSync(dir, { recursive: true });
  return dir;
};

const DRIVER = 'Łukasz Ödön 🚚';
const day = { from: '2026-11-05T00:00:00+01:00', until: '2026-11-06T00:00:00+01:00' };

/** A trip from hh:00 local, 30 minutes, heading north-east, a harsh brake half way. */
const trip = (hh: string, km: number) =>
  Array.from({ length: 7 }, (_, i) => ({
    timestamp: `2026-11-05T${hh}:${String(i * 5).padStart(2, '0')}:00+01:00`,
    transferReason:
      i === 0 ? 'TRIP_START' : i === 6 ? 'TRIP_STOP' : i === 3 ? 'EVENTS' : 'PERIODIC',
    location: {
      latitude: 5200000 + Math.round(((km * i) / 6) * 600),
      longitude: 480000 + Math.round(((km * i) / 6) * 500) + (i % 2) * 300,
    },
    speed: i === 0 || i === 6 ? 0 : 40 + i * 8,
    odometer: 1_000_000 + Math.round(((km * i) / 6) * 1000),
    drivingTime: Math.round(i * 300),
    ...(i === 3 ? { events: [{ eventType: 'HARSH_BRAKE' }] } : {}),
  }));

const send = async (device: DeviceWithCredential, records: object[]) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/device-api/v1/records',
    headers: { authorization: `Bearer ${device.credential}` },
    payload: { records },
  });
  expect(response.json().stored, response.body).toBe(records.length);
};

/** The PDF's text (pdftotext -layout), and page 1 as PNG at 50 dpi with its non-white pixels. */
function read(pdf: Buffer, name: string) {
  const file = join(work, `${name}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-singlefile', file, join(work, name)]);
  const png = readFileSync(join(work, `${name}.png`));
  return { text, png };
}

async function inked(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let i = 0; i < data.length; i += info.channels)
    if (data[i]! < 240 || data[i + 1]! < 240 || data[i + 2]! < 240) count++;
  return count;
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.organisationId('Demo Transport');
  polder = await t.organisationId('Polder Logistics');
  const seed = fleetSeed(t);
  const trucks: [string, string, number][] = [
    ['PDF truck 40', DRIVER, 40],
    ['PDF truck 25', 'Pdfdriver Twee', 25],
  ];
  for (const [index, [name, driverName, km]] of trucks.entries()) {
    const asset = await seed.asset(demo, name);
    const device = await seed.device(demo);
    const driver = await seed.driver(demo, driverName);
    await seed.deviceLink(asset.id, device.id, '2026-10-01T00:00:00Z');
    await seed.driverLink(asset.id, driver.id, '2026-10-01T00:00:00Z');
    await send(device, trip('10', km));
    if (index === 0) truck = asset.id;
  }
  polderTruck = (await seed.asset(polder, 'Polder PDF truck')).id;
  await t.app.services.engine.drain();
}, 60_000);
afterAll(() => t.close());

const rankingsPdf = (kind = 'drivers', user = 'manager', org = demo, query = 'language=en') =>
  t.as(user, {
    method: 'POST',
    url: `/api/organisations/${org}/exports/rankings/${kind}/pdf?${query}`,
    payload: day,
  });

const firstTrip = async () => {
  const trips = (
    await t.as('manager', {
      method: 'GET',
      url: `/api/assets/${truck}/trips?from=${encodeURIComponent(day.from)}&until=${encodeURIComponent(day.until)}`,
    })
  ).json<Trip[]>();
  expect(trips.length).toBe(1);
  return trips[0]!;
};

describe('the driving-style PDF', () => {
  it('is a PDF with the report’s names and scores (the API’s), a chart, page numbers', async () => {
    const response = await rankingsPdf('drivers');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="Demo-Transport-rankings-drivers-2026-11-05-2026-11-06\.pdf"/,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const report = (
      await t.as('manager', {
        method: 'POST',
        url: `/api/organisations/${demo}/reports/drivers`,
        payload: { ...day, scoreData: true, drivingStyleData: true },
      })
    ).json<Report>();
    const ranked = scoreRanking(rankingTotals(report, 'driver'));
    expect(ranked.length).toBeGreaterThanOrEqual(2);
    const { text, png } = read(response.rawPayload, 'drivers');
    expect(text).toContain('Driving style: driver rankings');
    expect(text).toContain('Total score (0-100)');
    expect(text).toContain('Page 1 of 1');
    // the driver's name as DejaVu draws it: the letters whole, the emoji a "?"
    expect(text).toContain('Łukasz Ödön ?');
    for (const entry of ranked) {
      const line = text.split('\n').find((l) => l.includes(entry.name.replace('🚚', '?')))!;
      expect(line, entry.name).toBeDefined();
      expect(line).toContain((Math.round(entry.score! * 10) / 10).toFixed(1));
    }
    expect(await inked(png)).toBeGreaterThan(2000);
    writeFileSync(join(shots(), 'pdf-driving-style.png'), png);
  });

  it('speaks Dutch when asked', async () => {
    const response = await rankingsPdf('assets', 'manager', demo, 'language=nl');
    expect(response.statusCode).toBe(200);
    const { text } = read(response.rawPayload, 'assets-nl');
    expect(text).toContain('Rijstijl: ranglijst voertuigen');
    expect(text).toContain('PDF truck 40');
    expect(text).toContain('Pagina 1 van 1');
  });

  it('1,000 rows: several pages, in bounded time', async () => {
    const rows: RankingRow[] = Array.from({ length: 1000 }, (_, i) => ({
      id: i + 1,
      name: `Truck ${String(i + 1).padStart(4, '0')} Łódź`,
      distance: 1_000_000 - i * 900,
      score: i % 17 === 0 ? null : 100 - (i % 100),
      distanceRank: i + 1,
      scoreRank: i % 17 === 0 ? null : i + 1,
    }));
    const started = performance.now();
    const pdf = await drivingStylePdfDocument({
      kind: 'assets',
      organisation: 'Large fleet',
      period: '1 Nov 2026 – 1 Dec 2026',
      group: 'All groups',
      generated: 'now',
      rows,
      language: 'en',
    });
    const ms = performance.now() - started;
    expect(ms).toBeLessThan(10_000);
    const { text } = read(pdf, 'large');
    const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(15);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain('Truck 1000 Łódź');
  });

  it('refuses: other organisation 404, bad kind/language/body 400, three at once 429', async () => {
    expect((await rankingsPdf('drivers', 'manager', polder)).statusCode).toBe(404);
    const badKind = await rankingsPdf('trucks');
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
    expect((await rankingsPdf('drivers', 'manager', demo, 'language=fr')).statusCode).toBe(400);
    const badBody = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${demo}/exports/rankings/drivers/pdf`,
      payload: { from: 'yesterday' },
    });
    expect(badBody.statusCode).toBe(400);
    const manager = (
      await t.as('oem', { method: 'GET', url: `/api/organisations/${demo}/users?search=manager` })
    )
      .json<{ id: number; username: string; user_role: string }[]>()
      .find((u) => u.username === 'manager')!;
    const claims = { user_id: manager.id, organisation_id: demo, user_role: manager.user_role };
    const held = [
      t.app.services.exports.admit(claims as never),
      t.app.services.exports.admit(claims as never),
    ];
    try {
      const refused = await rankingsPdf();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: expect.any(String) });
    } finally {
      held.forEach((release) => release());
    }
    // refusals gave their places back
    expect((await rankingsPdf()).statusCode).toBe(200);
  });

  it('the scheduled reports’ function answers the same PDF bytes’ text', async () => {
    const manager = (
      await t.as('oem', { method: 'GET', url: `/api/organisations/${demo}/users?search=manager` })
    )
      .json<{ id: number; username: string; user_role: string }[]>()
      .find((u) => u.username === 'manager')!;
    const claims = { user_id: manager.id, organisation_id: demo, user_role: manager.user_role };
    const pdf = await t.app.services.exports.drivingStylePdf(
      claims as never,
      demo,
      'drivers',
      day,
      'nl',
    );
    const { text } = read(pdf, 'scheduled');
    expect(text).toContain('Rijstijl: ranglijst chauffeurs');
    expect(text).toContain('Pdfdriver Twee');
  });
});

describe('the trip PDF', () => {
  it('summary, map, speed chart and events, as a PDF that renders', async () => {
    const tripRow = await firstTrip();
    const response = await t.as('manager', {
      method: 'GET',
      url: `/api/assets/${truck}/exports/trips/${tripRow.id}/pdf?language=en`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, png } = read(response.rawPayload, 'trip');
    expect(text).toContain(`Trip ${tripRow.id}: PDF truck 40`);
    expect(text).toContain('Łukasz Ödön ?');
    expect(text).toContain('Speed over time (km/h)');
    expect(text).toContain('Harsh braking');
    expect(text).toContain((tripRow.drivingStyleData.drivingDistance / 1000).toFixed(1));
    expect(await inked(png)).toBeGreaterThan(4000);
    writeFileSync(join(shots(), 'pdf-trip.png'), png);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '80',
      '-f',
      '1',
      '-l',
      '1',
      join(work, 'trip.pdf'),
      join(shots(), 'pdf-trip-80'),
    ]);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '80',
      '-f',
      '1',
      '-l',
      '1',
      join(work, 'drivers.pdf'),
      join(shots(), 'pdf-driving-style-80'),
    ]);
  });

  it('answers every role as the Trips call answers it (the screen’s access)', async () => {
    const tripRow = await firstTrip();
    const window = `from=${encodeURIComponent(day.from)}&until=${encodeURIComponent(day.until)}`;
    const statuses: number[] = [];
    for (const user of ['manager', 'integrator', 'driver', 'oem', 'reseller']) {
      const screen = await t.as(user, {
        method: 'GET',
        url: `/api/assets/${truck}/trips?${window}`,
      });
      const pdf = await t.as(user, {
        method: 'GET',
        url: `/api/assets/${truck}/exports/trips/${tripRow.id}/pdf`,
      });
      expect(pdf.statusCode, user).toBe(screen.statusCode);
      statuses.push(pdf.statusCode);
    }
    expect(statuses).toContain(200);
  });

  it('refuses: another organisation’s asset 404, an unknown trip 404, bad input 400', async () => {
    const tripRow = await firstTrip();
    const other = await t.as('manager', {
      method: 'GET',
      url: `/api/assets/${polderTruck}/exports/trips/${tripRow.id}/pdf`,
    });
    expect(other.statusCode).toBe(404); // as the screens answer a record outside the subtree
    expect(other.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
    const missing = await t.as('manager', {
      method: 'GET',
      url: `/api/assets/${truck}/exports/trips/999999999/pdf`,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
    expect(
      (await t.as('manager', { method: 'GET', url: `/api/assets/${truck}/exports/trips/abc/pdf` }))
        .statusCode,
    ).toBe(400);
  });
});
