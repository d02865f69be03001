import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MediaItem, MediaLinks } from '@fleet/contract';
import { multipart, testJpeg } from './media-test-files.js';
import { fleetSeed } from './fleet-seed.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * Tokens in URLs are credentials: a media link opens its medium, a Janus long-poll's and the
 * monitoring view's token open a live feed. The real app's log, captured at debug level, holds
 * none of them, and still says which request it was.
 */

let t: TestApp;
const lines: string[] = [];
const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  t = await createTestApp(
    { MEDIA_JOB_MINUTES: '0' },
    { logger: { level: 'debug', stream: { write: (line: string) => lines.push(line) } } },
  );
}, 60_000);
afterAll(() => t.close());

it('a media link is logged without its token, and still opens its medium', async () => {
  const seed = fleetSeed(t);
  const demo = await t.organisationId('Demo Transport');
  const asset = await seed.asset(demo);
  const device = await seed.device(demo);
  await seed.deviceLink(asset.id, device.id, '2026-11-01T00:00:00Z');
  const uploaded = await t.as('manager', {
    method: 'POST',
    url: '/api/media',
    ...multipart(
      { identifier: device.identifier, timestamp: '2026-11-10T08:00:00Z', mimeType: 'image/jpeg' },
      { filename: 'p.jpg', contentType: 'image/jpeg', data: await testJpeg() },
    ),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const { id } = uploaded.json<MediaItem>();
  const links = (
    await t.as('manager', { method: 'GET', url: `/api/media/${id}/links` })
  ).json<MediaLinks>();
  const link = new URL(links.inline, 'http://portal').searchParams.get('link')!;
  expect(link.length).toBeGreaterThan(20);
  lines.length = 0;
  const file = await t.app.inject({ method: 'GET', url: links.inline });
  expect(file.statusCode).toBe(200);
  const thumbnail = await t.app.inject({ method: 'GET', url: links.thumbnail });
  expect(thumbnail.statusCode).toBe(200);

  expect(lines.join('\n')).not.toContain(link);
  expect(
    logged()
      .filter((l) => l.msg === 'request')
      .map((l) => l.url),
  ).toEqual([
    `/api/mediafiles/${id}?link=[REDACTED]`,
    `/api/mediafiles/${id}/thumbnail?link=[REDACTED]`,
  ]);
});

it("the Janus long-poll's token and the monitoring view's are logged redacted", async () => {
  const { accessToken } = await t.login('manager');
  lines.length = 0;
  for (const url of [
    `/janus/1234?rid=1&maxev=1&token=${accessToken}`,
    '/janus/1234?maxev=1&token=an-opaque-secret',
    `/monitoring?t=${accessToken}`,
  ])
    await t.app.inject({ method: 'GET', url });
  const text = lines.join('\n');
  expect(text).not.toContain(accessToken);
  expect(text).not.toContain('an-opaque-secret');
  expect(
    logged()
      .filter((l) => l.msg === 'request')
      .map((l) => l.url),
  ).toEqual([
    '/janus/1234?rid=1&maxev=1&token=[REDACTED]',
    '/janus/1234?maxev=1&token=[REDACTED]',
    '/monitoring?t=[REDACTED]',
  ]);
});

it('any other line that names a URL with a token is redacted on its way out', async () => {
  const { accessToken } = await t.login('manager');
  lines.length = 0;
  t.app.log.warn(
    { target: `http://gateway:8088/janus/1?token=${accessToken}` },
    `fetch http://remote/x?link=${accessToken} failed`,
  );
  expect(lines).toHaveLength(1);
  expect(lines[0]).not.toContain(accessToken);
  expect(JSON.parse(lines[0]!)).toMatchObject({
    target: 'http://gateway:8088/janus/1?token=[REDACTED]',
    msg: 'fetch http://remote/x?link=[REDACTED] failed',
  });
});
