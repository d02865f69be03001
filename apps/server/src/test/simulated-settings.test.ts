import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AssetConfigs,
  ConfigurationGroup,
  DeviceConfiguration,
  RawData,
} from '@fleet/contract';
// The simulator's live fleet, as `npm start` runs it: every unit polls the device channel.
import { runLive } from '../../../simulator/src/fleet.js';
import { DEMO_PASSWORD } from '../modules/demo/index.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * Issue 10 §7: a saved threshold changes what a truck does. The demo fleet's simulator drives
 * one truck live against the real server on loopback; the manager puts the truck in a
 * configuration group and lowers its over-speed threshold from 90 to 60 km/h through the API
 * the settings page uses; the truck's unit takes the CONFIGURATION from the device channel,
 * acknowledges it (the asset's configs say APPLIED), and from then on reports over-speed
 * starts at speeds the old threshold let pass.
 *
 * The simulator's clock runs 20 times as fast, from two hours ago (never ahead of the server's:
 * what it sends is history, as a unit catching up would send it), so a truck covers in
 * seconds the road it would in minutes. Everything else is real time: the polls, the
 * command and its acknowledgement.
 */

const OLD_THRESHOLD = 90;
const NEW_THRESHOLD = 60;
const SPEEDUP = 20;
const minute = 60_000;

let t: TestApp;
const stop = new AbortController();
let driving: Promise<void>;
const logs: string[] = [];
const started = Date.now();
const origin = started - 120 * minute;
/**
 * The simulator's clock: SPEEDUP times real time from two hours ago, never past now (which it
 * reaches after more than 6 minutes, longer than the test may take).
 */
const clock = () => Math.min(Date.now(), origin + SPEEDUP * (Date.now() - started));

async function call<T>(user: string, method: string, url: string, payload?: unknown) {
  const response = await t.as(user, {
    method: method as 'GET',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
  return (response.body ? response.json<T>() : undefined) as T;
}

/** Polls `read` until `done` says yes, for at most `ms`; answers the last value read. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`gave up after ${ms} ms: ${JSON.stringify(value).slice(0, 1000)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Every raw record of the truck since the simulator's clock began (fewer than the page of 1000
 * in two hours), as OEM: raw data is OEM's.
 */
const records = (assetId: number) =>
  call<RawData[]>(
    'oem',
    'GET',
    `/api/assets/${assetId}/rawdatas?limit=1000&from=${encodeURIComponent(new Date(origin - minute).toISOString())}`,
  );

const overSpeedStarts = (list: RawData[]) =>
  list.filter((r) => r.events.some((e) => e.eventType === 'OVER_SPEED_START'));

beforeAll(async () => {
  t = await createTestApp();
  const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  driving = runLive({
    url,
    signIn: { organisation: 'Fleetwise OEM', username: 'oem', password: DEMO_PASSWORD },
    stateFile: path.join(mkdtempSync(path.join(os.tmpdir(), 'settings-sim-')), 'state.json'),
    seed: 7,
    log: (message) => logs.push(message),
    maker: null, // no pictures or clips: not what this is about
    vehicles: 1,
    interval: 500,
    signal: stop.signal,
    now: clock,
  });
  driving.catch(() => undefined); // awaited in afterAll; a failure shows in the logs there
}, 60_000);

afterAll(async () => {
  stop.abort();
  await driving?.catch((error: Error) => logs.push(`runLive: ${error.message}`));
  t?.app.server.closeAllConnections();
  await t?.close();
});

describe('a lower over-speed threshold saved for a configuration group', () => {
  it('reaches the demo truck, is applied, and the truck reports over-speed at it', async () => {
    // The truck the simulator drives: "Driving live: <asset> (Demo Transport). …"
    const line = await until(
      async () => logs.find((l) => l.startsWith('Driving live:')),
      Boolean,
      45_000,
    );
    const assetName = /^Driving live: (.+) \(Demo Transport\)/.exec(line!)![1]!;
    const demo = await t.organisationId('Demo Transport');
    const [asset] = await call<{ id: number }[]>(
      'manager',
      'GET',
      `/api/organisations/${demo}/assets?search=${encodeURIComponent(assetName)}`,
    );
    const assetId = asset!.id;

    // Under the default threshold it drives between 65 and 90 km/h without an over-speed start
    // (checked below with the rest of what it sent before the save).
    await until(
      () => records(assetId),
      (list) =>
        list.some((r) => (r.speed ?? 0) >= NEW_THRESHOLD + 5 && (r.speed ?? 0) < OLD_THRESHOLD),
      90_000,
    );

    // The manager's configuration group, with the truck in it and over-speed at 60 km/h.
    const group = await call<ConfigurationGroup>(
      'manager',
      'POST',
      `/api/organisations/${demo}/configurationgroups`,
      { name: 'Careful drivers' },
    );
    await call('manager', 'PUT', `/api/configurationgroups/${group.id}/assets/${assetId}`);
    const definitions = await call<DeviceConfiguration[]>(
      'manager',
      'GET',
      '/api/deviceconfigurations',
    );
    const overSpeed = definitions.find(
      (d) => d.service === 'drivingstyle' && d.parameter === 'overSpeed',
    )!;
    expect(overSpeed.defaultValue).toBe(String(OLD_THRESHOLD));
    const savedAt = clock();
    await call('manager', 'POST', `/api/configurationgroups/${group.id}/deviceconfigurations`, [
      { deviceConfigurationId: overSpeed.id, value: String(NEW_THRESHOLD) },
    ]);

    // The unit takes it from the device channel and says it applied it.
    const configs = await until(
      () => call<AssetConfigs>('manager', 'GET', `/api/assets/${assetId}/configs`),
      (c) => c.devices[0]?.upToDate === true,
      30_000,
    );
    expect(configs.configurationGroup?.id).toBe(group.id);
    expect(configs.devices[0]!.configuration).toMatchObject({
      state: 'APPLIED',
      configurationGroupId: group.id,
    });
    expect(configs.settings.find((s) => s.deviceConfigurationId === overSpeed.id)?.value).toBe(
      String(NEW_THRESHOLD),
    );

    // From then on: over-speed starts between 60 and 90 km/h (speeds as sent, whole km/h).
    const slower = (list: RawData[]) =>
      overSpeedStarts(list).filter((r) => (r.speed ?? 0) < OLD_THRESHOLD);
    const after = await until(
      () => records(assetId),
      (list) => slower(list).length > 0,
      120_000,
    );
    for (const record of slower(after)) {
      expect(record.speed!).toBeGreaterThanOrEqual(NEW_THRESHOLD);
      expect(Date.parse(record.timestamp), 'only after the save').toBeGreaterThan(savedAt);
    }
    // Before it, every over-speed start was at the old threshold.
    const before = overSpeedStarts(after).filter((r) => Date.parse(r.timestamp) <= savedAt);
    for (const record of before) expect(record.speed!).toBeGreaterThanOrEqual(OLD_THRESHOLD);
    console.info(
      `simulated ${Math.round((clock() - origin) / minute)} min in ${Math.round((Date.now() - started) / 1000)} s: ` +
        `${after.length} records, over-speed starts ${before.length} before the save, ` +
        `${slower(after).length} after it below ${OLD_THRESHOLD} km/h (${slower(after)
          .map((r) => r.speed)
          .join(', ')})`,
    );
  }, 240_000);
});
