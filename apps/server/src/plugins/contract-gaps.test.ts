import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetSeed } from '../test/fleet-seed.js';
import { multipart, testJpeg } from '../test/media-test-files.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** Issue 19 §10: the small gaps between the API and what spec §7 and docs/api.md say of it. */
let t: TestApp;
let demo: number;
let identifier: string;

beforeAll(async () => {
  t = await createTestApp({ MEDIA_JOB_MINUTES: '0' });
  demo = await t.organisationId('Demo Transport');
  const seed = fleetSeed(t);
  const asset = await seed.asset(demo);
  const device = await seed.device(demo);
  identifier = device.identifier;
  await seed.deviceLink(asset.id, device.id, '2026-11-01T00:00:00Z');
}, 60_000);
afterAll(() => t.close());

const report = (body: object, user = 'manager') =>
  t.as(user, {
    method: 'POST',
    url: `/api/organisations/${demo}/reports/assets`,
    payload: {
      from: '2026-11-02T00:00:01+01:00',
      until: '2026-11-02T23:59:59+01:00',
      scoreData: true,
      drivingStyleData: true,
      ...body,
    },
  });

describe('contract gaps (issue 19 §10)', () => {
  it('takes POST media/ with the trailing slash of spec §7, as POST media', async () => {
    const data = await testJpeg();
    for (const url of ['/api/media/', '/api/media']) {
      const response = await t.as('manager', {
        method: 'POST',
        url,
        ...multipart(
          { identifier, timestamp: '2026-11-10T08:00:00Z', mimeType: 'image/jpeg' },
          { filename: 'x.jpg', contentType: 'image/jpeg', data },
        ),
      });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
    }
    const driver = await t.as('driver', {
      method: 'POST',
      url: '/api/media/',
      ...multipart(
        { identifier, timestamp: '2026-11-10T08:00:00Z', mimeType: 'image/jpeg' },
        { filename: 'x.jpg', contentType: 'image/jpeg', data },
      ),
    });
    expect(driver.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/media/' });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each([['ALL'], [['ALL']]])('takes groups: %j as the whole organisation', async (groups) => {
    const response = await report({ groups });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses another groups value in words', async () => {
    const response = await report({ groups: 'all' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: "groups must be a list or 'ALL'",
    });
  });

  it.each([
    ['text/plain', '{"organisation":"Demo Transport"}'],
    ['text/html', '<p>hi</p>'],
    ['application/xml', '<login/>'],
  ])('answers a %s body with 415 {code, message}', async (type, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': type },
      payload,
    });
    expect(response.statusCode, response.body).toBe(415);
    expect(response.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.stringContaining(type),
    });
  });

  it.each([
    [{ name: '   ' }, 'name must have a visible character'],
    [{ name: 5 }, 'name must be text'],
  ])('says what is wrong with %j in words, no pattern nor anyOf', async (payload, message) => {
    const response = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${demo}/groups`,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION_ERROR', message });
  });
});
