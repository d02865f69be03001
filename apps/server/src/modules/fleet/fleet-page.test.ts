import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceWithCredential, FleetEntry, FleetOrganisationCount } from '@fleet/contract';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The fleet overview's pages (issue 18 §4): with limit, the server answers one page of the cards
 * (assets with a device now) in the cards' order, with how many there are; without, every asset.
 */
let t: TestApp;
let haulage: number;
let depot: number;
const ids: Record<string, number> = {};

const at = (hhmm: string) => `2026-11-05T${hhmm}:00Z`;
const send = async (device: DeviceWithCredential, timestamp: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/device-api/v1/records',
    headers: { authorization: `Bearer ${device.credential}` },
    payload: {
      records: [
        {
          timestamp,
          transferReason: 'TRIP_START',
          location: { latitude: 5200000, longitude: 480000 },
        },
      ],
    },
  });
  expect(response.json().stored, response.body).toBe(1);
};

const createOrganisation = async (parent: number, name: string) => {
  const response = await t.as('oem', {
    method: 'POST',
    url: `/api/organisations/${parent}`,
    payload: { name },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
};

/** name → last data time (null: never sent), or 'no device' */
const HAULAGE: [string, string | null | 'no device'][] = [
  ['Bravo', at('10:00')],
  ['Alpha', at('10:00')],
  ['Charlie', at('11:00')],
  ['Echo', null],
  ['Delta', null],
  ['Foxtrot', 'no device'],
  ['Golf', at('09:00')],
];
/** Newest first, never sent last, ties by name. */
const CARDS = ['Charlie', 'Alpha', 'Bravo', 'Golf', 'Delta', 'Echo'];

beforeAll(async () => {
  t = await createTestApp();
  const seed = fleetSeed(t);
  const polder = await t.organisationId('Polder Logistics');
  haulage = await createOrganisation(polder, 'Paging Haulage');
  depot = await createOrganisation(haulage, 'Paging Depot');
  for (const [name, time] of HAULAGE) {
    const asset = await seed.asset(haulage, `${name} truck`);
    ids[name] = asset.id;
    if (time === 'no device') continue;
    const device = await seed.device(haulage);
    await seed.deviceLink(asset.id, device.id, '2026-01-01T00:00:00Z');
    if (time) await send(device, time);
  }
  const below = await seed.asset(depot, 'Hotel truck');
  ids.Hotel = below.id;
  await seed.deviceLink(below.id, (await seed.device(depot)).id, '2026-01-01T00:00:00Z');
  await t.app.services.engine.drain();
});
afterAll(() => t.close());

const fleet = async (organisationId: number, query: Record<string, string>, user = 'oem') => {
  const response = await t.as(user, {
    method: 'GET',
    url: `/api/organisations/${organisationId}/assets/fleet`,
    query,
  });
  expect(response.statusCode, response.body).toBe(200);
  return {
    names: (response.json() as FleetEntry[]).map((e) => e.assetName.replace(' truck', '')),
    total: Number(response.headers['x-total-count']),
  };
};

describe('a page of the fleet overview', () => {
  it.each([
    [{ limit: '10' }, CARDS],
    [{ limit: '2' }, ['Charlie', 'Alpha']],
    [{ limit: '2', offset: '2' }, ['Bravo', 'Golf']],
    [{ limit: '2', offset: '4' }, ['Delta', 'Echo']],
    [{ limit: '2', offset: '6' }, []],
    [{ limit: '3', offset: '5' }, ['Echo']],
  ])(
    '%o: cards with a device, newest data first, never sent last, then by name',
    async (query, names) => {
      expect(await fleet(haulage, query)).toEqual({ names, total: CARDS.length });
    },
  );

  it('with entities=true pages the subtree, its total counting the cards below', async () => {
    const { names, total } = await fleet(haulage, { limit: '10', entities: 'true' });
    expect(names).toEqual([...CARDS.slice(0, 4), 'Delta', 'Echo', 'Hotel']);
    expect(total).toBe(CARDS.length + 1);
  });

  it('carries the same entries as the full list, with datapoints when asked', async () => {
    const full = await t.as('oem', {
      method: 'GET',
      url: `/api/organisations/${haulage}/assets/fleet`,
      query: { datapoints: 'true' },
    });
    const page = await t.as('oem', {
      method: 'GET',
      url: `/api/organisations/${haulage}/assets/fleet`,
      query: { datapoints: 'true', limit: '1' },
    });
    const [first] = page.json() as FleetEntry[];
    expect(first).toEqual((full.json() as FleetEntry[]).find((e) => e.assetId === ids.Charlie));
    expect(first).toHaveProperty('datapoints');
  });

  it('without limit answers every asset, devices or not, as before', async () => {
    const { names, total } = await fleet(haulage, {});
    expect(names).toEqual([...CARDS.slice(0, 4), 'Delta', 'Echo', 'Foxtrot']);
    expect(total).toBe(HAULAGE.length);
  });
});

describe('card counts per organisation', () => {
  const counts = async (organisationId: number, user = 'oem') => {
    const response = await t.as(user, {
      method: 'GET',
      url: `/api/organisations/${organisationId}/assets/fleet/organisations`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as FleetOrganisationCount[];
  };

  it('counts the organisation and each one below it that has cards', async () => {
    expect(await counts(haulage)).toEqual([
      { organisationId: haulage, count: CARDS.length },
      { organisationId: depot, count: 1 },
    ]);
    expect(await counts(depot)).toEqual([{ organisationId: depot, count: 1 }]);
    const fleetwise = await counts(await t.organisationId('Fleetwise OEM'), 'oem');
    expect(fleetwise).toContainEqual({ organisationId: haulage, count: CARDS.length });
  });

  it('is not answered outside the caller’s subtree', async () => {
    const response = await t.as('manager', {
      method: 'GET',
      url: `/api/organisations/${haulage}/assets/fleet/organisations`,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('bad paging', () => {
  it.each([
    [{ limit: '0' }, /limit/],
    [{ limit: '101' }, /limit/],
    [{ limit: '10', offset: '-1' }, /offset/],
  ])('%o answers 400 naming the field', async (query, field) => {
    const response = await t.as('oem', {
      method: 'GET',
      url: `/api/organisations/${haulage}/assets/fleet`,
      query,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(field);
  });
});
