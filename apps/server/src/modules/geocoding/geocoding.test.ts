import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// Positions in integer degrees × 100000 (spec §9).
const UTRECHT = { latitude: 5209100, longitude: 512100 };
/** Open country about 4 km south-east of Gouda. */
const POLDER = { latitude: 5199000, longitude: 476000 };
const NORTH_SEA = { latitude: 5450000, longitude: 300000 };

const geocode = (t: TestApp, query: Record<string, string | number>) =>
  t.as('manager', { method: 'GET', url: '/api/geocode', query: stringify(query) });
const stringify = (query: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));

/** A stand-in for Nominatim or Google on loopback: answers what `reply` says and counts calls. */
async function fakeProvider(
  reply: (request: IncomingMessage) => { status: number; body: unknown } | null,
) {
  const requests: URL[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(new URL(request.url ?? '/', 'http://localhost'));
    const answer = reply(request);
    if (!answer) return; // never answers: the client's timeout must end it
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('GET /api/geocode with the offline provider (default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/geocode',
      query: stringify(UTRECHT),
    });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['no longitude', { latitude: 5209100 }],
    ['no latitude', { longitude: 512100 }],
    ['a decimal latitude', { latitude: '52.091', longitude: 512100 }],
    ['text', { latitude: 'abc', longitude: 512100 }],
    ['a latitude beyond 90°', { latitude: 9_100_000, longitude: 512100 }],
    ['a longitude beyond 180°', { latitude: 5209100, longitude: -18_000_001 }],
    ['an unknown language', { ...UTRECHT, language: 'fr' }],
    ['an unknown parameter', { ...UTRECHT, zoom: 3 }],
  ])('answers 400 for %s', async (_, query) => {
    const response = await geocode(t, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('names the place when the position is in it', async () => {
    const response = await geocode(t, UTRECHT);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ address: 'Utrecht' });
  });

  it("says 'Near' the nearest place further out, in the language asked for", async () => {
    expect((await geocode(t, POLDER)).json()).toEqual({ address: 'Near Gouda' });
    expect((await geocode(t, { ...POLDER, language: 'nl' })).json()).toEqual({
      address: 'Nabij Gouda',
    });
  });

  it('answers null far from every known place', async () => {
    expect((await geocode(t, NORTH_SEA)).json()).toEqual({ address: null });
  });

  it('caches answers by position rounded to about 100 m, and reads them back', async () => {
    const at = { latitude: 5192240, longitude: 447760 }; // Rotterdam
    expect((await geocode(t, at)).json()).toEqual({ address: 'Rotterdam' });
    const rows = await t.db
      .selectFrom('geocode_cache')
      .selectAll()
      .where('latitude', '=', 5192200)
      .where('longitude', '=', 447800)
      .execute();
    expect(rows).toMatchObject([{ provider: 'offline', language: 'en', address: 'Rotterdam' }]);

    // A position 40 m away falls in the same cell and gets the cached answer.
    await t.db
      .updateTable('geocode_cache')
      .set({ address: 'Rotterdam, from the cache' })
      .where('latitude', '=', 5192200)
      .where('longitude', '=', 447800)
      .execute();
    const near = { latitude: 5192210, longitude: 447790 };
    expect((await geocode(t, near)).json()).toEqual({ address: 'Rotterdam, from the cache' });
  });

  it('is open to every signed-in role', async () => {
    for (const user of ['oem', 'reseller', 'integrator', 'driver']) {
      const response = await t.as(user, {
        method: 'GET',
        url: '/api/geocode',
        query: stringify(UTRECHT),
      });
      expect(response.statusCode, user).toBe(200);
    }
  });
});

describe('GET /api/geocode with Nominatim (a fake one on loopback)', () => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof fakeProvider>>;
  let mode: 'ok' | 'fail' | 'none' | 'hang' = 'ok';
  beforeAll(async () => {
    provider = await fakeProvider(() => {
      if (mode === 'hang') return null;
      if (mode === 'fail') return { status: 503, body: { error: 'busy' } };
      if (mode === 'none') return { status: 200, body: { error: 'Unable to geocode' } };
      return {
        status: 200,
        body: {
          display_name: 'Domplein 9, Binnenstad, Utrecht, Nederland',
          address: { road: 'Domplein', house_number: '9', postcode: '3512 JC', city: 'Utrecht' },
        },
      };
    });
    t = await createTestApp({
      GEOCODER: 'nominatim',
      GEOCODER_URL: provider.url,
      GEOCODER_TIMEOUT: '300',
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  it('asks the provider once per cell and answers street, postcode and place', async () => {
    mode = 'ok';
    const first = await geocode(t, { ...UTRECHT, language: 'nl' });
    expect(first.json()).toEqual({ address: 'Domplein 9, 3512 JC Utrecht' });
    const asked = provider.requests.at(-1)!;
    expect(asked.pathname).toBe('/reverse');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      format: 'jsonv2',
      lat: '52.091',
      lon: '5.121',
      'accept-language': 'nl',
    });
    const count = provider.requests.length;
    expect((await geocode(t, { ...UTRECHT, language: 'nl' })).json()).toEqual(first.json());
    expect(provider.requests.length).toBe(count);
  });

  it('answers null when the provider knows no address there', async () => {
    mode = 'none';
    expect((await geocode(t, { latitude: 5300000, longitude: 400000 })).json()).toEqual({
      address: null,
    });
  });

  it.each([
    ['fails', 'fail', POLDER],
    // 100 m further south: another cache cell, same nearest place.
    ['does not answer in time', 'hang', { latitude: 5198900, longitude: 476000 }],
  ] as const)('gives the offline answer, uncached, when the provider %s', async (_, how, at) => {
    mode = how;
    const started = Date.now();
    const response = await geocode(t, at);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ address: 'Near Gouda' });
    expect(Date.now() - started).toBeLessThan(5000);
    const cached = await t.db
      .selectFrom('geocode_cache')
      .select('address')
      .where('latitude', '=', at.latitude)
      .where('longitude', '=', at.longitude)
      .execute();
    expect(cached).toEqual([]);

    // Once the provider is back it is asked again.
    mode = 'ok';
    expect((await geocode(t, at)).json()).toEqual({ address: 'Domplein 9, 3512 JC Utrecht' });
  });
});

describe('GET /api/geocode with Google (a fake one on loopback)', () => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof fakeProvider>>;
  let status = 'OK';
  beforeAll(async () => {
    provider = await fakeProvider(() => ({
      status: 200,
      body:
        status === 'OK'
          ? {
              status,
              results: [
                { formatted_address: 'Stationsplein 1, 3511 ED Utrecht, Nederland' },
                { formatted_address: 'Utrecht, Nederland' },
              ],
            }
          : { status, results: [], error_message: 'The provided API key is invalid.' },
    }));
    t = await createTestApp({
      GEOCODER: 'google',
      GEOCODER_URL: provider.url,
      GOOGLE_MAPS_KEY: 'test-key',
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  it("answers the first result's formatted address, asking with latlng and the key", async () => {
    status = 'OK';
    expect((await geocode(t, UTRECHT)).json()).toEqual({
      address: 'Stationsplein 1, 3511 ED Utrecht, Nederland',
    });
    const asked = provider.requests.at(-1)!;
    expect(asked.pathname).toBe('/json');
    expect(asked.searchParams.get('latlng')).toBe('52.091,5.121');
    expect(asked.searchParams.get('key')).toBe('test-key');
  });

  it('falls back to the offline answer when Google refuses', async () => {
    status = 'REQUEST_DENIED';
    expect((await geocode(t, POLDER)).json()).toEqual({ address: 'Near Gouda' });
  });

  it('answers null for ZERO_RESULTS', async () => {
    status = 'ZERO_RESULTS';
    expect((await geocode(t, NORTH_SEA)).json()).toEqual({ address: null });
  });
});
