import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganisationSettings } from '@fleet/contract';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { webhookUrlProblem } from './organisation-settings.service.js';

let t: TestApp;
let org: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  org = {
    oem: await t.organisationId('Fleetwise OEM'),
    reseller: await t.organisationId('Northline Reseller'),
    demo: await t.organisationId('Demo Transport'),
    polder: await t.organisationId('Polder Logistics'),
  };
});
afterAll(() => t.close());

const read = (user: string, id: number) =>
  t.as(user, { method: 'GET', url: `/api/organisations/${id}/settings` });
const change = (user: string, id: number, payload: object, how: 'POST' | 'PUT' = 'POST') =>
  t.as(user, {
    method: how,
    url: how === 'POST' ? `/api/organisations/${id}/settings` : `/api/organisationsettings/${id}`,
    payload,
  });

it('answers the defaults while nothing was saved', async () => {
  const response = await read('manager', org.demo!);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({
    id: org.demo,
    organisationId: org.demo,
    mediaRetentionDays: 90,
    rawRetentionDays: 730,
    controlRoomIdentifier: null,
    alarmWebhookUrl: null,
    alarmWebhookSecretSet: false,
    maxMonitoringMinutes: 60,
    defaultLanguage: 'en',
    saved: false,
  });
});

describe('who may read and change them (role × organisation)', () => {
  // [user, organisation, read, change]
  const matrix: [string, string, number, number][] = [
    ['oem', 'demo', 200, 200],
    ['oem', 'oem', 200, 200],
    ['reseller', 'demo', 200, 200],
    ['reseller', 'reseller', 200, 200],
    ['reseller', 'oem', 404, 404],
    ['manager', 'demo', 200, 403],
    ['manager', 'polder', 404, 404],
    ['integrator', 'demo', 200, 403],
    ['driver', 'demo', 200, 403],
    ['driver', 'reseller', 404, 404],
  ];
  it.each(matrix)('%s on %s: read %i, change %i', async (user, name, readStatus, changeStatus) => {
    expect((await read(user, org[name]!)).statusCode).toBe(readStatus);
    for (const how of ['POST', 'PUT'] as const) {
      const response = await change(user, org[name]!, { defaultLanguage: 'nl' }, how);
      expect(response.statusCode, response.body).toBe(changeStatus);
    }
  });
});

it('keeps the secret write-only and changes only the fields sent', async () => {
  const saved = await change('reseller', org.polder!, {
    controlRoomIdentifier: '  CR-7 ',
    alarmWebhookUrl: 'https://control.example.com/hook?x=1',
    alarmWebhookSecret: 'sixteen-chars-or-more',
    maxMonitoringMinutes: 120,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json<OrganisationSettings>()).toMatchObject({
    controlRoomIdentifier: 'CR-7',
    alarmWebhookUrl: 'https://control.example.com/hook?x=1',
    alarmWebhookSecretSet: true,
    maxMonitoringMinutes: 120,
    saved: true,
  });
  expect(saved.body).not.toContain('sixteen-chars');
  const put = await change('oem', org.polder!, { mediaRetentionDays: 30 }, 'PUT');
  expect(put.json()).toMatchObject({
    mediaRetentionDays: 30,
    controlRoomIdentifier: 'CR-7',
    alarmWebhookSecretSet: true,
  });
  const cleared = await change('oem', org.polder!, {
    alarmWebhookSecret: null,
    alarmWebhookUrl: null,
  });
  expect(cleared.json()).toMatchObject({ alarmWebhookSecretSet: false, alarmWebhookUrl: null });
});

it.each([
  [{ alarmWebhookUrl: 'ftp://example.com/x' }],
  [{ alarmWebhookUrl: 'https://user:pass@example.com/x' }],
  [{ alarmWebhookUrl: 'javascript:alert(1)' }],
  // Issue 16: internal destinations (loopback, metadata) in every spelling.
  [{ alarmWebhookUrl: 'http://169.254.169.254/latest/meta-data/' }],
  [{ alarmWebhookUrl: 'http://metadata.google.internal/computeMetadata/v1/' }],
  [{ alarmWebhookUrl: 'http://2130706433:1/' }],
  [{ alarmWebhookUrl: 'http://[::ffff:127.0.0.1]:1/' }],
  [{ alarmWebhookUrl: 'http://0:1/' }],
  [{ alarmWebhookUrl: 'http://localhost:3000/' }],
  [{ alarmWebhookUrl: 'http://10.0.0.8/hook' }],
  [{ alarmWebhookSecret: 'short' }],
  [{ maxMonitoringMinutes: 4 }],
  [{ maxMonitoringMinutes: 481 }],
  [{ defaultLanguage: 'de' }],
  [{ controlRoomIdentifier: '   ' }],
  [{ mediaRetentionDays: 0 }],
  [{ rawRetentionDays: 30 }],
  [{ rawRetentionDays: 3651 }],
  [{ other: 1 }],
])('refuses %j with 400 and changes nothing', async (payload) => {
  const before = (await read('oem', org.reseller!)).json();
  const response = await change('oem', org.reseller!, payload);
  expect(response.statusCode, response.body).toBe(400);
  expect((await read('oem', org.reseller!)).json()).toEqual(before);
});

it.each<[string, RegExp | undefined]>([
  ['http://127.0.0.1:9000/hook', undefined],
  ['https://control-room.example/alarms', undefined],
  ['ftp://example.com', /http or https/],
  ['https://a:b@example.com', /user name/],
  ['not a url', /not an address/],
])('webhookUrlProblem(%s)', (url, problem) => {
  const answer = webhookUrlProblem(url);
  if (problem) expect(answer).toMatch(problem);
  else expect(answer).toBeUndefined();
});

it('refuses a webhook to a server listening on this machine (127.0.0.1), saying why', async () => {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    response.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const before = (await read('oem', org.reseller!)).json();
    const response = await change('reseller', org.reseller!, { alarmWebhookUrl: url });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      message: expect.stringMatching(/^alarmWebhookUrl is not an allowed destination/),
    });
    expect((await read('oem', org.reseller!)).json()).toEqual(before);
    expect(hits).toEqual([]);
  } finally {
    server.close();
  }
});
