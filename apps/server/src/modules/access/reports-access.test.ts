import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The ids and groups a report names are access decisions: one of another
 * organisation answers exactly as one that does not exist (404), so a report
 * cannot probe what exists elsewhere.
 */
let t: TestApp;
let demo: number;
let foreign: { asset: number; driver: number; group: number };
beforeAll(async () => {
  t = await createTestApp();
  const seed = fleetSeed(t);
  demo = await t.organisationId('Demo Transport');
  const polder = await t.organisationId('Polder Logistics');
  foreign = {
    asset: (await seed.asset(polder)).id,
    driver: (await seed.driver(polder)).id,
    group: (await seed.group(polder)).id,
  };
});
afterAll(() => t.close());

const period = { from: '2026-11-10T00:00:00+01:00', until: '2026-11-11T00:00:00+01:00' };
const MISSING = 999_999;

describe('a report naming records outside its organisation', () => {
  const cases = [
    ['assets', 'ids', 'Asset', () => foreign.asset],
    ['drivers', 'ids', 'Driver', () => foreign.driver],
    ['assets', 'groups', 'Group', () => foreign.group],
    ['drivers', 'groups', 'Group', () => foreign.group],
  ] as const;

  it.each(cases)(
    'reports/%s with %s answers 404 as for a missing one',
    async (kind, field, noun, id) => {
      for (const [which, value] of [
        ['foreign', id()],
        ['missing', MISSING],
      ] as const) {
        const response = await t.as('manager', {
          method: 'POST',
          url: `/api/organisations/${demo}/reports/${kind}`,
          payload: { ...period, [field]: [value] },
        });
        expect(response.statusCode, `${which}: ${response.body}`).toBe(404);
        expect(response.json()).toEqual({
          code: 'NOT_FOUND',
          message: `${noun} ${value} does not exist`,
        });
      }
    },
  );

  it('answers 200 for its own records', async () => {
    const seed = fleetSeed(t);
    const asset = await seed.asset(demo);
    const response = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${demo}/reports/assets`,
      payload: { ...period, ids: [asset.id] },
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});
