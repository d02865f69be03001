import { setMaxListeners } from 'node:events';
import type { DatapointInput, RawRecordInput } from '@fleet/contract';
import { ApiError, pause, type Log } from './client.js';
import { ChannelHealth, runCommandLoop } from './commands.js';
import { demoFleets } from './demo-fleet.js';
import { Session, type SimulatorOptions, type Vehicle } from './device-session.js';
import type { DeviceUnit, UnitServices } from './device-unit.js';
import { LiveEventMedia } from './event-media.js';
import { interpolate, resumeMonitoring } from './monitoring.js';
import { trackPoints, type TrackPoint } from './recorder.js';
import { roadNetwork, toLocation } from './route.js';
import { liveLeg, liveStop, type Output, type VehicleSnapshot } from './schedule.js';
import { applySettingValues, DEFAULT_SETTINGS } from './settings.js';

/**
 * Live driving: some vehicles of the fleet keep driving in real time, leg
 * after leg, sending what comes due; every unit, parked or driving, stands by
 * for its commands.
 */

const DAY = 86_400_000;

export interface LiveOptions extends SimulatorOptions {
  /** vehicles driving (0: none drives, every unit still answers commands) */
  vehicles: number;
  /** every vehicle's unit long-polls for commands and answers them (default true) */
  commands?: boolean;
  /** stops the loop */
  signal?: AbortSignal;
  /** ms between sends */
  interval?: number;
  now?: () => number;
}

/** A live leg: where it ends (`snapshot`), what it sends, and what it was planned from. */
interface LiveLeg {
  snapshot: VehicleSnapshot;
  output: Output;
  departure: number;
  start: number;
  /** where and with which counters it began */
  origin: VehicleSnapshot;
}

/** One vehicle driving live: the leg under way, and how much of it is sent. */
interface LiveVehicle {
  vehicle: Vehicle;
  unit: DeviceUnit;
  leg: LiveLeg;
  /** sent so far */
  records: number;
  datapoints: number;
  /** driven (recorded by the cameras) so far: sending may lag behind */
  recordedRecords: number;
  recordedDatapoints: number;
}

/** Which vehicles drive live: spread over the fleet, one of Polder Logistics' among them from three on. */
function pickLive(vehicles: Vehicle[], count: number): Vehicle[] {
  const demo = vehicles.filter((v) => v.fleet.organisation === 'Demo Transport');
  const others = vehicles.filter((v) => v.fleet.organisation !== 'Demo Transport');
  const fromOthers =
    count >= 3
      ? Math.min(others.length, Math.max(1, Math.round((count * others.length) / vehicles.length)))
      : 0;
  const spread = (list: Vehicle[], n: number) =>
    Array.from(
      { length: Math.min(n, list.length) },
      (_, i) => list[Math.floor((i * list.length) / n)]!,
    );
  return [...spread(demo, count - fromOthers), ...spread(others, fromOthers)].slice(0, count);
}

/** The leg from `origin` at `start`, driven by the unit's settings as they were on the way. */
function planLeg(vehicle: Vehicle, origin: VehicleSnapshot, start: number): LiveLeg {
  const driver = vehicle.state.driver === undefined ? vehicle.index : vehicle.state.driver;
  const style = driver === null ? vehicle.fleet.unknownStyle : vehicle.fleet.drivers[driver]!.style;
  const [first, ...later] = vehicle.state.legSettings ?? [];
  const settingsOf = (values: Record<string, string> | undefined) =>
    applySettingValues(DEFAULT_SETTINGS, values ?? {}).settings;
  const changes = later.map(({ at, values }) => {
    const { thresholds, periodical } = settingsOf(values);
    return { at, thresholds, periodical };
  });
  const leg = liveLeg(
    vehicle.spec.profile,
    origin,
    start,
    style,
    undefined,
    settingsOf(first?.values ?? vehicle.state.settings),
    changes,
  );
  return { ...leg, start, origin };
}

/** A leg from where the vehicle is; `resume`: the one under way when the last run stopped. */
function startLeg(vehicle: Vehicle, notBefore: number, resume = false): LiveLeg {
  const origin = vehicle.state.snapshot ?? {
    ...vehicle.spec.snapshot,
    time: notBefore - 60_000,
  };
  const start = Math.max(notBefore, origin.time + 60_000);
  // A new leg drives by the unit's settings of now; one driven again by those it had.
  if (!resume || !vehicle.state.legSettings?.length)
    vehicle.state.legSettings = [{ at: start, values: vehicle.state.settings ?? {} }];
  vehicle.state.snapshot = origin;
  vehicle.state.legStart = start;
  return planLeg(vehicle, origin, start);
}

/**
 * The vehicle driving live. A leg under way when the last run stopped is driven
 * again (part of it may have been sent, so its counters are the ones to go on
 * from); otherwise one starts now.
 */
function startLive(vehicle: Vehicle, unit: DeviceUnit, now: () => number): LiveVehicle {
  const resume = vehicle.state.legStart !== undefined;
  const leg = startLeg(vehicle, vehicle.state.legStart ?? now(), resume);
  return {
    vehicle,
    unit,
    leg,
    records: 0,
    datapoints: 0,
    recordedRecords: 0,
    recordedDatapoints: 0,
  };
}

/**
 * A configuration that reaches a vehicle under way counts from that moment: the
 * rest of its leg is driven again by the new settings (what was sent before it
 * stays as it was).
 */
function followSettings(session: Session, live: LiveVehicle[], now: () => number): void {
  for (const item of live) {
    item.unit.onSettings = (values) => {
      const timeline = (item.vehicle.state.legSettings ??= [
        { at: item.leg.start, values: item.vehicle.state.settings ?? {} },
      ]);
      timeline.push({ at: Math.max(now(), item.leg.start), values });
      item.leg = planLeg(item.vehicle, item.leg.origin, item.leg.start);
      session.save();
    };
  }
}

/** Where each vehicle is, for a monitoring's traces: on its live leg, or parked. */
function followPositions(units: Map<Vehicle, DeviceUnit>, live: LiveVehicle[]): void {
  const network = roadNetwork();
  const legPoints = new WeakMap<LiveVehicle['leg'], TrackPoint[]>();
  for (const [vehicle, unit] of units) {
    unit.position = (t) => {
      const item = live.find((l) => l.vehicle === vehicle);
      if (item && t >= item.leg.departure) {
        if (!legPoints.has(item.leg))
          legPoints.set(
            item.leg,
            trackPoints([
              ...(item.leg.output.records as RawRecordInput[]),
              ...(item.leg.output.datapoints as DatapointInput[]),
            ]),
          );
        const at = interpolate(legPoints.get(item.leg)!, t);
        if (at) return at;
      }
      const place = network.places[(vehicle.state.snapshot ?? vehicle.spec.snapshot).place];
      return place ? { ...toLocation(place), speed: 0 } : undefined;
    };
  }
}

/**
 * Every unit, parked or driving, on standby answering its commands, and a
 * monitoring under way when the simulator stopped going on (if the server
 * still has it on). Answers the loops, which end with the signal.
 */
function standBy(
  session: Session,
  units: Map<Vehicle, DeviceUnit>,
  services: UnitServices,
  signal: AbortSignal,
  log: Log,
): Promise<unknown>[] {
  const health = new ChannelHealth(log);
  const loops = [...units].map(([vehicle, unit]) =>
    runCommandLoop(unit, services, {
      signal,
      health,
      renewCredential: async () => {
        // Another part of the simulator may have renewed it already.
        if (unit.api.credential !== vehicle.state.credential)
          unit.api.credential = vehicle.state.credential!;
        else await session.renewCredential(vehicle, unit.api);
      },
    }),
  );
  if (loops.length) log(`${loops.length} camera units answer media and monitoring requests.`);
  const resumed = [...units]
    .filter(([vehicle]) => vehicle.state.monitoring !== undefined)
    .map(([vehicle, unit]) =>
      resumeMonitoring(vehicle.state.monitoring!, unit, services, signal).catch(
        (error: Error) =>
          signal.aborted || log(`${unit.asset}: monitoring not resumed: ${error.message}`),
      ),
    );
  return [...loops, ...resumed];
}

/** The vehicles driving live: each tick, what has come due is recorded by the cameras and sent. */
class LiveDriving {
  private failing = false;
  private pruned: number;

  constructor(
    private readonly session: Session,
    private readonly live: LiveVehicle[],
    private readonly eventMedia: LiveEventMedia,
    private readonly now: () => number,
    private readonly log: Log,
  ) {
    this.pruned = now();
  }

  async tick(): Promise<void> {
    const at = this.now();
    if (at - this.pruned > 3_600_000) {
      this.session.recordings.pruneAll();
      this.pruned = at;
    }
    for (const item of this.live) {
      this.record(item, at);
      if (!(await this.send(item, at))) return;
      const { records, datapoints } = item.leg.output;
      if (item.records === records.length && item.datapoints === datapoints.length)
        this.nextLeg(item);
    }
  }

  /** What the vehicle has driven up to `at`: its cameras record it, and its events' media are due. */
  private record(item: LiveVehicle, at: number): void {
    const { output } = item.leg;
    const recordsEnd = due(output.records, item.recordedRecords, at);
    const datapointsEnd = due(output.datapoints, item.recordedDatapoints, at);
    const records = output.records.slice(item.recordedRecords, recordsEnd) as RawRecordInput[];
    const recording = item.unit.recording;
    // A leg driven again after a restart: what the cameras hold already is not new.
    const held = recording.points.at(-1)?.t ?? -Infinity;
    this.eventMedia.add(
      item.unit,
      records.filter((r) => Date.parse(r.timestamp) > held),
    );
    recording.append(
      trackPoints([
        ...records,
        ...(output.datapoints.slice(item.recordedDatapoints, datapointsEnd) as DatapointInput[]),
      ]),
    );
    item.recordedRecords = recordsEnd;
    item.recordedDatapoints = datapointsEnd;
  }

  /** Sends what has come due by `at`; false when sending failed (the rest waits for the next tick). */
  private async send(item: LiveVehicle, at: number): Promise<boolean> {
    const { output } = item.leg;
    const recordsEnd = due(output.records, item.records, at);
    const datapointsEnd = due(output.datapoints, item.datapoints, at);
    if (recordsEnd === item.records && datapointsEnd === item.datapoints) return true;
    try {
      await this.session.send(item.vehicle, {
        records: output.records.slice(item.records, recordsEnd) as RawRecordInput[],
        datapoints: output.datapoints.slice(item.datapoints, datapointsEnd) as DatapointInput[],
      });
      // (a new configuration may have planned the rest of the leg again meanwhile: the part
      // sent is the same in both)
      item.records = recordsEnd;
      item.datapoints = datapointsEnd;
      if (this.failing) this.log('Sending works again.');
      this.failing = false;
      return true;
    } catch (error) {
      // Kept for the next round: the device holds what it could not send.
      if (!this.failing) this.log(`Sending failed, will retry: ${(error as Error).message}`);
      this.failing = true;
      if (error instanceof ApiError && error.status < 500) throw error;
      return false;
    }
  }

  /** The leg is sent: the vehicle stops for a delivery, then drives on. */
  private nextLeg(item: LiveVehicle): void {
    item.vehicle.state.snapshot = item.leg.snapshot;
    const arrival = item.leg.snapshot.time;
    item.leg = startLeg(
      item.vehicle,
      Math.max(arrival + liveStop(item.vehicle.spec.profile, arrival), this.now()),
    );
    item.records = 0;
    item.datapoints = 0;
    item.recordedRecords = 0;
    item.recordedDatapoints = 0;
    this.session.save();
  }
}

/**
 * Keeps `vehicles` vehicles driving in real time, whatever the hour, so the
 * fleet overview shows some of them Driving: every `interval` it sends the
 * datapoints and records that have come due. Stops when the signal aborts;
 * the state file then says where each vehicle is, and a next run goes on from
 * there (a trip under way is driven again and what was sent counts as duplicates).
 */
export async function runLive(options: LiveOptions): Promise<void> {
  const now = options.now ?? Date.now;
  const interval = options.interval ?? 10_000;
  const session = new Session(options);
  await session.open();
  const { log } = options;

  const fleets = demoFleets(options.seed, now() - DAY);
  const all: Vehicle[] = [];
  for (const fleet of fleets) all.push(...(await session.ensureFleet(fleet, now() - DAY)).vehicles);
  // The units stop with the caller's signal, and when driving fails for good.
  const stopUnits = new AbortController();
  const signal = options.signal
    ? AbortSignal.any([options.signal, stopUnits.signal])
    : stopUnits.signal;
  // Every unit waits on the stop signal (its poll, its backoff): many listeners by design.
  setMaxListeners(0, signal);
  const services = session.services(now);
  const units = new Map(all.map((vehicle) => [vehicle, session.unit(vehicle, signal)]));
  const live = pickLive(all, options.vehicles).map((vehicle) =>
    startLive(vehicle, units.get(vehicle)!, now),
  );
  followSettings(session, live, now);
  followPositions(units, live);
  session.save();
  log(
    live.length
      ? `Driving live: ${live.map(({ vehicle }) => `${vehicle.spec.asset.name} (${vehicle.fleet.organisation})`).join(', ')}. Sending every ${interval / 1000} s; Ctrl+C stops.`
      : 'Driving live: no vehicles (--live-vehicles 0). Ctrl+C stops.',
  );
  const standing = options.commands === false ? [] : standBy(session, units, services, signal, log);
  const eventMedia = new LiveEventMedia(services, signal);
  const driving = new LiveDriving(session, live, eventMedia, now, log);
  try {
    while (!signal.aborted) {
      await driving.tick();
      await pause(interval, signal);
    }
  } finally {
    stopUnits.abort();
    session.save();
    await Promise.all([...standing, eventMedia.settled()]);
    await session.close();
  }
  log('Live driving stopped.');
}

/** The index after the items due by `until`, from `from` on (items in time order). */
function due<T extends { timestamp: string }>(items: T[], from: number, until: number): number {
  let end = from;
  while (end < items.length && Date.parse(items[end]!.timestamp) <= until) end++;
  return end;
}
