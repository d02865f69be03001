import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { sql } from 'kysely';
import type {
  AlertMailList,
  AlertNotificationList,
  AlertRule,
  DeviceWithCredential,
  PushEvent,
} from '@fleet/contract';
import { createDb } from '../../db/database.js';
import { OutboundPolicy } from '../../lib/outbound.js';
import { fleetSeed } from '../../test/fleet-seed.js';
import { smtpCapture, type SmtpCapture } from '../../test/smtp-capture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createAlerts } from './index.js';

/**
 * Issue 21 §2: alert rules fire once per occurrence (also with two processes racing), are
 * throttled to a digest, reach only users who may see the asset, live over the push channel,
 * and by e-mail to a real SMTP server on loopback, in the recipient's language.
 */
let t: TestApp;
let base: string;
let smtp: SmtpCapture;
const received: ParsedMail[] = [];
const cars: Record<'demo' | 'polder', { asset: number; device: DeviceWithCredential }> =
  {} as never;
let demo: number;
let polder: number;

const harshBrake = (device: DeviceWithCredential, at = new Date()) =>
  t.app.inject({
    method: 'POST',
    url: '/device-api/v1/records',
    headers: { authorization: `Bearer ${device.credential}` },
    payload: {
      records: [
        {
          timestamp: at.toISOString(),
          transferReason: 'EVENTS',
          location: { latitude: 5_200_000, longitude: 480_000 },
          odometer: 1_000_000,
          drivingTime: 60,
          engineHours: 1000,
          totalFuelUsed: 5000,
          events: [{ eventType: 'HARSH_BRAKE' }],
        },
      ],
    },
  });

const createRule = (user: string, organisation: number, body: object) =>
  t.as(user, {
    method: 'POST',
    url: `/api/organisations/${organisation}/alert-rules`,
    payload: body,
  });

const notificationsOf = async (user: string) =>
  (await t.as(user, { method: 'GET', url: '/api/notifications' })).json<AlertNotificationList>();

const RULE = { name: 'Harsh braking', kind: 'event', eventType: 'HARSH_BRAKE' };

beforeAll(async () => {
  smtp = await smtpCapture(received);
  const port = smtp.port;
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Fleet <alerts@test>',
  });
  base = await t.listen();
  demo = await t.organisationId('Demo Transport');
  polder = await t.organisationId('Polder Logistics');
  const seed = fleetSeed(t);
  for (const [key, organisation] of [
    ['demo', demo],
    ['polder', polder],
  ] as const) {
    const asset = (await seed.asset(organisation)).id;
    const device = await seed.device(organisation);
    await seed.deviceLink(asset, device.id, new Date(Date.now() - 86_400_000).toISOString());
    cars[key] = { asset, device };
  }
}, 60_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
}, 120_000);

describe('alert rules: who may manage them', () => {
  it('a manager creates, reads, changes and deletes a rule of its organisation', async () => {
    const created = await createRule('manager', demo, { ...RULE, name: 'Temporary' });
    expect(created.statusCode).toBe(201);
    const rule = created.json<AlertRule>();
    expect(rule).toMatchObject({ kind: 'event', eventType: 'HARSH_BRAKE', activeDays: 127 });
    const changed = await t.as('manager', {
      method: 'PUT',
      url: `/api/alert-rules/${rule.id}`,
      payload: { ...RULE, name: 'Renamed', activeFrom: 1320, activeUntil: 360 },
    });
    expect(changed.json()).toMatchObject({ name: 'Renamed', activeFrom: 1320, activeUntil: 360 });
    const gone = await t.as('manager', { method: 'DELETE', url: `/api/alert-rules/${rule.id}` });
    expect(gone.statusCode).toBe(204);
    expect(
      (await t.as('manager', { method: 'GET', url: `/api/alert-rules/${rule.id}` })).statusCode,
    ).toBe(404);
  });

  it('refuses a driver (403) and another organisation’s rules (404, as every record outside the subtree)', async () => {
    expect((await createRule('driver', demo, RULE)).statusCode).toBe(403);
    const list = await t.as('driver', {
      method: 'GET',
      url: `/api/organisations/${demo}/alert-rules`,
    });
    expect(list.statusCode).toBe(403);
    expect((await createRule('manager', polder, RULE)).statusCode).toBe(404);
    const theirs = (await createRule('reseller', polder, RULE)).json<AlertRule>();
    const read = await t.as('manager', { method: 'GET', url: `/api/alert-rules/${theirs.id}` });
    expect(read.statusCode).toBe(404);
    const del = await t.as('manager', { method: 'DELETE', url: `/api/alert-rules/${theirs.id}` });
    expect(del.statusCode).toBe(404);
    await t.as('reseller', { method: 'DELETE', url: `/api/alert-rules/${theirs.id}` });
  });

  it('answers bad rules with 400: no event type, an unknown kind, a scope outside, a private webhook', async () => {
    for (const body of [
      { name: 'x', kind: 'event' },
      { name: 'x', kind: 'zoneEnter' },
      { name: 'x', kind: 'silent' },
      { ...RULE, assetId: cars.polder.asset },
      { ...RULE, webhookUrl: 'http://127.0.0.1:9/hook' },
      { ...RULE, emailTo: [{ address: 'not an address', language: 'en' }] },
    ]) {
      const response = await createRule('manager', demo, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toHaveProperty('code');
    }
  });
});

describe('alert firing', () => {
  let rule: AlertRule;

  beforeAll(async () => {
    rule = (
      await createRule('manager', demo, {
        ...RULE,
        emailTo: [
          { address: 'planner@example.com', language: 'en' },
          { address: 'planner@example.nl', language: 'nl' },
        ],
      })
    ).json<AlertRule>();
  });

  it('a harsh brake notifies the users who may see the asset, live, and by e-mail in their language', async () => {
    const loop = t.app.services.alertWork.loop(() => {});
    loop.start();
    const stream = await openStream('manager');
    try {
      const before = (await notificationsOf('manager')).unread;
      expect((await harshBrake(cars.demo.device)).statusCode).toBe(200);
      await t.app.services.engine.drain();
      await stream.until((events) => events.some((e) => e.kind === 'notification'));
      const mine = await notificationsOf('manager');
      expect(mine.unread).toBe(before + 1);
      expect(mine.items[0]).toMatchObject({
        ruleId: rule.id,
        kind: 'event',
        detail: 'HARSH_BRAKE',
        assetId: cars.demo.asset,
        read: false,
      });
      // The organisation's users: yes; above the rule's organisation or beside it: no.
      expect((await notificationsOf('driver')).items.map((n) => n.ruleId)).toContain(rule.id);
      expect((await notificationsOf('reseller')).items).toHaveLength(0);
      expect((await notificationsOf('oem')).items).toHaveLength(0);
    } finally {
      stream.close();
      await loop.stop();
    }
    await t.app.services.alertWork.delivery.run();
    const subjects = received.map((m) => [m.to && 'text' in m.to ? m.to.text : '', m.subject]);
    expect(subjects).toEqual(
      expect.arrayContaining([
        ['planner@example.com', expect.stringMatching(/^Harsh braking – Truck/)],
        ['planner@example.nl', expect.stringMatching(/^Hard remmen – Truck/)],
      ]),
    );
    const dutch = received.find((m) => m.subject?.startsWith('Hard remmen'))!;
    expect(dutch.text).toContain('Regel: Harsh braking');
    expect(dutch.from?.text).toContain('alerts@test');
    const outbox = await t.as('manager', {
      method: 'GET',
      url: `/api/organisations/${demo}/alert-mails`,
    });
    expect(outbox.json<AlertMailList>().items.filter((m) => m.status === 'SENT')).toHaveLength(2);
  });

  it('an asset of another organisation does not fire the rule', async () => {
    const before = (await notificationsOf('manager')).items.length;
    await harshBrake(cars.polder.device);
    await t.app.services.engine.drain();
    await t.app.services.alertWork.firing.drain();
    expect((await notificationsOf('manager')).items).toHaveLength(before);
  });

  it('marks read: one, then all; another user’s notification is not found', async () => {
    const [first] = (await notificationsOf('manager')).items;
    const read = await t.as('manager', {
      method: 'POST',
      url: `/api/notifications/${first!.id}/read`,
    });
    expect(read.statusCode).toBe(204);
    expect((await notificationsOf('manager')).items[0]!.read).toBe(true);
    const other = await t.as('reseller', {
      method: 'POST',
      url: `/api/notifications/${first!.id}/read`,
    });
    expect(other.statusCode).toBe(404);
    const seen = (await notificationsOf('manager')).items.map((n) => n.id);
    const markOlder = (user: string, id: number) =>
      t.as(user, {
        method: 'POST',
        url: `/api/notifications/${id}/read`,
        query: { andOlder: 'true' },
      });
    // Up to an older one: the newest stays unread (it arrived after what the user saw).
    if (seen.length > 1) {
      expect((await markOlder('manager', Math.min(...seen))).statusCode).toBe(204);
      const after = await notificationsOf('manager');
      expect(after.items.find((n) => n.id === Math.max(...seen))!.read).toBe(false);
      expect((await markOlder('reseller', Math.max(...seen))).statusCode).toBe(404);
    }
    expect((await markOlder('manager', Math.max(...seen))).statusCode).toBe(204);
    expect((await notificationsOf('manager')).unread).toBe(0);
  });

  it('fires when the record is stored, before the engine has rebuilt its day; the rebuild adds none', async () => {
    const count = async () => (await notificationsOf('manager')).items.length;
    const before = await count();
    // sub-millisecond digits: both paths cut the time to the millisecond alike
    const at = new Date(Date.now() - 3_000);
    const device = cars.demo.device;
    const record = {
      timestamp: at.toISOString(),
      transferReason: 'EVENTS',
      location: { latitude: 5_200_000, longitude: 480_000 },
      odometer: 1_000_100,
      drivingTime: 61,
      engineHours: 1000,
      totalFuelUsed: 5001,
      events: [{ eventType: 'HARSH_BRAKE', timestamp: at.toISOString().replace('Z', '987Z') }],
    };
    const posted = await t.app.inject({
      method: 'POST',
      url: '/device-api/v1/records',
      headers: { authorization: `Bearer ${device.credential}` },
      payload: { records: [record] },
    });
    expect(posted.statusCode).toBe(200);
    await t.app.services.alertWork.firing.drain();
    expect(await count()).toBe(before + 1);
    await t.app.services.engine.drain();
    await t.app.services.alertWork.firing.drain();
    expect(await count()).toBe(before + 1);
  });
});

describe('once per occurrence, throttle', () => {
  const queue = (ruleAsset: number, references: string[]) =>
    sql`INSERT INTO alert_queue (kind, asset_id, occurred_at, detail, reference)
        SELECT 'event', ${ruleAsset}, now(), 'HARSH_ACCELERATION', r
          FROM unnest(${references}::text[]) AS r`.execute(t.db);

  const notificationsOfRule = (ruleId: number) =>
    t.db.selectFrom('alert_notifications').selectAll().where('rule_id', '=', ruleId).execute();

  it('two server processes draining the same occurrences (each queued twice) make one notification each', async () => {
    const rule = (
      await createRule('manager', demo, {
        name: 'Race',
        kind: 'event',
        eventType: 'HARSH_ACCELERATION',
        throttleLimit: 1000,
      })
    ).json<AlertRule>();
    const references = Array.from({ length: 40 }, (_, i) => `race ${i}`);
    await queue(cars.demo.asset, [...references, ...references]);
    const second = createDb(t.databaseUrl, 4);
    try {
      const other = createAlerts({
        db: second,
        access: undefined as never,
        outbound: new OutboundPolicy(),
        mail: { smtpUrl: undefined, mailFrom: 'x' },
        timeZone: t.config.timezone,
        log: t.app.log,
      });
      await Promise.all([
        t.app.services.alertWork.firing.drain(),
        other.alertWork.firing.drain(),
        t.app.services.alertWork.firing.drain(),
        other.alertWork.firing.drain(),
      ]);
      await other.alertWork.delivery.close();
    } finally {
      await second.destroy();
    }
    const rows = await notificationsOfRule(rule.id);
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((r) => r.occurrence)).size).toBe(40);
    await t.as('manager', { method: 'DELETE', url: `/api/alert-rules/${rule.id}` });
  });

  it('beyond the limit in ten minutes, one digest counts the rest', async () => {
    const rule = (
      await createRule('manager', demo, {
        name: 'Throttled',
        kind: 'event',
        eventType: 'HARSH_ACCELERATION',
        throttleLimit: 3,
      })
    ).json<AlertRule>();
    const before = (await notificationsOf('manager')).items.length;
    await queue(
      cars.demo.asset,
      Array.from({ length: 10 }, (_, i) => `burst ${i}`),
    );
    await t.app.services.alertWork.firing.drain();
    const rows = await notificationsOfRule(rule.id);
    expect(rows.filter((r) => !r.suppressed && r.digest_count === null)).toHaveLength(3);
    expect(rows.filter((r) => r.suppressed)).toHaveLength(7);
    const digests = rows.filter((r) => r.digest_count !== null);
    expect(digests.map((d) => d.digest_count)).toEqual([7]);
    const mine = await notificationsOf('manager');
    expect(mine.items.length - before).toBe(4);
    expect(mine.items[0]).toMatchObject({ ruleId: rule.id, digestCount: 7 });
  });
});

describe('a case needing review', () => {
  it('fires once per new case of the rule’s event type (every type without one), not again on a rebuild', async () => {
    const refused = await createRule('manager', demo, {
      name: 'Cases',
      kind: 'caseNeedsReview',
      eventType: 'NOT_AN_EVENT',
    });
    expect(refused.statusCode).toBe(400);
    const rule = (
      await createRule('manager', demo, { name: 'Every case', kind: 'caseNeedsReview' })
    ).json<AlertRule>();
    expect(rule.eventType).toBeNull();
    const cases = async () =>
      (await notificationsOf('manager')).items.filter((n) => n.ruleId === rule.id);
    const brake = new Date(Date.now() - 30_000);
    expect((await harshBrake(cars.demo.device, brake)).statusCode).toBe(200);
    await t.app.services.engine.drain();
    await t.app.services.alertWork.firing.drain();
    expect(await cases()).toMatchObject([
      { kind: 'caseNeedsReview', detail: 'HARSH_BRAKE', assetId: cars.demo.asset },
    ]);
    // the day rebuilt: the case keeps its id, nothing new fires
    await t.app.services.engine.requeueAssetDay(cars.demo.asset, brake);
    await t.app.services.engine.drain();
    await t.app.services.alertWork.firing.drain();
    expect(await cases()).toHaveLength(1);
  });
});

describe('without SMTP', () => {
  it('keeps the e-mails in the outbox the managers see', async () => {
    const plain = await createTestApp();
    try {
      const organisation = await plain.organisationId('Demo Transport');
      const seed = fleetSeed(plain);
      const asset = (await seed.asset(organisation)).id;
      await plain.as('manager', {
        method: 'POST',
        url: `/api/organisations/${organisation}/alert-rules`,
        payload: {
          ...RULE,
          kind: 'monitoring',
          eventType: null,
          emailTo: [{ address: 'a@b.nl', language: 'nl' }],
        },
      });
      await sql`INSERT INTO alert_queue (kind, asset_id, occurred_at, detail, reference)
                VALUES ('monitoring', ${asset}, now(), NULL, 'monitoring 1')`.execute(plain.db);
      await plain.app.services.alertWork.firing.drain();
      expect(await plain.app.services.alertWork.delivery.run()).toEqual({ mails: 0, webhooks: 0 });
      const outbox = (
        await plain.as('manager', {
          method: 'GET',
          url: `/api/organisations/${organisation}/alert-mails`,
        })
      ).json<AlertMailList>();
      expect(outbox.smtpConfigured).toBe(false);
      expect(outbox.items).toMatchObject([
        {
          toAddress: 'a@b.nl',
          status: 'PENDING',
          subject: expect.stringMatching(/^Meekijken gestart/),
        },
      ]);
      // A monitoring is not for a DRIVER (as its API).
      const driver = await plain.as('driver', { method: 'GET', url: '/api/notifications' });
      expect(driver.json<AlertNotificationList>().items).toHaveLength(0);
      const outboxForDriver = await plain.as('driver', {
        method: 'GET',
        url: `/api/organisations/${organisation}/alert-mails`,
      });
      expect(outboxForDriver.statusCode).toBe(403);
    } finally {
      await plain.close();
    }
  });
});

/** The push channel of a user: resolves `until` once its events hold what is looked for. */
async function openStream(user: string) {
  const { accessToken } = await t.login(user);
  const abort = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: { authorization: `Bearer ${accessToken}` },
    signal: abort.signal,
  });
  const events: PushEvent[] = [];
  let body = '';
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body!) {
        body += decoder.decode(chunk as Uint8Array, { stream: true });
        events.length = 0;
        for (const message of body.split('\n\n')) {
          const data = /^event: changes\ndata: (.*)$/m.exec(message)?.[1];
          if (data) events.push(...(JSON.parse(data) as PushEvent[]));
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    until: (found: (events: PushEvent[]) => boolean, ms = 15_000) =>
      new Promise<void>((resolve, reject) => {
        const started = Date.now();
        const look = () => {
          if (found(events)) return resolve();
          if (Date.now() - started > ms) return reject(new Error(`not within ${ms} ms: ${body}`));
          setTimeout(look, 20);
        };
        look();
      }),
    close: () => abort.abort(),
  };
}
