import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceConfiguration, GroupConfiguration } from '@fleet/contract';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { scoreSettings } from './score-settings.js';
import { ConfigurationRepository } from './configurations.repository.js';
import { DEFINITIONS } from './definitions.js';

let t: TestApp;
/** Configuration groups made directly in the database: their CRUD is another module's. */
let demo: number;
let polder: number;
/** Definitions by 'service.parameter'. */
let byKey: Map<string, DeviceConfiguration>;

const createGroup = async (organisation: string, name: string) =>
  (
    await t.db
      .insertInto('configuration_groups')
      .values({ organisation_id: await t.organisationId(organisation), name })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

const url = (group: number, query = '') =>
  `/api/configurationgroups/${group}/deviceconfigurations${query}`;
const get = (user: string, group: number, query = '') =>
  t.as(user, { method: 'GET', url: url(group, query) });
const post = (user: string, group: number, payload: unknown, query = '') =>
  t.as(user, { method: 'POST', url: url(group, query), payload: payload as object });
const idOf = (key: string) => byKey.get(key)!.id;
/** What the database holds for a group, by 'service.parameter'. */
const stored = async (group: number) =>
  Object.fromEntries(await new ConfigurationRepository(t.db).valuesByKey(group));

beforeAll(async () => {
  t = await createTestApp();
  demo = await createGroup('Demo Transport', 'Long haul');
  polder = await createGroup('Polder Logistics', 'Polder default');
  const response = await t.as('manager', { method: 'GET', url: '/api/deviceconfigurations' });
  byKey = new Map(
    response.json<DeviceConfiguration[]>().map((d) => [`${d.service}.${d.parameter}`, d]),
  );
});
afterAll(() => t.close());

describe('GET /api/deviceconfigurations', () => {
  it('lists every definition with its type and bounds, in the order of the settings page', async () => {
    const response = await t.as('driver', { method: 'GET', url: '/api/deviceconfigurations' });
    expect(response.statusCode).toBe(200);
    const list = response.json<DeviceConfiguration[]>();
    expect(list.map((d) => `${d.service}.${d.parameter}`)).toEqual(
      DEFINITIONS.map((d) => `${d.service}.${d.parameter}`),
    );
    expect(byKey.get('drivingstyleui.harshBrakeWeight')).toEqual({
      id: expect.any(Number),
      service: 'drivingstyleui',
      parameter: 'harshBrakeWeight',
      category: 'Weights',
      description: expect.stringContaining('harsh braking counts'),
      defaultValue: '3',
      type: 'decimal',
      min: 0,
      max: 100,
    });
    expect(byKey.get('camera.cam2VideoMode')).toMatchObject({
      type: 'enum',
      options: ['AUTO', 'PAL', 'NTSC'],
      defaultValue: 'AUTO',
    });
    expect(byKey.get('camera.eventCameraMask')).not.toHaveProperty('max');
  });

  it('needs a signed-in caller', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/deviceconfigurations' });
    expect(response.statusCode).toBe(401);
  });
});

describe('synchronising the definitions', () => {
  const count = async () =>
    (await t.db.selectFrom('device_configurations').select('id').execute()).length;

  it('is idempotent, restores what was changed and never deletes', async () => {
    const repository = new ConfigurationRepository(t.db);
    const before = await count();
    expect(before).toBe(DEFINITIONS.length);
    await t.db
      .updateTable('device_configurations')
      .set({ description: 'edited by hand', default_value: '99', category: 'Levels' })
      .where('id', '=', idOf('fms.ignitionTimeout'))
      .execute();
    await t.db
      .insertInto('device_configurations')
      .values({
        service: 'fms',
        parameter: 'retiredSetting',
        category: 'Trips',
        description: 'Gone.',
        default_value: '1',
      })
      .execute();

    await repository.syncDefinitions();
    await repository.syncDefinitions();

    expect(await count()).toBe(before + 1); // the retired row stays
    const row = await t.db
      .selectFrom('device_configurations')
      .selectAll()
      .where('id', '=', idOf('fms.ignitionTimeout'))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      category: 'Trips',
      default_value: '120',
      description: byKey.get('fms.ignitionTimeout')!.description,
    });
    // A setting no definition knows is not offered.
    const list = await t.as('manager', { method: 'GET', url: '/api/deviceconfigurations' });
    expect(list.json()).toHaveLength(DEFINITIONS.length);
  });
});

describe('GET /api/configurationgroups/{id}/deviceconfigurations', () => {
  it('answers only the values the group holds without defaults', async () => {
    const group = await createGroup('Demo Transport', 'Empty');
    const response = await get('manager', group);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('answers every setting with defaults=true, the default where the group holds none', async () => {
    const group = await createGroup('Demo Transport', 'Defaults');
    await t.db
      .insertInto('group_configurations')
      .values({
        configuration_group_id: group,
        device_configuration_id: idOf('fms.sendFrequencyMoving'),
        value: '15',
      })
      .execute();
    const response = await get('manager', group, '?defaults=true');
    const list = response.json<GroupConfiguration[]>();
    expect(list).toHaveLength(DEFINITIONS.length);
    expect(list.find((c) => c.deviceConfigurationId === idOf('fms.sendFrequencyMoving'))).toEqual({
      deviceConfigurationId: idOf('fms.sendFrequencyMoving'),
      value: '15',
    });
    expect(list.find((c) => c.deviceConfigurationId === idOf('fms.ignitionTimeout'))?.value).toBe(
      '120',
    );
    expect(list.every((c) => !('deviceConfiguration' in c))).toBe(true);

    const held = await get('manager', group);
    expect(held.json()).toEqual([
      { deviceConfigurationId: idOf('fms.sendFrequencyMoving'), value: '15' },
    ]);
  });

  it('adds each definition with definitions=true', async () => {
    const response = await get('manager', demo, '?defaults=true&definitions=true');
    const list = response.json<GroupConfiguration[]>();
    expect(list).toHaveLength(DEFINITIONS.length);
    for (const c of list) {
      expect(c.deviceConfiguration?.id).toBe(c.deviceConfigurationId);
    }
    expect(list[0]!.deviceConfiguration).toMatchObject({
      service: 'drivingstyleui',
      parameter: expect.any(String),
      description: expect.any(String),
      category: 'Weights',
    });
  });

  it.each(['?defaults=yes', '?definitions=2', '?other=true'])(
    'answers 400 for %s',
    async (query) => {
      const response = await get('manager', demo, query);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    },
  );
});

describe('POST /api/configurationgroups/{id}/deviceconfigurations', () => {
  it('changes two values and answers the updated list', async () => {
    const response = await post(
      'manager',
      demo,
      [
        { deviceConfigurationId: idOf('drivingstyleui.harshBrakeWeight'), value: '5' },
        { deviceConfigurationId: idOf('camera.liveFeedCameraMask'), value: '17' },
      ],
      '?defaults=true&definitions=true',
    );
    expect(response.statusCode).toBe(200);
    const list = response.json<GroupConfiguration[]>();
    expect(list).toHaveLength(DEFINITIONS.length);
    const value = (key: string) => list.find((c) => c.deviceConfigurationId === idOf(key))?.value;
    expect(value('drivingstyleui.harshBrakeWeight')).toBe('5');
    expect(value('camera.liveFeedCameraMask')).toBe('17');
    expect(await stored(demo)).toMatchObject({
      'drivingstyleui.harshBrakeWeight': '5',
      'camera.liveFeedCameraMask': '17',
    });
    // The score reads the group's weight.
    expect(scoreSettings(new Map(Object.entries(await stored(demo)))).weights.harshBrake).toBe(5);

    // A second save replaces the value; without query flags only held values come back.
    const again = await post('manager', demo, [
      { deviceConfigurationId: idOf('drivingstyleui.harshBrakeWeight'), value: ' 4.50 ' },
    ]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual([
      { deviceConfigurationId: idOf('drivingstyleui.harshBrakeWeight'), value: '4.5' },
      { deviceConfigurationId: idOf('camera.liveFeedCameraMask'), value: '17' },
    ]);
  });

  it('writes nothing when one value is bad, and names the setting and the rule', async () => {
    const before = await stored(demo);
    const response = await post('manager', demo, [
      { deviceConfigurationId: idOf('fms.sendFrequencyMoving'), value: '20' },
      { deviceConfigurationId: idOf('camera.cam1Rank'), value: '9' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: "Nothing was saved: camera.cam1Rank must be a whole number from 1 to 4 (got '9')",
    });
    expect(await stored(demo)).toEqual(before);
  });

  it.each<[string, string, string]>([
    ['fms.fromIgnition', 'yes', 'fms.fromIgnition must be true or false'],
    ['camera.cam3Resolution', '4K', 'camera.cam3Resolution must be one of CIF, D1, 720P, 1080P'],
    [
      'camera.recordMask',
      '32',
      'camera.recordMask must be a camera mask: a whole number from 0 to 31',
    ],
    ['camera.alarmCameraMask', '1024', 'camera.alarmCameraMask must be an alarm mask'],
    [
      'camera.eventCameraMask',
      '1152921504606846976',
      'camera.eventCameraMask must be an event mask',
    ],
    [
      'drivingstyleui.idleFactor',
      '0',
      'drivingstyleui.idleFactor must be a number from 0.1 to 1000',
    ],
    [
      'drivingstyle.overSpeed',
      '90.5',
      'drivingstyle.overSpeed must be a whole number from 10 to 200',
    ],
  ])('refuses %s = %j', async (key, value, message) => {
    const response = await post('manager', demo, [{ deviceConfigurationId: idOf(key), value }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('keeps all 60 bits of an event mask', async () => {
    const mask = '1152921504606846975';
    const response = await post('manager', demo, [
      { deviceConfigurationId: idOf('camera.eventCameraMask'), value: mask },
    ]);
    expect(response.statusCode).toBe(200);
    expect((await stored(demo))['camera.eventCameraMask']).toBe(mask);
  });

  it.each<[string, () => unknown[], string]>([
    [
      'an unknown setting',
      () => [{ deviceConfigurationId: 999999, value: '1' }],
      'device configuration 999999 does not exist',
    ],
    [
      'the same setting twice',
      () => [
        { deviceConfigurationId: idOf('fms.fromMovement'), value: 'true' },
        { deviceConfigurationId: idOf('fms.fromMovement'), value: 'false' },
      ],
      'fms.fromMovement is given more than once',
    ],
  ])('refuses %s with 400 and writes nothing', async (_description, payload, message) => {
    const before = await stored(demo);
    const response = await post('manager', demo, payload());
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await stored(demo)).toEqual(before);
  });

  it.each<[string, unknown]>([
    ['an object instead of a list', { deviceConfigurationId: 1, value: '1' }],
    ['a number as value', [{ deviceConfigurationId: 1, value: 5 }]],
    ['a missing value', [{ deviceConfigurationId: 1 }]],
    ['an unknown field', [{ deviceConfigurationId: 1, value: '1', extra: true }]],
    ['a value too long', [{ deviceConfigurationId: 1, value: '1'.repeat(101) }]],
  ])('answers 400 for %s', async (_description, payload) => {
    const response = await post('manager', demo, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });

  it('accepts an empty list and changes nothing', async () => {
    const before = await stored(demo);
    const response = await post('manager', demo, []);
    expect(response.statusCode).toBe(200);
    expect(await stored(demo)).toEqual(before);
  });
});

describe('who may read and change a configuration group', () => {
  const change = () => [{ deviceConfigurationId: idOf('fms.ignitionTimeout'), value: '300' }];

  /** Which demo organisations each demo user may act on: its own and every descendant. */
  const VISIBLE: Record<string, string[]> = {
    oem: ['Fleetwise OEM', 'Northline Reseller', 'Demo Transport', 'Polder Logistics'],
    reseller: ['Northline Reseller', 'Demo Transport', 'Polder Logistics'],
    manager: ['Demo Transport'],
    integrator: ['Demo Transport'],
    driver: ['Demo Transport'],
  };
  const cases = Object.entries(VISIBLE).flatMap(([user, visible]) =>
    VISIBLE.oem!.map((organisation) => {
      // outside the subtree as if missing (404); inside it a DRIVER may not change (403)
      const read = visible.includes(organisation) ? 200 : 404;
      const write = read === 404 ? 404 : user !== 'driver' ? 200 : 403;
      return [user, organisation, read, write] as const;
    }),
  );
  const groups = new Map<string, number>();
  const groupOf = async (organisation: string) => {
    if (!groups.has(organisation))
      groups.set(organisation, await createGroup(organisation, 'Access matrix'));
    return groups.get(organisation)!;
  };

  it.each(cases)(
    '%s on a group of %s: read %i, change %i',
    async (user, organisation, read, write) => {
      const group = await groupOf(organisation);
      const reading = await get(user, group, '?defaults=true');
      expect(reading.statusCode).toBe(read);
      if (read === 404)
        expect(reading.json()).toEqual({
          code: 'NOT_FOUND',
          message: `Configuration group ${group} does not exist`,
        });
      const before = await stored(group);
      const response = await post(user, group, change());
      expect(response.statusCode).toBe(write);
      if (write !== 200) {
        expect(response.json().code).toBe(write === 404 ? 'NOT_FOUND' : 'FORBIDDEN');
        expect(await stored(group)).toEqual(before);
      } else {
        expect((await stored(group))['fms.ignitionTimeout']).toBe('300');
      }
    },
  );

  it('refuses a manager of Demo Transport the group of its sibling Polder Logistics', async () => {
    const response = await get('manager', polder);
    expect(response.statusCode).toBe(404);
    expect((await post('manager', polder, change())).statusCode).toBe(404);
  });

  it('refuses the driver before looking at the values', async () => {
    const response = await post('driver', demo, [
      { deviceConfigurationId: idOf('camera.cam1Rank'), value: '9' },
    ]);
    expect(response.statusCode).toBe(403);
  });

  it('answers 404 for a configuration group that does not exist', async () => {
    expect((await get('oem', 999999)).statusCode).toBe(404);
    const response = await post('oem', 999999, change());
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  it('answers 400 for an id that is not one', async () => {
    const response = await t.as('oem', {
      method: 'GET',
      url: '/api/configurationgroups/abc/deviceconfigurations',
    });
    expect(response.statusCode).toBe(400);
  });
});
