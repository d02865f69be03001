import { ApiError, type SendTotals } from './client.js';
import type { DeviceUnit } from './device-unit.js';
import { seedConfigurationGroup } from './demo-configuration-group.js';
import { demoFleets, plannedDriverLinks, roster } from './demo-fleet.js';
import { pool, Session, type SimulatorOptions, type Vehicle } from './device-session.js';
import {
  eventMoments,
  eventShots,
  seedEventPlan,
  sendEventShot,
  shotsInOrder,
  withSpeeds,
  type EventMoment,
  type ShotWithSpeeds,
} from './event-media.js';
import { addDays, localDay } from './local-time.js';
import { Progress, duration } from './progress.js';
import { trackPoints } from './recorder.js';
import { simulateHistory } from './schedule.js';
import { DEFAULT_SETTINGS } from './settings.js';

/**
 * Seeding: the demo organisations' assets, drivers and devices, their driver
 * links, and days of history sent through the device API with the pictures and
 * clips of recent events.
 */

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
/** The days seeded up to `until`, or undefined when Demo Transport is seeded already (and not half-way). */
async function seedingPeriod(
  session: Session,
  options: SeedOptions,
): Promise<{ until: number; days: number } | undefined> {
  const demo = session.organisation('Demo Transport');
  const existing = await session.api.assets(demo.id);
  const resuming = session.state.seeding?.status === 'started';
  if (existing.length > 0 && !resuming) {
    options.log(
      `Demo Transport already has ${existing.length} assets: not seeding the demo fleet again.`,
    );
    return undefined;
  }
  const until = resuming
    ? session.state.seeding!.until
    : Math.floor((options.now ?? Date.now()) / 1000) * 1000;
  const days = resuming ? session.state.seeding!.days : options.days;
  if (resuming) options.log('Resuming an interrupted seeding of the demo fleet.');
  session.state.seeding = { status: 'started', until, days };
  session.save();
  return { until, days };
}

/** The fleets on the server, and each vehicle's job: its drivers and who drives it which day. */
async function ensureJobs(
  session: Session,
  options: SeedOptions,
  from: number,
  dayList: string[],
): Promise<Job[]> {
  const fleets = demoFleets(options.seed, from - DAY);
  options.log(
    `Creating the demo fleet: ${fleets.map((f) => `${f.organisation} ${f.vehicles.length} assets, ${f.drivers.length} drivers`).join('; ')}.`,
  );
  const jobs: Job[] = [];
  for (const fleet of fleets) {
    const { vehicles, driverIds } = await session.ensureFleet(fleet, from - DAY);
    const table = roster(options.seed, fleet, dayList);
    for (const vehicle of vehicles) jobs.push({ vehicle, driverIds, rota: table[vehicle.index]! });
  }
  return jobs;
}

type History = (job: Job) => ReturnType<typeof simulateHistory>;

/**
 * Who drove when, first: the records land on the right driver as they arrive.
 * The histories are driven once to learn the shifts and again, identically, to
 * send them, which costs a few seconds and spares holding every vehicle's
 * history in memory. Answers how many records and datapoints there are to send.
 */
async function linkDrivers(
  session: Session,
  jobs: Job[],
  history: History,
  dayList: string[],
  from: number,
): Promise<number> {
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
    if ((await session.api.driverLinks(state.assetId)).length > 0) continue; // linked by an earlier run
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
      await session.api.linkDriver(link.assetId, link.driverId, new Date(link.from));
      if (link.until !== null)
        await session.api.unlinkDriver(link.assetId, link.driverId, new Date(link.until));
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      session.options.log(`Driver link of ${link.assetName} not made: ${error.message}`);
    }
  }
  return total;
}

/** per job: its events of the last days that ask for media, with the speeds they draw */
type Candidates = Map<Job, (EventMoment & { shots: ShotWithSpeeds[] })[]>;

/**
 * Sends every vehicle's history as its device, a few vehicles at a time; the
 * cameras keep the window they hold, and the vehicle is parked where its
 * history ends.
 */
async function sendHistories(
  session: Session,
  options: SeedOptions,
  jobs: Job[],
  history: History,
  { from, until, days, total }: { from: number; until: number; days: number; total: number },
): Promise<{ records: SendTotals; datapoints: SendTotals; candidates: Candidates }> {
  const records: SendTotals = { stored: 0, duplicates: 0, rejected: 0 };
  const datapoints: SendTotals = { stored: 0, duplicates: 0, rejected: 0 };
  const progress =
    options.progress === undefined
      ? new Progress(`Sending ${days} days of history`)
      : options.progress;
  progress?.setTotal(total);
  const mediaFrom = until - (options.mediaDays ?? DEFAULT_MEDIA_DAYS) * DAY;
  const candidates: Candidates = new Map();
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
  return { records, datapoints, candidates };
}

/** "Seeded 33 vehicles in 1 min: … records and … datapoints stored, … already there, …." */
function seededMessage({ vehicles, seconds, records, datapoints, media }: SeedResult): string {
  return (
    `Seeded ${vehicles} vehicles in ${duration(seconds)}: ${records.stored.toLocaleString('en')} records and ${datapoints.stored.toLocaleString('en')} datapoints stored` +
    (records.duplicates + datapoints.duplicates
      ? `, ${(records.duplicates + datapoints.duplicates).toLocaleString('en')} already there`
      : '') +
    (records.rejected + datapoints.rejected
      ? `, ${(records.rejected + datapoints.rejected).toLocaleString('en')} refused`
      : '') +
    (media.sent ? `; ${media.sent} event pictures and clips` : '') +
    (media.failed ? `, ${media.failed} not sent` : '') +
    '.'
  );
}

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
  const period = await seedingPeriod(session, options);
  if (!period) {
    const none = (): SendTotals => ({ stored: 0, duplicates: 0, rejected: 0 });
    return {
      skipped: true,
      vehicles: 0,
      records: none(),
      datapoints: none(),
      media: NO_MEDIA,
      seconds: 0,
    };
  }
  const { until, days } = period;
  const from = until - days * DAY;
  const dayList: string[] = [];
  for (let day = localDay(from); day <= localDay(until); day = addDays(day, 1)) dayList.push(day);
  const jobs = await ensureJobs(session, options, from, dayList);
  await seedConfigurationGroup(
    session,
    jobs.map((job) => job.vehicle),
  );
  const history: History = (job) => {
    const { fleet, spec } = job.vehicle;
    return simulateHistory(spec.profile, spec.snapshot, from, until, (day) => {
      const driver = job.rota[dayList.indexOf(day)] ?? null;
      return driver === null ? fleet.unknownStyle : fleet.drivers[driver]!.style;
    });
  };
  options.log('Planning shifts and linking drivers…');
  const total = await linkDrivers(session, jobs, history, dayList, from);
  const sent = await sendHistories(session, options, jobs, history, { from, until, days, total });
  const mediaFrom = until - (options.mediaDays ?? DEFAULT_MEDIA_DAYS) * DAY;
  const media =
    options.signal?.aborted || mediaFrom >= until
      ? NO_MEDIA
      : await seedEventMedia(
          session,
          jobs.map((job) => ({ vehicle: job.vehicle, moments: sent.candidates.get(job) ?? [] })),
          options,
          days,
        );
  const result = (): SeedResult => ({
    skipped: false,
    vehicles: jobs.length,
    records: sent.records,
    datapoints: sent.datapoints,
    media,
    seconds: (Date.now() - started) / 1000,
  });
  if (options.signal?.aborted) {
    options.log('Seeding stopped; run again to resume where it stopped.');
    return result();
  }
  session.state.seeding = { status: 'done', until, days };
  session.save();
  const done = result();
  options.log(seededMessage(done));
  return done;
}
