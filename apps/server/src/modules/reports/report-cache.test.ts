import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '@fleet/contract';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { canonicalJson, ReportCache } from './report-cache.js';

/** Report answers kept for a few seconds (report-cache.ts): the cache alone, then the routes. */

const MB = 1024 * 1024;
const cacheAt = (
  clock: { now: number },
  options: Partial<{ seconds: number; maxBytes: number; maxEntryBytes: number }> = {},
) =>
  new ReportCache({
    seconds: 5,
    maxBytes: MB,
    maxEntryBytes: MB,
    now: () => clock.now,
    ...options,
  });

/** Makes the answer of `key` from `items` and ends it (whole unless said). */
function make(cache: ReportCache, key: string, items: string[], whole = true) {
  const making = cache.start(key);
  for (const item of items) making.item(item);
  making.end(whole);
}

describe('canonicalJson', () => {
  it.each([
    ['keys in order', { until: 'b', from: 'a' }, '{"from":"a","until":"b"}'],
    ['nested keys in order', { b: { d: 1, c: 2 }, a: [3, 1] }, '{"a":[3,1],"b":{"c":2,"d":1}}'],
    ['undefined left out', { from: 'a', ids: undefined }, '{"from":"a"}'],
    ['arrays keep their order', { ids: [2, 1] }, '{"ids":[2,1]}'],
    ['text escaped', { name: 'a"b' }, '{"name":"a\\"b"}'],
  ])('%s', (_what, value, expected) => {
    expect(canonicalJson(value)).toBe(expected);
  });
});

describe('ReportCache', () => {
  it('answers a whole answer as a JSON array until its seconds are over', async () => {
    const clock = { now: 1000 };
    const cache = cacheAt(clock);
    make(cache, 'k', ['{"a":1}', '{"b":2}']);
    expect((await cache.find('k'))!.json.toString()).toBe('[{"a":1},{"b":2}]');
    expect((await cache.find('k'))!.madeAt).toBe(1000);
    clock.now = 5999;
    expect(await cache.find('k')).toBeDefined();
    clock.now = 6000;
    expect(await cache.find('k')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it.each([
    ['an answer broken off', { whole: false, options: {} }],
    ['an answer larger than the largest kept', { whole: true, options: { maxEntryBytes: 10 } }],
    ['nothing when the seconds are 0', { whole: true, options: { seconds: 0 } }],
  ])('keeps nothing of %s', async (_what, { whole, options }) => {
    const cache = cacheAt({ now: 0 }, options);
    make(cache, 'k', ['{"a":"0123456789"}'], whole);
    expect(await cache.find('k')).toBeUndefined();
    expect(cache.size.entries).toBe(0);
  });

  it('is empty for the same report once something changed, also while it was being made', async () => {
    const cache = cacheAt({ now: 0 });
    const body = { from: 'a', until: 'b' };
    make(cache, cache.key('assets', 1, body), ['{}']);
    const before = cache.key('assets', 1, body);
    expect(await cache.find(before)).toBeDefined();
    const making = cache.start(before);
    cache.changed();
    making.item('{}');
    making.end(true);
    const after = cache.key('assets', 1, body);
    expect(after).not.toBe(before);
    expect(await cache.find(after)).toBeUndefined();
    expect(await cache.find(before)).toBeUndefined();
  });

  it('keys the kind, the organisation and the body in any order of its keys', () => {
    const cache = cacheAt({ now: 0 });
    const key = cache.key('assets', 1, { from: 'a', until: 'b' });
    expect(cache.key('assets', 1, { until: 'b', from: 'a' })).toBe(key);
    expect(cache.key('drivers', 1, { from: 'a', until: 'b' })).not.toBe(key);
    expect(cache.key('assets', 2, { from: 'a', until: 'b' })).not.toBe(key);
    expect(cache.key('assets', 1, { from: 'a', until: 'c' })).not.toBe(key);
  });

  it('lets those who ask while it is being made wait for it, and have nothing if it breaks off', async () => {
    const cache = cacheAt({ now: 0 });
    const first = cache.start('k');
    const waiting = cache.find('k');
    first.item('{"x":1}');
    first.end(true);
    expect((await waiting)!.json.toString()).toBe('[{"x":1}]');

    const slow = cache.start('s');
    expect(await cache.find('s', 20)).toBeUndefined();
    slow.end(true);

    const second = cache.start('j');
    const waitingAgain = cache.find('j');
    second.end(false);
    expect(await waitingAgain).toBeUndefined();
  });

  it('lets the oldest answers go when all kept would be more than maxBytes', async () => {
    const clock = { now: 0 };
    const cache = cacheAt(clock, { maxBytes: 25 });
    for (const key of ['a', 'b', 'c']) {
      clock.now++;
      make(cache, key, ['"0123456789"']); // 14 bytes as an array
    }
    expect(await cache.find('a')).toBeUndefined();
    expect(await cache.find('b')).toBeUndefined();
    expect(await cache.find('c')).toBeDefined();
    expect(cache.size).toEqual({ entries: 1, bytes: 14 });
  });
});

describe('the report routes with answers kept', () => {
  let t: TestApp;
  let demo: number;
  let polder: number;
  let truck: number;
  const day = { from: '2026-11-05T00:00:00+01:00', until: '2026-11-06T00:00:00+01:00' };

  const report = (
    payload: object,
    {
      user = 'manager',
      organisationId = demo,
      headers = {},
    }: { user?: string; organisationId?: number; headers?: Record<string, string> } = {},
  ) =>
    t.as(user, {
      method: 'POST',
      url: `/api/organisations/${organisationId}/reports/assets`,
      payload,
      headers,
    });
  const names = (body: string) =>
    (JSON.parse(body) as Report)[0]!.assetPeriodData!.map((a) => a.assetName);

  beforeAll(async () => {
    t = await createTestApp({ REPORT_CACHE_SECONDS: '30' });
    demo = await t.organisationId('Demo Transport');
    polder = await t.organisationId('Polder Logistics');
    const seed = fleetSeed(t);
    truck = (await seed.asset(demo, 'Truck A')).id;
    await seed.asset(polder, 'Polder truck');
  });
  afterAll(() => t.close());

  it('answers the same report asked again with the answer made, with its age', async () => {
    const first = await report(day);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers.age).toBeUndefined();
    const again = await report({ until: day.until, from: day.from });
    expect(again.statusCode).toBe(200);
    expect(again.headers.age).toBe('0');
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first.body);
    // The same report from another user of the organisation, and a gzip answer of the same.
    const zipped = await report(day, {
      user: 'integrator',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(first.body);
    const zippedAgain = await report(day, { headers: { 'accept-encoding': 'gzip' } });
    expect(zippedAgain.rawPayload.equals(zipped.rawPayload)).toBe(true);
    // Another report is made.
    const other = await report({ ...day, minimumDistance: 0 });
    expect(other.headers.age).toBeUndefined();
  });

  it('makes the report again after a write, so who changed something sees it', async () => {
    expect((await report(day)).headers.age).toBe('0');
    const renamed = await t.as('manager', {
      method: 'PUT',
      url: `/api/assets/${truck}`,
      payload: { name: 'Truck A renamed' },
    });
    expect(renamed.statusCode).toBe(200);
    const after = await report(day);
    expect(after.headers.age).toBeUndefined();
    expect(names(after.body)).toContain('Truck A renamed');
  });

  it('does not start again for a refused write, nor for a report (a POST that only reads)', async () => {
    await report(day);
    const refused = await t.as('manager', {
      method: 'PUT',
      url: `/api/assets/${truck}`,
      payload: { name: '' },
    });
    expect(refused.statusCode).toBe(400);
    await report({ ...day, minimumDistance: 5 });
    expect((await report(day)).headers.age).toBe('0');
  });

  it('checks who asks before answering a kept report', async () => {
    const oem = await report(day, { user: 'oem', organisationId: polder });
    expect(oem.statusCode).toBe(200);
    expect(names(oem.body)).toEqual(['Polder truck']);
    expect((await report(day, { user: 'oem', organisationId: polder })).headers.age).toBe('0');
    const outsider = await report(day, { user: 'manager', organisationId: polder });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
    expect(outsider.body).not.toContain('Polder truck');
  });

  it('validates the body whether or not a report is kept', async () => {
    await report(day);
    const bad = await report({ ...day, colour: 'blue' });
    expect(bad.statusCode).toBe(400);
  });
});
