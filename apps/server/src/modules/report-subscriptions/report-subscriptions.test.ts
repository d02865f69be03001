import { execFileSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  rankingTotals,
  type DeviceWithCredential,
  type Report,
  type ReportDeliveryList,
  type ReportSubscription,
} from '@fleet/contract';
import { createDb, type Db } from '../../db/database.js';
import { fleetSeed } from '../../test/fleet-seed.js';
import { smtpCapture, type SmtpCapture } from '../../test/smtp-capture.js';
import { tripRecords } from '../../test/trip-records.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createReportSubscriptions, NO_SMTP } from './index.js';

/**
 * Issue 21 §4, §5: report subscriptions, who may make and see them, and the weekly report sent
 * once to a real SMTP server on loopback (also with two processes at once), its .xlsx read
 * back and compared with the report API; kept PENDING without SMTP; retried after SMTP was down.
 */
let t: TestApp;
let demo: number;
let polder: number;
let polderGroup: number;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const received: ParsedMail[] = [];
const servers: SmtpCapture[] = [];

/** The job's clock: a Wednesday, so the last week is Monday 2 to Sunday 8 November. */
const NOW = new Date('2026-11-11T08:00:00Z');
const WEEK = { from: '2026-11-02T00:00:00+01:00', until: '2026-11-09T00:00:00+01:00' };
const PORTAL = 'https://portal.example';

const send = async (device: DeviceWithCredential, records: object[]) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/device-api/v1/records',
    headers: { authorization: `Bearer ${device.credential}` },
    payload: { records },
  });
  expect(response.json().stored, response.body).toBe(records.length);
};

/** A real SMTP server on loopback (port 0: any free one), closed after the tests. */
async function smtpServer(port = 0): Promise<SmtpCapture> {
  const capture = await smtpCapture(received, port);
  servers.push(capture);
  return capture;
}

/** A process's scheduled-reports job on its own pool, with the test's clock. */
const job = (db: Db, smtpUrl: string | undefined) =>
  createReportSubscriptions({
    db,
    access: undefined as never,
    sources: {
      exports: t.app.services.exports,
      safety: t.app.services.safety,
      zones: t.app.services.zones,
      timezone: t.config.timezone,
    },
    mail: {
      smtpUrl,
      mailFrom: 'Fleet <reports@test>',
      publicBaseUrl: PORTAL,
      timezone: 'Europe/Amsterdam',
    },
    now: () => NOW,
  }).reportDelivery;

const subscribe = (user: string, organisation: number, body: object) =>
  t.as(user, {
    method: 'POST',
    url: `/api/organisations/${organisation}/report-subscriptions`,
    payload: body,
  });
const deliveries = async (user = 'manager') =>
  (
    await t.as(user, { method: 'GET', url: `/api/organisations/${demo}/report-deliveries` })
  ).json<ReportDeliveryList>();
const WEEKLY = { kind: 'DRIVING_STYLE', frequency: 'WEEKLY', email: 'marit@demo.example' };

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.organisationId('Demo Transport');
  polder = await t.organisationId('Polder Logistics');
  const seed = fleetSeed(t);
  polderGroup = (await seed.group(polder)).id;
  for (const [index, km] of [30, 12].entries()) {
    const asset = await seed.asset(demo, `Weekly truck ${index}`);
    const device = await seed.device(demo);
    const driver = await seed.driver(demo, `Weeklydriver ${index}`);
    await seed.deviceLink(asset.id, device.id, '2026-10-01T00:00:00Z');
    await seed.driverLink(asset.id, driver.id, '2026-10-01T00:00:00Z');
    await send(device, tripRecords('2026-11-04', '10', 0, km));
  }
  await t.app.services.engine.drain();
}, 60_000);

afterAll(async () => {
  await t?.close();
  for (const server of servers) await server.close();
}, 60_000);

describe('report subscriptions: who may make and see them', () => {
  let own: ReportSubscription;

  it('a user subscribes themselves; the language defaults to the organisation’s', async () => {
    const created = await subscribe('manager', demo, { ...WEEKLY, language: 'nl' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      ...WEEKLY,
      language: 'nl',
      groupId: null,
      userName: 'Marit de Vries',
    });
    const driverOwn = await subscribe('driver', demo, {
      kind: 'SAFETY_EVENTS',
      frequency: 'DAILY',
      email: 'daan@demo.example',
    });
    expect(driverOwn.statusCode, driverOwn.body).toBe(201);
    own = driverOwn.json<ReportSubscription>();
    expect(own.language).toMatch(/^(en|nl)$/);
  });

  it('a DRIVER sees only their own; a manager the organisation’s', async () => {
    const list = async (user: string) =>
      (
        await t.as(user, { method: 'GET', url: `/api/organisations/${demo}/report-subscriptions` })
      ).json<ReportSubscription[]>();
    expect((await list('driver')).map((s) => s.id)).toEqual([own.id]);
    expect((await list('manager')).map((s) => s.kind).sort()).toEqual([
      'DRIVING_STYLE',
      'SAFETY_EVENTS',
    ]);
  });

  it('403: a DRIVER subscribes nobody else and deletes nobody else’s', async () => {
    const managerId = (
      await t.as('manager', {
        method: 'GET',
        url: `/api/organisations/${demo}/report-subscriptions`,
      })
    )
      .json<ReportSubscription[]>()
      .find((s) => s.kind === 'DRIVING_STYLE')!;
    const other = await subscribe('driver', demo, { ...WEEKLY, userId: managerId.userId });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'FORBIDDEN' });
    const gone = await t.as('driver', {
      method: 'DELETE',
      url: `/api/report-subscriptions/${managerId.id}`,
    });
    expect(gone.statusCode).toBe(403);
  });

  it('another organisation: not there for the manager (404), nor its subscriptions', async () => {
    for (const call of [
      subscribe('manager', polder, WEEKLY),
      t.as('manager', { method: 'GET', url: `/api/organisations/${polder}/report-subscriptions` }),
      t.as('manager', { method: 'GET', url: `/api/organisations/${polder}/report-deliveries` }),
    ]) {
      const response = await call;
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const polders = await subscribe('reseller', polder, { ...WEEKLY, email: 'r@x.example' });
    expect(polders.statusCode, polders.body).toBe(201);
    const id = polders.json<ReportSubscription>().id;
    const foreign = await t.as('manager', {
      method: 'DELETE',
      url: `/api/report-subscriptions/${id}`,
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await t.as('reseller', { method: 'DELETE', url: `/api/report-subscriptions/${id}` }))
        .statusCode,
    ).toBe(204);
  });

  it('400 for bad input, nothing written', async () => {
    const before = await t.db.selectFrom('report_subscriptions').select('id').execute();
    const bad: [string, object][] = [
      ['kind', { ...WEEKLY, kind: 'EVERYTHING' }],
      ['frequency', { ...WEEKLY, frequency: 'HOURLY' }],
      ['e-mail', { ...WEEKLY, email: 'not an address' }],
      ['language', { ...WEEKLY, language: 'de' }],
      ['a group of another organisation', { ...WEEKLY, groupId: polderGroup }],
      ['a user unknown', { ...WEEKLY, userId: 99_999_999 }],
      ['a user above the manager', { ...WEEKLY, userId: await userId('oem') }],
      ['an extra field', { ...WEEKLY, cc: 'x@y.example' }],
    ];
    for (const [what, body] of bad) {
      const response = await subscribe('manager', demo, body);
      expect(response.statusCode, what).toBe(400);
      expect(response.json(), what).toMatchObject({
        code: expect.any(String),
        message: expect.any(String),
      });
    }
    expect(await t.db.selectFrom('report_subscriptions').select('id').execute()).toEqual(before);
  });

  it('a user deletes their own', async () => {
    const gone = await t.as('driver', {
      method: 'DELETE',
      url: `/api/report-subscriptions/${own.id}`,
    });
    expect(gone.statusCode).toBe(204);
  });
});

const userId = async (username: string) =>
  (
    await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).id;

describe('the weekly report by e-mail', () => {
  it('without SMTP: the period’s delivery is made and kept PENDING, the reason shown', async () => {
    const outcome = await job(t.db, undefined).run();
    expect(outcome).toMatchObject({ added: 1, sent: 0 });
    const list = await deliveries();
    expect(list.smtpConfigured).toBe(false);
    expect(list.items).toEqual([
      expect.objectContaining({
        kind: 'DRIVING_STYLE',
        periodStart: '2026-11-02',
        periodEnd: '2026-11-09',
        status: 'PENDING',
        attempts: 0,
        lastError: NO_SMTP,
      }),
    ]);
    // a second run makes no second delivery of the period
    expect((await job(t.db, undefined).run()).added).toBe(0);
  });

  it('SMTP configured later: two processes at once send it once, in Dutch, with the .xlsx equal to the API', async () => {
    const { port } = await smtpServer();
    const second = createDb(t.databaseUrl, 4);
    try {
      const url = `smtp://127.0.0.1:${port}`;
      const [a, b] = [job(t.db, url), job(second, url)];
      const outcomes = await Promise.all([a.run(), b.run(), a.run(), b.run()]);
      a.close();
      b.close();
      expect(outcomes.reduce((n, o) => n + o.sent, 0)).toBe(1);
    } finally {
      await second.destroy();
    }
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.subject).toBe(
      'Wekelijks: Rijstijlranglijsten · Demo Transport · 2 november 2026 – 8 november 2026',
    );
    expect(mail.headers.get('content-language')).toBe('nl');
    expect((mail.to as { text: string }).text).toBe('marit@demo.example');
    expect(mail.text).toContain(`${PORTAL}/drivingstyle`);
    expect(mail.text).toContain('Periode: 2 november 2026 – 8 november 2026');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['Demo-Transport-rankings-assets-2026-11-02-2026-11-09.xlsx', XLSX],
      ['Demo-Transport-driving-style-assets-2026-11-02-2026-11-09.pdf', 'application/pdf'],
      ['Demo-Transport-rankings-drivers-2026-11-02-2026-11-09.xlsx', XLSX],
      ['Demo-Transport-driving-style-drivers-2026-11-02-2026-11-09.pdf', 'application/pdf'],
    ]);
    for (const [index, kind] of (['asset', 'driver'] as const).entries()) {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(mail.attachments[2 * index]!.content as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const report = (
        await t.as('manager', {
          method: 'POST',
          url: `/api/organisations/${demo}/reports/${kind}s`,
          payload: { ...WEEK, scoreData: true, drivingStyleData: true },
        })
      ).json<Report>();
      const totals = rankingTotals(report, kind);
      const rows: { id: number; km: number }[] = [];
      sheet.eachRow((row, n) => {
        if (n > 1)
          rows.push({ id: row.getCell(3).value as number, km: row.getCell(4).value as number });
      });
      expect(rows.length, kind).toBe(totals.length);
      expect(
        totals.some((x) => x.distance >= 30_000),
        kind,
      ).toBe(true);
      const byId = new Map(totals.map((x) => [x.id, x.distance / 1000]));
      for (const row of rows) expect(row.km).toBeCloseTo(byId.get(row.id)!, 3);
      const sum = (values: number[]) => values.reduce((x, y) => x + y, 0);
      expect(sum(rows.map((r) => r.km))).toBeCloseTo(sum([...byId.values()]), 3);
      // the printable PDF beside it, in the recipient's language, names the same entities
      const pdf = mail.attachments[2 * index + 1]!.content;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();
      const names = sheet.getColumn(2).values.slice(2) as string[];
      expect(names.length, kind).toBeGreaterThan(0);
      for (const entity of names) expect(text, kind).toContain(entity);
      expect(text).toContain('Pagina 1');
    }
    const [sent] = (await deliveries()).items;
    expect(sent).toMatchObject({ status: 'SENT', attempts: 1, lastError: null });
  });

  it('SMTP down: the attempt fails and is retried; up again: SENT', async () => {
    const down = await smtpServer();
    await down.close();
    const port = down.port;
    const created = await subscribe('manager', demo, {
      kind: 'ZONE_VISITS',
      frequency: 'MONTHLY',
      email: 'zones@demo.example',
      language: 'en',
    });
    expect(created.statusCode, created.body).toBe(201);
    const refused = job(t.db, `smtp://127.0.0.1:${port}`);
    expect(await refused.run()).toMatchObject({ added: 1, sent: 0, failed: 1 });
    refused.close();
    const failed = (await deliveries()).items.find((d) => d.kind === 'ZONE_VISITS')!;
    expect(failed).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      periodStart: '2026-10-01',
      periodEnd: '2026-11-01',
    });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(Date.parse(failed.nextAttemptAt!)).toBeGreaterThan(Date.now() + 30_000);
    // not yet due: nothing is sent
    await smtpServer(port);
    const up = job(t.db, `smtp://127.0.0.1:${port}`);
    expect(await up.run()).toMatchObject({ sent: 0 });
    await t.db.updateTable('report_deliveries').set({ next_attempt_at: new Date() }).execute();
    expect(await up.run()).toMatchObject({ sent: 1 });
    up.close();
    const sent = (await deliveries()).items.find((d) => d.kind === 'ZONE_VISITS')!;
    expect(sent).toMatchObject({ status: 'SENT', attempts: 2, lastError: null });
    const mail = received.at(-1)!;
    expect(mail.subject).toBe(
      'Monthly: Zone visits · Demo Transport · 1 October 2026 – 31 October 2026',
    );
    expect(mail.attachments.map((a) => a.filename)).toEqual([
      'Demo-Transport-zone-visits-2026-10-01-2026-11-01.xlsx',
    ]);
  });
});
