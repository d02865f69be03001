import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AssetConfigs,
  CommandBatch,
  ConfigurationCommand,
  ConfigurationGroupDetail,
  DeviceConfiguration,
} from '@fleet/contract';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { deviceSettings, sameSettings } from './device-settings.service.js';

/** Settings reach the devices: a CONFIGURATION command per device, its state shown. */
let t: TestApp;
let seed: ReturnType<typeof fleetSeed>;
let demo: number;
let idOf: (key: string) => number;

/** 2^60 - 3: above 2^53, where a JavaScript number would round it. */
const BIG_MASK = '1152921504606846973';

function deviceClient(credential: string) {
  const headers = { authorization: `Bearer ${credential}` };
  return {
    poll: async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/device-api/v1/commands',
        headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CommandBatch>().commands.filter((c) => c.kind === 'CONFIGURATION');
    },
    send: (commandId: number, what: 'ack' | 'result', payload?: object) =>
      t.app.inject({
        method: 'POST',
        url: `/device-api/v1/commands/${commandId}/${what}`,
        headers,
        ...(payload ? { payload } : {}),
      }),
  };
}

/** An asset with a device fitted, in a new configuration group. */
async function fittedTruck() {
  const group = await seed.configurationGroup(demo);
  const asset = await seed.asset(demo);
  await t.as('manager', {
    method: 'PUT',
    url: `/api/configurationgroups/${group.id}/assets/${asset.id}`,
  });
  const device = await seed.device(demo);
  await seed.deviceLink(asset.id, device.id, '2026-01-01T00:00:00Z');
  return { group, asset, device, client: deviceClient(device.credential) };
}

const save = (groupId: number, values: [string, string][]) =>
  t.as('manager', {
    method: 'POST',
    url: `/api/configurationgroups/${groupId}/deviceconfigurations`,
    payload: values.map(([key, value]) => ({ deviceConfigurationId: idOf(key), value })),
  });
const detail = async (groupId: number) =>
  (
    await t.as('driver', { method: 'GET', url: `/api/configurationgroups/${groupId}` })
  ).json<ConfigurationGroupDetail>();

beforeAll(async () => {
  t = await createTestApp();
  seed = fleetSeed(t);
  demo = await t.organisationId('Demo Transport');
  const definitions = (
    await t.as('manager', { method: 'GET', url: '/api/deviceconfigurations' })
  ).json<DeviceConfiguration[]>();
  const ids = new Map(definitions.map((d) => [`${d.service}.${d.parameter}`, d.id]));
  idOf = (key) => ids.get(key)!;
});
afterAll(() => t.close());

describe('a saved configuration group reaches its devices', () => {
  it('fitting the device sends it the group’s settings; a save sends the new ones, the 60-bit mask exact', async () => {
    const { group, asset, device, client } = await fittedTruck();
    const [first] = await client.poll();
    expect(first!.payload).toMatchObject({ assetId: asset.id, configurationGroupId: group.id });
    expect((first!.payload as ConfigurationCommand).settings.drivingstyle!.overSpeed).toBe('90');

    const saved = await save(group.id, [
      ['drivingstyle.overSpeed', '72'],
      ['camera.eventCameraMask', BIG_MASK],
      ['drivingstyleui.overSpeedWeight', '5'],
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const commands = await client.poll();
    // the first one was never acknowledged: superseded, only the newest is handed out
    expect(commands).toHaveLength(1);
    const payload = commands[0]!.payload as ConfigurationCommand;
    expect(payload.settings.drivingstyle!.overSpeed).toBe('72');
    expect(payload.settings.camera!.eventCameraMask).toBe(BIG_MASK);
    expect(payload.settings.drivingstyleui).toBeUndefined(); // the portal's scoring settings stay home

    let state = (await detail(group.id)).devices;
    expect(state).toEqual([
      expect.objectContaining({
        deviceId: device.id,
        assetId: asset.id,
        upToDate: false,
        configuration: expect.objectContaining({ state: 'PENDING', acknowledgedAt: null }),
      }),
    ]);
    expect((await client.send(commands[0]!.id, 'ack')).statusCode).toBe(204);
    state = (await detail(group.id)).devices;
    expect(state[0]!.configuration!.acknowledgedAt).toEqual(expect.any(String));
    expect((await client.send(commands[0]!.id, 'result', { status: 'DONE' })).statusCode).toBe(204);
    state = (await detail(group.id)).devices;
    expect(state[0]).toMatchObject({
      upToDate: true,
      configuration: { state: 'APPLIED', appliedAt: expect.any(String), reason: null },
    });

    const configs = (
      await t.as('driver', { method: 'GET', url: `/api/assets/${asset.id}/configs` })
    ).json<AssetConfigs>();
    expect(configs.configurationGroup).toEqual({ id: group.id, name: group.name });
    const value = (id: number) => configs.settings.find((s) => s.deviceConfigurationId === id)!;
    expect(value(idOf('drivingstyle.overSpeed')).value).toBe('72');
    expect(value(idOf('camera.eventCameraMask')).value).toBe(BIG_MASK);
    expect(value(idOf('fms.sendFrequencyMoving')).deviceConfiguration!.defaultValue).toEqual(
      value(idOf('fms.sendFrequencyMoving')).value,
    );
    expect(configs.devices).toEqual([
      expect.objectContaining({ deviceId: device.id, upToDate: true }),
    ]);

    // the same values again: nothing new to send
    await save(group.id, [['drivingstyle.overSpeed', '72']]);
    expect(await client.poll()).toEqual([]);
  });

  it('a device that fails keeps the reason, and the devices list shows it as pending', async () => {
    const { group, device, client } = await fittedTruck();
    const [command] = await client.poll();
    await client.send(command!.id, 'result', { status: 'FAILED', reason: 'flash full' });
    const [state] = (await detail(group.id)).devices;
    expect(state!.configuration).toMatchObject({ state: 'FAILED', reason: 'flash full' });
    const pending = await t.as('manager', {
      method: 'GET',
      url: `/api/organisations/${demo}/devices`,
      query: { filter: 'pending' },
    });
    expect(pending.json().map((d: { id: number }) => d.id)).toContain(device.id);
  });

  it('moving the asset to another configuration group, or out of it, sends the settings that apply now', async () => {
    const { asset, client } = await fittedTruck();
    await client.poll();
    const other = await seed.configurationGroup(demo);
    await save(other.id, [['drivingstyle.overSpeed', '60']]);
    await t.as('manager', {
      method: 'PUT',
      url: `/api/configurationgroups/${other.id}/assets/${asset.id}`,
    });
    const [moved] = await client.poll();
    expect(moved!.payload).toMatchObject({
      configurationGroupId: other.id,
      settings: { drivingstyle: { overSpeed: '60' } },
    });
    await t.as('manager', {
      method: 'DELETE',
      url: `/api/configurationgroups/${other.id}/assets/${asset.id}`,
    });
    const [out] = await client.poll();
    expect(out!.payload).toMatchObject({
      configurationGroupId: null,
      settings: { drivingstyle: { overSpeed: '90' } },
    });
  });

  it('GET assets/{id}/configs: 404 outside the subtree; an asset without device or group has the defaults', async () => {
    const asset = await seed.asset(demo);
    const configs = await t.as('manager', {
      method: 'GET',
      url: `/api/assets/${asset.id}/configs`,
    });
    expect(configs.statusCode).toBe(200);
    expect(configs.json()).toMatchObject({
      assetId: asset.id,
      configurationGroup: null,
      devices: [],
    });
    const polder = await seed.asset(await t.organisationId('Polder Logistics'));
    const outside = await t.as('manager', {
      method: 'GET',
      url: `/api/assets/${polder.id}/configs`,
    });
    expect(outside.statusCode).toBe(404);
  });
});

describe('deviceSettings and sameSettings', () => {
  const setting = (service: string, parameter: string, value: string) => ({
    deviceConfigurationId: 1,
    value,
    deviceConfiguration: { service, parameter } as DeviceConfiguration,
  });
  it('groups by service and leaves the portal’s scoring settings out', () => {
    expect(
      deviceSettings([
        setting('fms', 'a', '1'),
        setting('fms', 'b', '2'),
        setting('camera', 'c', '3'),
        setting('drivingstyleui', 'w', '4'),
      ]),
    ).toEqual({ fms: { a: '1', b: '2' }, camera: { c: '3' } });
  });
  it.each([
    [{ fms: { a: '1', b: '2' } }, { fms: { b: '2', a: '1' } }, true],
    [{ fms: { a: '1' } }, { fms: { a: '2' } }, false],
    [{ fms: { a: '1' } }, { fms: { a: '1' }, camera: {} }, false],
    [null, {}, false],
  ])('%j and %j: %s', (a, b, same) => {
    expect(sameSettings(a, b)).toBe(same);
  });
});
