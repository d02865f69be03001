import { describe, expect, it } from 'vitest';
import { foldFromJson, foldToJson } from './day-fold-json.js';
import {
  dismissedKey,
  emptyFold,
  finishDay,
  foldRecords,
  processDay,
  recordOrder,
  type DayResult,
  type DriverLinkPeriod,
  type EngineRecord,
  type TripResult,
} from './process-day.js';
import { seededRandom } from '../../test/seeded-random.js';

/**
 * Issue 18 §1, the incremental day: a day folded batch by batch, its fold kept as JSON between
 * batches (as engine_day_state keeps it), and each batch's result written as the engine writes
 * a resumed day (trips upserted by start, new events added, statistics replaced) must equal
 * processDay over all of the day's records at once.
 */

const day = {
  start: new Date('2026-11-20T00:00:00+01:00'),
  end: new Date('2026-11-21T00:00:00+01:00'),
};
const MINUTE = 60_000;

/**
 * Trips from the evening before the day to just after it: some across midnight, some silent
 * (no stop, then over an hour without records), some with a lost stop (a new start), harsh
 * brakes and idling episodes now and then, and records that share a second.
 */
function records(seed: number): EngineRecord[] {
  const next = seededRandom(seed);
  const out: EngineRecord[] = [];
  let t = day.start.getTime() - 3 * 60 * MINUTE + Math.round(next() * 60 * MINUTE);
  let km = 0;
  let harsh = 0;
  let idle = 0;
  const add = (reason: string, events: string[] = []) =>
    out.push({
      timestamp: new Date(t),
      transferReason: reason,
      deviceId: 7,
      latitude: 5_200_000 + Math.round(km * 100),
      longitude: 480_000,
      events: events.length ? events.map((eventType) => ({ eventType })) : null,
      metrics: {
        odometer: 1_000_000 + Math.round(km * 1000),
        drivingTime: Math.round(km * 60),
        engineHours: 1000 + km / 60,
        totalFuelUsed: 5000 + km * 0.3,
        harshBrakeCount: harsh,
        idleThresholdTime: idle,
      },
    });
  while (t < day.end.getTime() + 2 * 60 * MINUTE) {
    add('TRIP_START');
    const minutes = 5 + Math.floor(next() * 150);
    for (let m = 0; m < minutes; m++) {
      t += MINUTE;
      km += 0.5 + next();
      const roll = next();
      if (roll < 0.05) {
        harsh++;
        add('EVENTS', ['HARSH_BRAKE']);
      } else if (roll < 0.08) add('EVENTS', ['IDLE_START']);
      else if (roll < 0.11) {
        idle += 30;
        add('EVENTS', ['IDLE_STOP']);
      }
      if (next() < 0.3) add('PERIODIC'); // sometimes in the same second as the event
    }
    const end = next();
    if (end < 0.7) add('TRIP_STOP');
    t +=
      end < 0.85
        ? Math.round(next() * 90 * MINUTE)
        : 61 * MINUTE + Math.round(next() * 60 * MINUTE);
  }
  return out.sort(recordOrder);
}

const links: DriverLinkPeriod[] = [
  {
    driverId: 11,
    from: new Date('2026-11-20T06:00:00+01:00'),
    until: new Date('2026-11-20T13:07:00+01:00'),
  },
  { driverId: 12, from: new Date('2026-11-20T15:00:00+01:00'), until: null },
];

/** What the engine's tables hold after writing results: a resumed one adds events and upserts trips. */
interface Written {
  hourly: DayResult['hourly'];
  daily: DayResult['daily'];
  events: DayResult['events'];
  trips: Map<number, TripResult>;
}

/** A full rebuild replaces everything, and deletes the day's trips it no longer finds. */
function writeFull(written: Written | undefined, result: DayResult): Written {
  const trips = new Map(
    [...(written?.trips ?? [])].filter(
      ([start]) => start < result.tripsFrom.getTime() || start >= day.end.getTime(),
    ),
  );
  for (const trip of result.trips) trips.set(trip.start.getTime(), trip);
  return { hourly: result.hourly, daily: result.daily, events: result.events, trips };
}

function writeResumed(written: Written, result: DayResult): Written {
  const trips = new Map(written.trips);
  for (const trip of result.trips) trips.set(trip.start.getTime(), trip);
  return {
    hourly: result.hourly,
    daily: result.daily,
    events: [...written.events, ...result.events],
    trips,
  };
}

/**
 * The day folded in batches cut at `cuts` (record indexes), the fold through JSON between them.
 * A batch with records before the day is a full rebuild, as in the engine (the records before
 * the day it read are no longer the same).
 */
function inBatches(all: EngineRecord[], cuts: number[], dismissed: Set<string>, now: Date) {
  const context = { links, ...day, extendSeconds: 300, dismissed };
  let json: string | undefined;
  let written: Written | undefined;
  const bounds = [0, ...cuts, all.length];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const batch = all.slice(bounds[i], bounds[i + 1]);
    const last = batch.at(-1)?.timestamp.getTime() ?? day.start.getTime();
    const at = i + 2 === bounds.length ? now : new Date(last + 5000);
    const resume = json !== undefined && !batch.some((r) => r.timestamp < day.start);
    const fold = resume ? foldFromJson(JSON.parse(json!)) : emptyFold();
    const folded = resume ? batch : all.slice(0, bounds[i + 1]);
    const result = finishDay(fold, foldRecords(fold, folded, context), { ...day, now: at });
    written = resume ? writeResumed(written!, result) : writeFull(written, result);
    json = JSON.stringify(foldToJson(fold));
  }
  return written!;
}

const byTime = (events: DayResult['events']) =>
  [...events].sort(
    (a, b) =>
      a.timestamp.getTime() - b.timestamp.getTime() || a.eventType.localeCompare(b.eventType),
  );

describe('an asset-day folded batch by batch', () => {
  it.each([
    ['one record a batch', 1, 1, 0],
    ['a few records a batch', 2, 5, 0],
    ['uneven batches', 3, 37, 0],
    ['dismissed harsh brakes and idling', 4, 3, 0.3],
    ['a batch after a silent hour', 5, 11, 0],
    ['one batch', 6, 0, 0.2],
  ])('%s equals processDay over the whole day', (_name, seed, every, dismissShare) => {
    const all = records(seed);
    const next = seededRandom(seed * 7);
    const dismissed = new Set(
      all
        .flatMap((r) => (r.events ?? []).map((e) => dismissedKey(e.eventType, r.timestamp)))
        .filter(() => next() < dismissShare),
    );
    const cuts: number[] = [];
    if (every > 0)
      for (
        let i = 1 + Math.floor(next() * every);
        i < all.length;
        i += 1 + Math.floor(next() * every)
      )
        cuts.push(i);
    const now = new Date(day.end.getTime() + 4 * 60 * MINUTE);
    const whole = processDay({ records: all, links, ...day, extendSeconds: 300, now, dismissed });
    const batched = inBatches(all, cuts, dismissed, now);

    expect(all.length).toBeGreaterThan(150);
    expect(whole.trips.length).toBeGreaterThan(3);
    expect(whole.events.length).toBeGreaterThan(5);
    expect(batched.hourly).toEqual(whole.hourly);
    expect(batched.daily).toEqual(whole.daily);
    expect(byTime(batched.events)).toEqual(byTime(whole.events));
    // A trip of the day before written while it might still have run past midnight is the
    // day before's to rewrite (trips are keyed by their start): only this day's are compared.
    const ours = [...batched.trips.values()].filter((trip) => trip.start >= whole.tripsFrom);
    expect(ours.sort((a, b) => a.start.getTime() - b.start.getTime())).toEqual(whole.trips);
  });

  it('keeps a fold of one driving hour small: no record but the last, no closed trip', () => {
    const all = records(8).filter((r) => r.timestamp < new Date('2026-11-20T12:00:00+01:00'));
    const fold = emptyFold();
    const output = foldRecords(fold, all, { links, ...day, extendSeconds: 300 });
    const json = foldToJson(fold);
    expect(output.closed.length).toBeGreaterThan(1);
    expect(json.previous?.t).toBe(all.at(-1)!.timestamp.getTime());
    expect(json.hourly.length).toBeLessThanOrEqual(2 * 12);
    expect(JSON.stringify(json).length).toBeLessThan(8000);
  });
});
