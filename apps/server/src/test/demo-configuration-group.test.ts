import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigurationGroup, GroupConfiguration } from '@fleet/contract';
// The simulator's seeding, as `npm start` runs it on a first start.
import { seedDemoFleet } from '../../../simulator/src/fleet.js';
import { DEMO_PASSWORD } from '../modules/demo/index.js';
import { DEFINITION_BY_KEY } from '../modules/configurations/index.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * Issue 19 §7: the demo has a configuration group, so a new user sees the settings page with
 * settings that differ from the defaults and the trucks that hold them. The simulator seeds it
 * through the API with the fleet (no history: days 0), once.
 */

let t: TestApp;
let url = '';
const stateFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'demo-group-')), 'state.json');
const seed = () =>
  seedDemoFleet({
    url,
    signIn: { organisation: 'Fleetwise OEM', username: 'oem', password: DEMO_PASSWORD },
    stateFile,
    seed: 1,
    log: () => {},
    maker: null,
    days: 0,
    progress: null,
  });

async function get<T>(user: string, requestUrl: string): Promise<T> {
  const response = await t.as(user, { method: 'GET', url: requestUrl });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
}, 60_000);

afterAll(async () => {
  t?.app.server.closeAllConnections();
  await t?.close();
});

describe('the demo configuration group', () => {
  it('is seeded with the fleet: a few settings off their defaults, six tractors', async () => {
    const result = await seed();
    expect(result.skipped).toBe(false);
    const demo = await t.organisationId('Demo Transport');
    const groups = await get<ConfigurationGroup[]>(
      'manager',
      `/api/organisations/${demo}/configurationgroups`,
    );
    expect(groups.map((g) => g.name)).toEqual(['Distribution trucks']);
    const group = groups[0]!;

    const held = group.groupConfigurations.map((s) => ({
      key: `${s.deviceConfiguration.service}.${s.deviceConfiguration.parameter}`,
      value: s.value,
    }));
    expect(held).toHaveLength(3);
    for (const { key, value } of held) {
      expect(value, key).not.toBe(
        DEFINITION_BY_KEY.get(key as `${string}.${string}`)!.defaultValue,
      );
    }
    expect(Object.fromEntries(held.map((s) => [s.key, s.value]))).toEqual({
      'drivingstyle.overSpeed': '85',
      'drivingstyle.idleTime': '60',
      'camera.warningLevel': '70',
    });
    // The settings page's call: every setting, the group's values where it holds one.
    const page = await get<GroupConfiguration[]>(
      'manager',
      `/api/configurationgroups/${group.id}/deviceconfigurations?defaults=true&definitions=true`,
    );
    expect(page).toHaveLength(DEFINITION_BY_KEY.size);

    const members = await get<{ assets: { name: string }[] }>(
      'manager',
      `/api/configurationgroups/${group.id}/members`,
    );
    expect(members.assets).toHaveLength(6);
    for (const asset of members.assets) expect(asset.name).not.toMatch(/tipper|crane/);
  }, 240_000); // 33 trucks with their devices and drivers, made through the API

  it('is not seeded twice', async () => {
    const again = await seed();
    expect(again.skipped).toBe(true);
    const demo = await t.organisationId('Demo Transport');
    const groups = await get<ConfigurationGroup[]>(
      'manager',
      `/api/organisations/${demo}/configurationgroups`,
    );
    expect(groups).toHaveLength(1);
  }, 60_000);
});
