import { setMaxListeners } from 'node:events';
import path from 'node:path';
import type { DatapointInput, Organisation, RawRecordInput } from '@fleet/contract';
import {
  ApiError,
  CredentialError,
  DeviceApi,
  MainApi,
  pause,
  type Log,
  type SendTotals,
  type SignIn,
} from './client.js';
import { ChannelHealth, runCommandLoop } from './commands.js';
import type { DeviceUnit, UnitServices } from './device-unit.js';
import {
  eventMoments,
  eventShots,
  LiveEventMedia,
  seedEventPlan,
  sendEventShot,
  shotsInOrder,
  withSpeeds,
  type EventMoment,
  type ShotWithSpeeds,
} from './event-media.js';
import { MediaMaker } from './media-maker.js';
import { interpolate, resumeMonitoring } from './monitoring.js';
import { DEFAULT_RECORDING_HOURS, Recordings, trackPoints, type TrackPoint } from './recorder.js';
import { roadNetwork, toLocation } from './route.js';
import { applySettingValues, DEFAULT_SETTINGS } from './settings.js';
import {
  demoFleets,
  plannedDriverLinks,
  roster,
  type FleetVehicle,
  type OrganisationFleet,
} from './demo-fleet.js';
import { addDays, localDay } from './local-time.js';
import { Progress, duration } from './progress.js';
import {
  liveLeg,
  liveStop,
  simulateHistory,
  type Output,
  type VehicleSnapshot,
} from './schedule.js';
import { StateFile, type SimulatorState, type VehicleState } from './state.js';

/**
 * The virtual fleet against a real server: sets up the demo organisations'
 * assets, drivers and devices, sends their history through the device API,
 * and keeps some of them driving live.
 */

export interface SimulatorOptions {
  url: string;
  signIn: SignIn;
  /** JSON file with device credentials and vehicle positions; the recordings are kept beside it */
  stateFile: string;
  seed: number;
  log: Log;
  /** hours the cameras hold (default 72) */
  recordingHours?: number;
  /** makes pictures and clips; null for none (default: ffmpeg, made when first needed) */
  maker?: MediaMaker | null;
}

export interface SeedOptions extends SimulatorOptions {
  days: number;
  /** vehicles sent at the same time */
  concurrency?: number;
  /** stderr by default; null for none */
  progress?: Progress | null;
  now?: number;
  /** stops between batches; a next run resumes */
  signal?: AbortSignal;
  /** days back from now whose events get their pictures and clips (default 3; 0 for none) */
  mediaDays?: number;
  /** at most this many events get media, taken in turns from every vehicle (default 30) */
  eventMediaLimit?: number;
  /** and at most this many clips among them; the other events send their pictures (default 6) */
  eventClipLimit?: number;
}

export interface SeedResult {
  skipped: boolean;
  vehicles: number;
  records: SendTotals;
  datapoints: SendTotals;
  /** event pictures and clips sent, and those that failed */
  media: { sent: number; failed: number };
  seconds: number;
}

export const DEFAULT_MEDIA_DAYS = 3;
/** Bounds the seeding's media so that a first `npm start` stays within about two minutes. */
export const DEFAULT_EVENT_MEDIA_LIMIT = 30;
export const DEFAULT_EVENT_CLIP_LIMIT = 6;

const DAY = 86_400_000;

/** The vehicle of the fleet with its ids on the server. */
interface Vehicle {
  fleet: OrganisationFleet;
  index: number;
  spec: FleetVehicle;
  state: VehicleState;
}

class Session {
  readonly api: MainApi;
  readonly file: StateFile;
  readonly recordings: Recordings;
  state!: SimulatorState;
  organisations: Organisation[] = [];
  private madeMaker = false;
  private mediaMaker: MediaMaker | undefined;

  constructor(readonly options: SimulatorOptions) {
    this.api = new MainApi(options.url, options.signIn);
    this.file = new StateFile(options.stateFile);
    this.recordings = new Recordings(
      path.join(path.dirname(options.stateFile), 'simulator-recordings'),
      (options.recordingHours ?? DEFAULT_RECORDING_HOURS) * 3_600_000,
    );
  }

  /** Removes the temporary files of the maker it made (not of one it was given). */
  async close(): Promise<void> {
    await this.mediaMaker?.close();
  }

  /** ffmpeg, set up when first needed; undefined when there is none (said once). */
  maker(): MediaMaker | undefined {
    if (this.options.maker !== undefined) return this.options.maker ?? undefined;
    if (!this.madeMaker) {
      this.madeMaker = true;
      try {
        this.mediaMaker = new MediaMaker(this.options.log);
      } catch (error) {
        this.options.log(
          `No ffmpeg: the cameras send no pictures or clips (${(error as Error).message}).`,
        );
      }
    }
    return this.mediaMaker;
  }

  /** What the units share. */
  services(now: () => number = Date.now): UnitServices {
    const maker = this.maker();
    return { recordings: this.recordings, ...(maker ? { maker } : {}), log: this.options.log, now };
  }

  /** The vehicle's camera unit, talking as its device. */
  unit(vehicle: Vehicle, signal?: AbortSignal): DeviceUnit {
    return {
      identifier: vehicle.state.identifier,
      asset: vehicle.spec.asset.name,
      api: new DeviceApi(this.options.url, vehicle.state.credential!, this.options.log, signal),
      recording: this.recordings.of(vehicle.state.identifier),
      settings: applySettingValues(DEFAULT_SETTINGS, vehicle.state.settings ?? {}).settings,
      keepSettings: (values) => {
        vehicle.state.settings = values;
        this.save();
      },
      keepMonitoring: (id) => {
        if (id === undefined) delete vehicle.state.monitoring;
        else vehicle.state.monitoring = id;
        this.save();
      },
    };
  }

  /** A new credential for the vehicle's device (the old one was refused). */
  async renewCredential(vehicle: Vehicle, ...apis: DeviceApi[]): Promise<void> {
    this.options.log(`Device ${vehicle.state.identifier}: credential refused, issuing a new one`);
    vehicle.state.credential = (
      await this.api.reissueCredential(vehicle.state.deviceId)
    ).credential;
    for (const api of apis) api.credential = vehicle.state.credential;
    this.save();
  }

  async open(): Promise<void> {
    await this.api.login();
    this.organisations = await this.api.organisations();
    this.state = this.file.load(new URL(this.options.url).origin, this.options.seed);
  }

  save = () => this.file.save(this.state);

  organisation(name: string): Organisation {
    const found = this.organisations.find((o) => o.name === name);
    if (!found) {
      throw new Error(
        `The organisation '${name}' is not visible to ${this.options.signIn.username} of ${this.options.signIn.organisation}; sign in as a user above it (the demo's OEM user 'oem')`,
      );
    }
    return found;
  }

  /**
   * Makes sure the fleet's assets, drivers and devices exist (found by name
   * and identifier, created otherwise) with each device linked to its asset
   * from `linkFrom`, and that the state holds a working credential for every
   * device. Answers the vehicles, and the drivers' ids.
   */
  async ensureFleet(
    fleet: OrganisationFleet,
    linkFrom: number,
  ): Promise<{ vehicles: Vehicle[]; driverIds: number[] }> {
    const organisationId = this.organisation(fleet.organisation).id;
    const { api, options } = this;

    const drivers = await api.drivers(organisationId);
    const driverIds: number[] = [];
    for (const driver of fleet.drivers) {
      const existing = drivers.find(
        (d) => d.firstName === driver.body.firstName && d.lastName === driver.body.lastName,
      );
      driverIds.push(existing?.id ?? (await api.createDriver(organisationId, driver.body)).id);
    }

    const assets = await api.assets(organisationId);
    const devices = await api.devices(organisationId);
    const vehicles: Vehicle[] = [];
    let reissued = 0;
    for (const [index, spec] of fleet.vehicles.entries()) {
      const asset =
        assets.find((a) => a.name === spec.asset.name) ??
        (await api.createAsset(organisationId, spec.asset));
      let device = devices.find((d) => d.identifier === spec.device.identifier);
      let state = device ? this.state.vehicles[device.id] : undefined;
      if (!device) {
        const created = await api.createDevice(organisationId, spec.device);
        device = created;
        state = this.remember(created.id, { credential: created.credential });
      } else if (!state?.credential) {
        // The server showed it once, to a run whose state file is gone.
        state = this.remember(device.id, {
          credential: (await api.reissueCredential(device.id)).credential,
        });
        reissued++;
      }
      Object.assign(state!, {
        identifier: device.identifier,
        assetId: asset.id,
        organisation: fleet.organisation,
        index,
      });
      this.save();
      if ((await api.deviceLinks(asset.id)).length === 0) {
        await api.linkDevice(asset.id, device.id, new Date(linkFrom));
      }
      vehicles.push({ fleet, index, spec, state: state! });
    }
    if (reissued) {
      options.log(
        `${fleet.organisation}: no credential kept for ${reissued} devices; issued new ones.`,
      );
    }
    return { vehicles, driverIds };
  }

  private remember(deviceId: number, fields: Partial<VehicleState>): VehicleState {
    const state = (this.state.vehicles[deviceId] ??= {
      deviceId,
      identifier: '',
      assetId: 0,
      organisation: '',
      index: 0,
    });
    Object.assign(state, fields);
    this.save();
    return state;
  }

  /** Sends as the vehicle's device; a refused credential is replaced once. */
  async send(
    vehicle: Vehicle,
    output: Output,
    onBatch?: (count: number) => void,
    signal?: AbortSignal,
  ) {
    const device = new DeviceApi(
      this.options.url,
      vehicle.state.credential!,
      this.options.log,
      signal,
    );
    const attempt = async () => ({
      records: await device.sendRecords(output.records, onBatch),
      datapoints: await device.sendDatapoints(output.datapoints, onBatch),
    });
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof CredentialError)) throw error;
      await this.renewCredential(vehicle, device);
      return attempt();
    }
  }
}

/** Runs `work` over the items, at most `concurrency` at a time. */
async function pool<T>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal?.aborted) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

interface Job {
  vehicle: Vehicle;
  driverIds: number[];
  rota: (number | null)[];
}

const NO_MEDIA = { sent: 0, failed: 0 };

/**
 * The pictures and clips of recent events, as the vehicles would have sent
 * them: a bounded number of events (in turns from every vehicle), made two at
 * a time by ffmpeg, with a progress bar. A failure is said once per reason and
 * never stops the seeding.
 */
async function seedEventMedia(
  session: Session,
  vehicles: { vehicle: Vehicle; moments: (EventMoment & { shots: ShotWithSpeeds[] })[] }[],
  options: SeedOptions,
  historyDays: number,
): Promise<{ sent: number; failed: number }> {
  const services = session.services();
  if (!services.maker) return NO_MEDIA;
  const plan = seedEventPlan(
    vehicles.map((v) => v.moments),
    options.eventMediaLimit ?? DEFAULT_EVENT_MEDIA_LIMIT,
    options.eventClipLimit ?? DEFAULT_EVENT_CLIP_LIMIT,
  );
  const units = new Map<number, DeviceUnit>();
  const work = plan.map(({ vehicle, moment, clips }) => {
    if (!units.has(vehicle))
      units.set(vehicle, session.unit(vehicles[vehicle]!.vehicle, options.signal));
    return { unit: units.get(vehicle)!, shots: shotsInOrder(moment.shots, clips) };
  });
  const shots = work.flatMap((w) => w.shots);
  if (shots.length === 0) return NO_MEDIA;
  const days = Math.min(historyDays, options.mediaDays ?? DEFAULT_MEDIA_DAYS);
  const clips = shots.filter((s) => s.kind === 'video').length;
  options.log(
    `Event media of the last ${days} days: ${shots.length - clips} pictures and ${clips} clips of ${work.length} events.`,
  );
  // A caller that passes its own progress for the history (or none) gets none here.
  const progress =
    options.progress === undefined
      ? new Progress('Sending event media', process.stderr, 'media')
      : null;
  progress?.setTotal(shots.length);
  const result = { sent: 0, failed: 0 };
  const reasons = new Set<string>();
  // An event's shots one after the other (clips first), events side by side as ffmpeg allows.
  await pool(
    work,
    services.maker.queue.concurrency + 1,
    async ({ unit, shots }) => {
      for (const shot of shots) {
        if (options.signal?.aborted) return;
        try {
          await sendEventShot(shot, unit, services, options.signal);
          result.sent++;
        } catch (error) {
          if (options.signal?.aborted) return;
          result.failed++;
          const reason = (error as Error).message;
          if (!reasons.has(reason)) options.log(`An event ${shot.kind} was not sent: ${reason}`);
          reasons.add(reason);
        }
        progress?.add(1);
      }
    },
    options.signal,
  );
  progress?.done();
  await session.close();
  return result;
}

const add = (a: SendTotals, b: SendTotals) => {
  a.stored += b.stored;
  a.duplicates += b.duplicates;
  a.rejected += b.rejected;
};

/**
 * Seeds the demo organisations (Demo Transport: 28 assets, 34 drivers, 28
 * devices; Polder Logistics: 5 of each) with `days` days of history sent
 * through the device API. Does nothing when Demo Transport already has assets,
 * unless an earlier seeding was interrupted: then it resumes, and what was
 * sent already counts as duplicates.
 */
export async function seedDemoFleet(options: SeedOptions): Promise<SeedResult> {
  const started = Date.now();
  const session = new Session(options);
  await session.open();
  const { api, log } = { api: session.api, log: options.log };
  const records: SendTotals = { stored: 0, duplicates: 0, rejected: 0 };
  const datapoints: SendTotals = { stored: 0, duplicates: 0, rejected: 0 };

  const demo = session.organisation('Demo Transport');
  const existing = await api.assets(demo.id);
  const resuming = session.state.seeding?.status === 'started';
  if (existing.length > 0 && !resuming) {
    log(`Demo Transport already has ${existing.length} assets: not seeding the demo fleet again.`);
    return { skipped: true, vehicles: 0, records, datapoints, media: NO_MEDIA, seconds: 0 };
  }
  const until = resuming
    ? session.state.seeding!.until
    : Math.floor((options.now ?? Date.now()) / 1000) * 1000;
  const days = resuming ? session.state.seeding!.days : options.days;
  if (resuming) log('Resuming an interrupted seeding of the demo fleet.');
  session.state.seeding = { status: 'started', until, days };
  session.save();

  const from = until - days * DAY;
  const fleets = demoFleets(options.seed, from - DAY);
  const dayList: string[] = [];
  for (let day = localDay(from); day <= localDay(until); day = addDays(day, 1)) dayList.push(day);

  log(
    `Creating the demo fleet: ${fleets.map((f) => `${f.organisation} ${f.vehicles.length} assets, ${f.drivers.length} drivers`).join('; ')}.`,
  );
  const jobs: Job[] = [];
  for (const fleet of fleets) {
    const { vehicles, driverIds } = await session.ensureFleet(fleet, from - DAY);
    const table = roster(options.seed, fleet, dayList);
    for (const vehicle of vehicles) jobs.push({ vehicle, driverIds, rota: table[vehicle.index]! });
  }

  // Who drove when, first: the records land on the right driver as they arrive. The
  // histories are driven once to learn the shifts and again, identically, to send them,
  // which costs a few seconds and spares holding every vehicle's history in memory.
  log('Planning shifts and linking drivers…');
  const history = (job: Job) => {
    const { fleet, spec } = job.vehicle;
    return simulateHistory(spec.profile, spec.snapshot, from, until, (day) => {
      const driver = job.rota[dayList.indexOf(day)] ?? null;
      return driver === null ? fleet.unknownStyle : fleet.drivers[driver]!.style;
    });
  };
  let total = 0;
  const links: {
    assetId: number;
    assetName: string;
    driverId: number;
    from: number;
    until: number | null;
  }[] = [];
  for (const job of jobs) {
    const { shifts, output } = history(job);
    total += output.records.length + output.datapoints.length;
    const { state, index, spec } = job.vehicle;
    if ((await api.driverLinks(state.assetId)).length > 0) continue; // linked by an earlier run
    const driverOfDay = (day: string) => job.rota[dayList.indexOf(day)] ?? null;
    for (const link of plannedDriverLinks(shifts, driverOfDay, index, from - DAY)) {
      links.push({
        assetId: state.assetId,
        assetName: spec.asset.name,
        driverId: job.driverIds[link.driver]!,
        from: link.from,
        until: link.until,
      });
    }
  }
  // In time order over the whole fleet: a link is made open and then ended, and the server
  // rightly refuses a driver on two assets at once, so a later link must not exist yet.
  links.sort((a, b) => a.from - b.from);
  for (const link of links) {
    try {
      await api.linkDriver(link.assetId, link.driverId, new Date(link.from));
      if (link.until !== null)
        await api.unlinkDriver(link.assetId, link.driverId, new Date(link.until));
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      log(`Driver link of ${link.assetName} not made: ${error.message}`);
    }
  }

  const progress =
    options.progress === undefined
      ? new Progress(`Sending ${days} days of history`)
      : options.progress;
  progress?.setTotal(total);
  const mediaFrom = until - (options.mediaDays ?? DEFAULT_MEDIA_DAYS) * DAY;
  /** per job: its events of the last days that ask for media, with the speeds they draw */
  const candidates = new Map<Job, (EventMoment & { shots: ShotWithSpeeds[] })[]>();
  await pool(
    jobs,
    options.concurrency ?? 4,
    async (job) => {
      const { output, snapshot } = history(job);
      const sent = await session.send(
        job.vehicle,
        output,
        (count) => progress?.add(count),
        options.signal,
      );
      add(records, sent.records);
      add(datapoints, sent.datapoints);
      // What the cameras hold: the window of the history just driven.
      const windowFrom = until - session.recordings.windowMs;
      const held = trackPoints([...output.records, ...output.datapoints]);
      // From the last point before the window (the speed at its start lies after it).
      const inWindow = held.findIndex((p) => p.t >= windowFrom);
      const first = Math.max(0, (inWindow < 0 ? held.length : inWindow) - 1);
      session.recordings.of(job.vehicle.state.identifier).replace(from, held.slice(first));
      const settings = DEFAULT_SETTINGS.media;
      candidates.set(
        job,
        eventMoments(output.records, settings, mediaFrom, until).map((moment) => ({
          ...moment,
          shots: eventShots(moment).map((shot) => withSpeeds(shot, held)),
        })),
      );
      job.vehicle.state.snapshot = snapshot;
      job.vehicle.state.driver = job.vehicle.index;
      delete job.vehicle.state.legStart;
      session.save();
    },
    options.signal,
  );
  progress?.done();
  const media =
    options.signal?.aborted || mediaFrom >= until
      ? NO_MEDIA
      : await seedEventMedia(
          session,
          jobs.map((job) => ({ vehicle: job.vehicle, moments: candidates.get(job) ?? [] })),
          options,
          days,
        );
  if (options.signal?.aborted) {
    log('Seeding stopped; run again to resume where it stopped.');
    return {
      skipped: false,
      vehicles: jobs.length,
      records,
      datapoints,
      media,
      seconds: (Date.now() - started) / 1000,
    };
  }

  session.state.seeding = { status: 'done', until, days };
  session.save();
  const seconds = (Date.now() - started) / 1000;
  log(
    `Seeded ${jobs.length} vehicles in ${duration(seconds)}: ${records.stored.toLocaleString('en')} records and ${datapoints.stored.toLocaleString('en')} datapoints stored` +
      (records.duplicates + datapoints.duplicates
        ? `, ${(records.duplicates + datapoints.duplicates).toLocaleString('en')} already there`
        : '') +
      (records.rejected + datapoints.rejected
        ? `, ${(records.rejected + datapoints.rejected).toLocaleString('en')} refused`
        : '') +
      (media.sent ? `; ${media.sent} event pictures and clips` : '') +
      (media.failed ? `, ${media.failed} not sent` : '') +
      '.',
  );
  return { skipped: false, vehicles: jobs.length, records, datapoints, media, seconds };
}

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
  const chosen = pickLive(all, options.vehicles);

  /** The leg from `origin` at `start`, driven by the unit's settings as they were on the way. */
  const planLeg = (vehicle: Vehicle, origin: VehicleSnapshot, start: number): LiveLeg => {
    const driver = vehicle.state.driver === undefined ? vehicle.index : vehicle.state.driver;
    const style =
      driver === null ? vehicle.fleet.unknownStyle : vehicle.fleet.drivers[driver]!.style;
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
  };
  /** A leg from where the vehicle is; `resume`: the one under way when the last run stopped. */
  const startLeg = (vehicle: Vehicle, notBefore: number, resume = false): LiveLeg => {
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
  };
  // The units stop with the caller's signal, and when driving fails for good.
  const stopUnits = new AbortController();
  const signal = options.signal
    ? AbortSignal.any([options.signal, stopUnits.signal])
    : stopUnits.signal;
  // Every unit waits on the stop signal (its poll, its backoff): many listeners by design.
  setMaxListeners(0, signal);
  const services = session.services(now);
  const units = new Map(all.map((vehicle) => [vehicle, session.unit(vehicle, signal)]));
  const live: LiveVehicle[] = chosen.map((vehicle) => {
    // A leg under way when the last run stopped is driven again (part of it may have been
    // sent, so its counters are the ones to go on from); otherwise one starts now.
    const unit = units.get(vehicle)!;
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
  });
  // A configuration that reaches a vehicle under way counts from that moment: the rest of its
  // leg is driven again by the new settings (what was sent before it stays as it was).
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
  // Where each vehicle is, for a monitoring's traces: on its live leg, or parked.
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
  session.save();
  log(
    live.length
      ? `Driving live: ${live.map(({ vehicle }) => `${vehicle.spec.asset.name} (${vehicle.fleet.organisation})`).join(', ')}. Sending every ${interval / 1000} s; Ctrl+C stops.`
      : 'Driving live: no vehicles (--live-vehicles 0). Ctrl+C stops.',
  );

  // Every unit, parked or driving, is on standby and answers its commands.
  const health = new ChannelHealth(log);
  const loops =
    options.commands === false
      ? []
      : [...units].map(([vehicle, unit]) =>
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
  // A monitoring under way when the simulator stopped goes on (if the server still has it on).
  const resumed =
    options.commands === false
      ? []
      : [...units]
          .filter(([vehicle]) => vehicle.state.monitoring !== undefined)
          .map(([vehicle, unit]) =>
            resumeMonitoring(vehicle.state.monitoring!, unit, services, signal).catch(
              (error: Error) =>
                signal.aborted || log(`${unit.asset}: monitoring not resumed: ${error.message}`),
            ),
          );
  const eventMedia = new LiveEventMedia(services, signal);
  let pruned = now();

  /** What the vehicle has driven up to `at`: its cameras record it, and its events' media are due. */
  const record = (item: LiveVehicle, at: number) => {
    const { output } = item.leg;
    const recordsEnd = due(output.records, item.recordedRecords, at);
    const datapointsEnd = due(output.datapoints, item.recordedDatapoints, at);
    const records = output.records.slice(item.recordedRecords, recordsEnd) as RawRecordInput[];
    const recording = item.unit.recording;
    // A leg driven again after a restart: what the cameras hold already is not new.
    const held = recording.points.at(-1)?.t ?? -Infinity;
    eventMedia.add(
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
  };

  let failing = false;
  const tick = async () => {
    const at = now();
    if (at - pruned > 3_600_000) {
      session.recordings.pruneAll();
      pruned = at;
    }
    for (const item of live) {
      record(item, at);
      const { output } = item.leg;
      const recordsEnd = due(output.records, item.records, at);
      const datapointsEnd = due(output.datapoints, item.datapoints, at);
      if (recordsEnd > item.records || datapointsEnd > item.datapoints) {
        try {
          await session.send(item.vehicle, {
            records: output.records.slice(item.records, recordsEnd) as RawRecordInput[],
            datapoints: output.datapoints.slice(item.datapoints, datapointsEnd) as DatapointInput[],
          });
          // (a new configuration may have planned the rest of the leg again meanwhile: the part
          // sent is the same in both)
          item.records = recordsEnd;
          item.datapoints = datapointsEnd;
          if (failing) log('Sending works again.');
          failing = false;
        } catch (error) {
          // Kept for the next round: the device holds what it could not send.
          if (!failing) log(`Sending failed, will retry: ${(error as Error).message}`);
          failing = true;
          if (error instanceof ApiError && error.status < 500) throw error;
          return;
        }
      }
      const { records, datapoints } = item.leg.output;
      if (item.records === records.length && item.datapoints === datapoints.length) {
        item.vehicle.state.snapshot = item.leg.snapshot;
        const arrival = item.leg.snapshot.time;
        item.leg = startLeg(
          item.vehicle,
          Math.max(arrival + liveStop(item.vehicle.spec.profile, arrival), now()),
        );
        item.records = 0;
        item.datapoints = 0;
        item.recordedRecords = 0;
        item.recordedDatapoints = 0;
        session.save();
      }
    }
  };

  try {
    while (!signal.aborted) {
      await tick();
      await pause(interval, signal);
    }
  } finally {
    stopUnits.abort();
    session.save();
    await Promise.all([...loops, ...resumed, eventMedia.settled()]);
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
