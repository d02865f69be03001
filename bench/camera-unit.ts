/**
 * One simulated camera unit in a process of its own, for the bench's media and monitoring
 * sections (a process of its own so its CPU can be read apart from the app's): the
 * simulator's command loop (apps/simulator/src/commands.ts) with its media maker, media
 * requests and monitorings, as `npm start` runs one per demo truck. Its cameras hold a drive
 * of the last hour (0 … 90 … 0 km/h every 5 min), and a monitoring traces it standing at the
 * drive's last point.
 *
 * Environment: BENCH_UNIT_URL, BENCH_UNIT_CREDENTIAL, BENCH_UNIT_IDENTIFIER, BENCH_UNIT_ASSET.
 * Prints "ready" once polling; SIGTERM stops it (every ffmpeg with it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeviceApi } from '../apps/simulator/src/client.js';
import { ChannelHealth, runCommandLoop } from '../apps/simulator/src/commands.js';
import type { DeviceUnit, UnitServices } from '../apps/simulator/src/device-unit.js';
import { MediaMaker } from '../apps/simulator/src/media-maker.js';
import { interpolate } from '../apps/simulator/src/monitoring.js';
import { Recordings, type TrackPoint } from '../apps/simulator/src/recorder.js';
import { DEFAULT_SETTINGS } from '../apps/simulator/src/settings.js';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const url = env('BENCH_UNIT_URL');
const identifier = env('BENCH_UNIT_IDENTIFIER');
const asset = env('BENCH_UNIT_ASSET');
const log = (message: string) => process.stderr.write(`[unit] ${message}\n`);

const HOUR = 3_600_000;
const now = Date.now();
const points: TrackPoint[] = [];
for (let s = 3600; s >= 0; s -= 15) {
  points.push({
    t: now - s * 1000,
    lat: 5_200_000,
    lon: 500_000 + s,
    speed: Math.round(90 * Math.abs(Math.sin((s * Math.PI) / 300))),
  });
}
const folder = mkdtempSync(path.join(os.tmpdir(), 'fleet-bench-unit-'));
const recordings = new Recordings(folder, 2 * HOUR);
const recording = recordings.of(identifier);
recording.replace(now - HOUR - 60_000, points);
const last = points.at(-1)!;

const stop = new AbortController();
const maker = new MediaMaker(log);
const services: UnitServices = { recordings, maker, log, now: Date.now };
const unit: DeviceUnit = {
  identifier,
  asset,
  api: new DeviceApi(url, env('BENCH_UNIT_CREDENTIAL'), log, stop.signal),
  recording,
  settings: DEFAULT_SETTINGS,
  position: (t) =>
    interpolate(points, t) ?? { latitude: last.lat, longitude: last.lon, speed: last.speed },
};
const loop = runCommandLoop(unit, services, {
  signal: stop.signal,
  health: new ChannelHealth(log),
});
process.stdout.write('ready\n');

process.once('SIGTERM', () => {
  stop.abort();
  void loop
    .then(() => maker.close())
    .finally(() => {
      rmSync(folder, { recursive: true, force: true });
      process.exit(0);
    });
});
