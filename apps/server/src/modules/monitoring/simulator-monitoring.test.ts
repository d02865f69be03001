import { sql } from 'kysely';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { AssetMonitoring } from '@fleet/contract';
// The simulator's camera unit, as `npm start`'s demo trucks run it.
import { DeviceApi } from '../../../../simulator/src/client.js';
import { ChannelHealth, runCommandLoop } from '../../../../simulator/src/commands.js';
import type { DeviceUnit, UnitServices } from '../../../../simulator/src/device-unit.js';
import { runningFeeds } from '../../../../simulator/src/live-feed.js';
import { DEFAULT_SETTINGS } from '../../../../simulator/src/settings.js';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { findJanus } from '../video-gateway/index.js';

/**
 * A simulated vehicle answers a monitoring request: it traces at the asked
 * frequency, publishes two cameras into the Janus room named by camera, stops
 * when the portal ends it, and the recordings become two MP4 media.
 */
const janusInstalled = findJanus('janus') !== undefined && findJanus('janus-pp-rec') !== undefined;
const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
/** The steps the test reached, with their times: printed when it fails. */
const steps: string[] = [];
const testStarted = Date.now();
const step = (what: string) =>
  steps.push(`${((Date.now() - testStarted) / 1000).toFixed(1)} s ${what}`);
/** Polls `check` until it holds; each check is bounded too, so a hung call fails the step. */
const until = async (what: string, check: () => Promise<boolean> | boolean, ms: number) => {
  step(`waiting: ${what}`);
  const end = Date.now() + ms;
  const timedOut = () => new Error(`timed out after ${ms} ms: ${what}`);
  for (;;) {
    const left = end - Date.now();
    if (left <= 0) throw timedOut();
    let timer: NodeJS.Timeout | undefined;
    const held = await Promise.race([
      Promise.resolve(check()),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(timedOut()), left))),
    ]).finally(() => clearTimeout(timer));
    if (held) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  step(`done: ${what}`);
};

describe.skipIf(!janusInstalled)('a simulated vehicle under monitoring', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ JANUS: 'auto', JANUS_RTP_PORTS: '21400-21500' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(() => t.close());

  it('traces, publishes two cameras and leaves two recordings', async () => {
    const seed = fleetSeed(t);
    const demo = await t.organisationId('Demo Transport');
    const asset = await seed.asset(demo);
    const device = await seed.device(demo);
    await seed.deviceLink(asset.id, device.id, ago(86_400));
    const logs: string[] = [];
    const log = (m: string) =>
      logs.push(`${((Date.now() - testStarted) / 1000).toFixed(1)} s ${m}`);
    onTestFailed(() => {
      console.error(`steps:\n${steps.join('\n')}\nthe unit's log:\n${logs.join('\n')}`);
    });
    const unit: DeviceUnit = {
      identifier: device.identifier,
      asset: 'Truck 7',
      api: new DeviceApi(url, device.credential, log),
      recording: undefined as unknown as DeviceUnit['recording'],
      settings: DEFAULT_SETTINGS,
      position: (ms) => ({
        latitude: 5_200_000 + Math.round((ms % 100_000) / 10),
        longitude: 510_000,
        speed: 63,
        heading: 0,
      }),
    };
    const services = { log, now: Date.now } as unknown as UnitServices;
    const stop = new AbortController();
    const loop = runCommandLoop(unit, services, {
      signal: stop.signal,
      health: new ChannelHealth(log),
      wait: 1,
    });
    try {
      const request = await t.as('manager', {
        method: 'POST',
        url: `/api/assets/${asset.id}/assetmonitoringrequests`,
        payload: { liveFeed: true, liveFeedCameraMask: 3, tracingFrequency: 1 },
      });
      expect(request.statusCode).toBe(201);
      let monitoring: AssetMonitoring | undefined;
      await until(
        'the monitoring is active',
        async () => {
          const active = await t.as('manager', {
            method: 'GET',
            url: `/api/assets/${asset.id}/assetmonitorings/active`,
          });
          monitoring = active.statusCode === 200 ? active.json<AssetMonitoring>() : undefined;
          return monitoring?.id !== undefined;
        },
        60_000,
      );
      const roomId = monitoring!.liveFeed!.roomId!;
      await until(
        'two publishers in the room',
        async () => {
          // Janus may answer 'No such room' for a moment: say so and look again.
          const participants = await t.app.services.videoGateway
            .participants(roomId)
            .catch((error: Error) => (step(`participants: ${error.message}`), []));
          return participants.filter((p) => p.publisher).length === 2;
        },
        60_000,
      );
      const participants = await t.app.services.videoGateway.participants(roomId);
      expect(participants.map((p) => p.display).sort()).toEqual(['FRONT', 'REAR']);
      expect(runningFeeds()).toBe(2);
      const started = Date.now();
      await new Promise((r) => setTimeout(r, 4000));
      const seen = await t.as('manager', {
        method: 'GET',
        url: `/api/assetmonitorings/${monitoring!.id}`,
      });
      const positions = seen.json<AssetMonitoring>().dataPoints;
      // One a second (the first at the start): about 4 in 4 s.
      expect(positions.length).toBeGreaterThanOrEqual(3);
      expect(positions.length).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 1000) + 3);

      // 'Enhance video' on the rear camera: the unit re-encodes it and says it is done.
      const enhance = await t.as('manager', {
        method: 'POST',
        url: `/api/assetmonitorings/${monitoring!.id}/enhancevideo`,
        payload: { camera: 2 },
      });
      expect(enhance.statusCode, enhance.body).toBe(202);
      await until(
        'the enhance command is done',
        async () => {
          const { rows } = await sql<{ status: string | null }>`
          SELECT status FROM device_commands WHERE kind = 'MONITORING_ENHANCE'
            AND (payload->>'monitoringId')::int = ${monitoring!.id}`.execute(t.db);
          return rows[0]?.status === 'DONE';
        },
        60_000,
      );
      await until('the old rear encoder has gone', () => runningFeeds() === 2, 30_000);

      await t.as('manager', { method: 'PUT', url: `/api/assetmonitorings/${monitoring!.id}/end` });
      await until('both feeds stopped', () => runningFeeds() === 0, 60_000);
      step('converting the recordings');
      await t.app.services.monitoringJobs.runJobs();
      step('converted');
      const ended = await t.as('manager', {
        method: 'GET',
        url: `/api/assetmonitorings/${monitoring!.id}`,
      });
      const feed = ended.json<AssetMonitoring>().liveFeed!;
      expect(feed.recordingsPending).toBe(0);
      expect(feed.media.map((m) => m.camera).sort()).toEqual([1, 2]);
      // The rear camera's encoder restarted (enhanced) with a new RTP timestamp base: its
      // recording still lasts about as long as the monitoring did, not hours.
      const lasted = (Date.now() - started) / 1000 + 10;
      for (const { mediaId } of feed.media) {
        const medium = await t.as('manager', { method: 'GET', url: `/api/media/${mediaId}` });
        const duration = medium.json<{ duration: number | null }>().duration;
        expect(duration, `medium ${mediaId}`).toBeGreaterThan(1);
        expect(duration, `medium ${mediaId}`).toBeLessThan(lasted);
      }
    } finally {
      step('stopping the unit');
      stop.abort();
      await loop;
      step('stopped');
    }
    expect(runningFeeds()).toBe(0);
  }, 300_000);
});
