import {
  CAMERA_BITS,
  type CommandResult,
  type DatapointInput,
  type DeviceCommand,
  type DeviceMonitoring,
  type MonitoringEnhanceCommand,
} from '@fleet/contract';
import { ApiError, pause } from './client.js';
import type { DeviceUnit, UnitPosition, UnitServices } from './device-unit.js';
import { CameraFeed, camerasToPublish } from './live-feed.js';
import type { TrackPoint } from './recorder.js';

/**
 * A MONITORING_REQUEST (docs/device-protocol.md, Monitoring): the unit starts
 * the monitoring, publishes the cameras of a live feed, and traces its
 * position every `tracingFrequency` seconds until the answer says `ended`, a
 * MONITORING_END arrives, or the simulator stops; then it stops every feed.
 */

/** The monitorings under way, by unit: a MONITORING_END stops one. */
const underWay = new Map<string, { id: number; stop: AbortController; feeds: CameraFeed[] }>();

/** The moments of the traces: every `frequency` s from `start`, the first at once. */
export function traceTimes(start: number, frequency: number, until: number): number[] {
  const times: number[] = [];
  for (let t = start; t <= until; t += frequency * 1000) times.push(t);
  return times;
}

/** The wait before the next trace after `sent`, never negative. */
export function nextTraceDelay(sent: number, frequency: number, now: number): number {
  return Math.max(0, sent + frequency * 1000 - now);
}

/** Between the points around `t`, linearly; the last one when none follows; undefined before the first. */
export function interpolate(points: readonly TrackPoint[], t: number): UnitPosition | undefined {
  if (points.length === 0 || t < points[0]!.t) return undefined;
  let i = points.length - 1;
  while (i > 0 && points[i]!.t > t) i--;
  const a = points[i]!;
  const b = points[i + 1];
  if (!b) return { latitude: a.lat, longitude: a.lon, speed: a.speed };
  const f = (t - a.t) / (b.t - a.t);
  const dy = b.lat - a.lat;
  const dx = (b.lon - a.lon) * Math.cos((a.lat / 100_000) * (Math.PI / 180));
  return {
    latitude: Math.round(a.lat + f * dy),
    longitude: Math.round(a.lon + f * (b.lon - a.lon)),
    speed: Math.round(a.speed + f * (b.speed - a.speed)),
    ...(dx !== 0 || dy !== 0
      ? { heading: Math.round(((Math.atan2(dx, dy) * 180) / Math.PI + 360) % 360) }
      : {}),
  };
}

const position = (unit: DeviceUnit, t: number): DatapointInput | undefined => {
  const p = unit.position?.(t);
  if (!p) return undefined;
  return {
    timestamp: new Date(Math.floor(t / 1000) * 1000).toISOString(),
    location: { latitude: p.latitude, longitude: p.longitude },
    speed: p.speed,
    ...(p.heading !== undefined ? { heading: p.heading % 360 } : {}),
  };
};

export async function runMonitoring(
  command: DeviceCommand,
  unit: DeviceUnit,
  services: UnitServices,
  signal: AbortSignal,
): Promise<CommandResult> {
  const monitoring = await unit.api.startMonitoring(command.id, signal);
  await follow(monitoring, unit, services, signal);
  return { status: 'DONE' };
}

/** After a restart: goes on with the monitoring the unit had under way, unless it ended meanwhile. */
export async function resumeMonitoring(
  id: number,
  unit: DeviceUnit,
  services: UnitServices,
  signal: AbortSignal,
): Promise<void> {
  let monitoring: DeviceMonitoring;
  try {
    monitoring = await unit.api.monitoring(id, signal);
  } catch (error) {
    // Gone (or another device's now): nothing to go on with.
    if (error instanceof ApiError && error.status === 404) {
      unit.keepMonitoring?.(undefined);
      return;
    }
    throw error;
  }
  await follow(monitoring, unit, services, signal);
}

/** Traces and publishes until the monitoring ends or the signal aborts. */
async function follow(
  monitoring: DeviceMonitoring,
  unit: DeviceUnit,
  services: UnitServices,
  signal: AbortSignal,
): Promise<void> {
  if (monitoring.ended) {
    unit.keepMonitoring?.(undefined);
    return;
  }
  unit.keepMonitoring?.(monitoring.id);
  const stop = new AbortController();
  const until = AbortSignal.any([signal, stop.signal]);
  underWay.get(unit.identifier)?.stop.abort();
  const feeds: CameraFeed[] = [];
  underWay.set(unit.identifier, { id: monitoring.id, stop, feeds });
  const log = services.log;
  const speedNow = () => unit.position?.(services.now())?.speed ?? 0;
  let overlay: NodeJS.Timeout | undefined;
  try {
    const live = monitoring.liveFeed;
    if (live?.available && live.gatewayUrl && live.roomId && live.pin) {
      const { width, height, fps } = unit.settings.liveFeed;
      const cameras = camerasToPublish(live.cameraMask, unit.settings.liveFeed.cameraMask);
      for (const camera of cameras)
        feeds.push(
          new CameraFeed(
            camera,
            unit.asset,
            { gatewayUrl: live.gatewayUrl, roomId: live.roomId, pin: live.pin },
            { width, height, fps },
            Date.parse(monitoring.maxEnd),
            log,
          ),
        );
      // Published in the background: tracing starts at once, a camera that fails is said.
      for (const feed of feeds)
        feed
          .start(services.now(), speedNow())
          .catch((error: Error) =>
            until.aborted
              ? undefined
              : log(`${unit.asset}: live feed ${feed.camera} failed: ${error.message}`),
          );
      overlay = setInterval(() => {
        for (const feed of feeds) feed.show(services.now(), speedNow());
      }, 1000);
      log(`${unit.asset}: monitoring ${monitoring.id}, publishing ${cameras.join(', ')}`);
    } else {
      log(`${unit.asset}: monitoring ${monitoring.id}, tracing only`);
    }
    let frequency = monitoring.tracingFrequency;
    while (!until.aborted) {
      const sent = services.now();
      const point = position(unit, sent);
      if (point) {
        const answer = await unit.api.monitoringPositions(monitoring.id, [point], until);
        if (answer.ended) break;
        frequency = answer.tracingFrequency;
      }
      await pause(nextTraceDelay(sent, frequency, services.now()), until);
    }
  } catch (error) {
    if (!until.aborted) throw error;
  } finally {
    // Stopped by the simulator's exit it goes on after a restart; otherwise it is over.
    if (!signal.aborted) unit.keepMonitoring?.(undefined);
    clearInterval(overlay);
    if (underWay.get(unit.identifier)?.stop === stop) underWay.delete(unit.identifier);
    await Promise.all(feeds.map((feed) => feed.close()));
    log(`${unit.asset}: monitoring ${monitoring.id} stopped`);
  }
}

/** A MONITORING_END: the monitoring of its `monitoringId` stops (if this unit runs it). */
export async function endMonitoring(
  command: DeviceCommand,
  unit: DeviceUnit,
): Promise<CommandResult> {
  const id = (command.payload as { monitoringId?: number } | null)?.monitoringId;
  const current = underWay.get(unit.identifier);
  if (current && (id === undefined || current.id === id)) current.stop.abort();
  return { status: 'DONE' };
}

/**
 * A MONITORING_ENHANCE ('Enhance video' in the monitoring view): that camera of the monitoring
 * under way at a higher quality for the seconds asked. FAILED when this unit does not publish it.
 */
export async function enhanceCamera(
  command: DeviceCommand,
  unit: DeviceUnit,
): Promise<CommandResult> {
  const payload = command.payload as Partial<MonitoringEnhanceCommand> | null;
  const current = underWay.get(unit.identifier);
  if (!current || current.id !== payload?.monitoringId)
    return { status: 'FAILED', reason: 'that monitoring is not under way on this device' };
  const feed = current.feeds.find((f) => CAMERA_BITS[f.camera] === payload.camera);
  if (!feed) return { status: 'FAILED', reason: `camera ${payload.camera} is not published` };
  feed.enhance(payload.seconds ?? 60);
  return { status: 'DONE' };
}
