import type { DeviceEvent, DrivingStyleData, RawRecordMetrics } from '@fleet/contract';
import { addStatsInto, deltaStats, deriveStats, emptyStats } from '../drivingstyle/index.js';

/** Driver id of driving with no linked driver. */
export const UNKNOWN_DRIVER = 0;

export interface EngineRecord {
  timestamp: Date;
  transferReason: string;
  deviceId: number;
  latitude: number | null;
  longitude: number | null;
  /** km/h (zone visits, issue 21 §1) */
  speed?: number | null;
  events: DeviceEvent[] | null;
  metrics: Partial<RawRecordMetrics>;
}

export interface DriverLinkPeriod {
  driverId: number;
  from: Date;
  until: Date | null;
}

export interface TripResult {
  deviceId: number;
  start: Date;
  end: Date | null;
  startLatitude: number | null;
  startLongitude: number | null;
  endLatitude: number | null;
  endLongitude: number | null;
  stats: DrivingStyleData;
  /** the part each driver drove */
  drivers: Map<number, DrivingStyleData>;
}

export interface DayResult {
  /** key hourlyKey(hour, driverId) */
  hourly: Map<string, { hour: Date; driverId: number; stats: DrivingStyleData }>;
  daily: Map<number, DrivingStyleData>;
  events: {
    timestamp: Date;
    eventType: string;
    driverId: number | null;
    deviceId: number;
    latitude: number | null;
    longitude: number | null;
  }[];
  trips: TripResult[];
  /** trips starting in [tripsFrom, day end) are replaced by `trips` */
  tripsFrom: Date;
}

export interface DayInput {
  /** the asset's records around the day, oldest first (see recordOrder) */
  records: EngineRecord[];
  links: DriverLinkPeriod[];
  /** the local day as [start, end) */
  start: Date;
  end: Date;
  /** seconds a driver link still counts after it ended (driverLinkExtendTime) */
  extendSeconds: number;
  now: Date;
  /** events a reviewer dismissed (safety cases), as dismissedKey(type, time): they count in no statistic */
  dismissed?: ReadonlySet<string>;
}

/** The key of an event in DayInput.dismissed: its type and time (the key of the events table). */
export const dismissedKey = (eventType: string, time: Date) => `${eventType}|${time.toISOString()}`;

type Field = keyof DrivingStyleData;
/**
 * What a dismissed event takes out of the statistics (docs/scoring.md, "Dismissed events"):
 * a counted event one from its counter in the interval whose record carries it; an episode
 * start the growth of its time counter from that interval to the one whose record carries
 * the episode's stop. Other events (EMERGENCY_BRAKE) feed no statistic.
 */
const COUNTED: Partial<Record<string, Field>> = {
  HARSH_BRAKE: 'harshBrakes',
  HARSH_ACCELERATION: 'harshAccelerationPedal',
};
const EPISODE_START: Partial<Record<string, Field>> = {
  OVER_SPEED_START: 'overSpeedThresholdTime',
  OVER_RPM_START: 'overRPMThresholdTime',
  IDLE_START: 'idleThresholdTime',
};
const EPISODE_STOP: Partial<Record<string, Field>> = {
  OVER_SPEED_STOP: 'overSpeedThresholdTime',
  OVER_RPM_STOP: 'overRPMThresholdTime',
  IDLE_STOP: 'idleThresholdTime',
};

const eventTime = (event: DeviceEvent, record: EngineRecord) =>
  event.timestamp ? new Date(event.timestamp) : record.timestamp;

/**
 * Takes the record's dismissed events out of the growth of the interval ending at it.
 * `open` holds the time counters of dismissed episodes still under way; it is updated.
 */
export function withoutDismissed(
  delta: DrivingStyleData,
  record: EngineRecord,
  dismissed: ReadonlySet<string>,
  open: Set<Field>,
): DrivingStyleData {
  // Nothing dismissed (nearly always): nothing to take out, and no episode can be open.
  if (dismissed.size === 0) return delta;
  const cleared = new Set(open);
  const out = { ...delta };
  for (const event of record.events ?? []) {
    const stop = EPISODE_STOP[event.eventType];
    if (stop) open.delete(stop);
    if (!dismissed.has(dismissedKey(event.eventType, eventTime(event, record)))) continue;
    const counted = COUNTED[event.eventType];
    const start = EPISODE_START[event.eventType];
    if (counted) out[counted] = Math.max(0, (out[counted] ?? 0) - 1);
    if (start) {
      cleared.add(start);
      open.add(start);
    }
  }
  for (const field of cleared) out[field] = 0;
  return out;
}

/** A trip with no record for this long is taken to have ended at its last record (the unit went silent). */
export const SILENT_TRIP_SECONDS = 3600;

const REASON_ORDER: Record<string, number> = { TRIP_START: 0, TRIP_STOP: 2 };
/** Same second: a trip starts before anything else happens in it, and stops after. */
export const recordOrder = (a: EngineRecord, b: EngineRecord) =>
  a.timestamp.getTime() - b.timestamp.getTime() ||
  (REASON_ORDER[a.transferReason] ?? 1) - (REASON_ORDER[b.transferReason] ?? 1);

/**
 * The driver at moment t: the link that holds at t, otherwise one that ended
 * less than extendSeconds before t, otherwise UNKNOWN.
 */
export function driverAt(links: DriverLinkPeriod[], t: Date, extendSeconds: number): number {
  const time = t.getTime();
  let extended: number | undefined;
  for (const link of links) {
    const from = link.from.getTime();
    const until = link.until?.getTime() ?? Infinity;
    if (from <= time && time < until) return link.driverId;
    if (until <= time && time < until + extendSeconds * 1000) extended = link.driverId;
  }
  return extended ?? UNKNOWN_DRIVER;
}

const hourOf = (t: Date) => new Date(Math.floor(t.getTime() / 3_600_000) * 3_600_000);

/** The key of an hour's bucket in DayResult.hourly (and in a fold read back from JSON). */
export const hourlyKey = (hour: Date, driverId: number) => `${hour.toISOString()}|${driverId}`;

/** Adds into the map's sum for `key` (made on first use); its derived figures come at the end. */
function addTo<K>(map: Map<K, DrivingStyleData>, key: K, stats: DrivingStyleData) {
  let sum = map.get(key);
  if (!sum) map.set(key, (sum = emptyStats()));
  addStatsInto(sum, stats);
}

/**
 * processDay's running state after some of an asset-day's records, in record order (issue 18
 * §1, the incremental day). The sums have no derived figures yet (finishDay works them out);
 * trips already closed are not in it: they come out of foldRecords as they close.
 */
export interface DayFold {
  /** the last record folded in */
  previous: EngineRecord | undefined;
  /** the trip under way after it, if any */
  open: TripResult | undefined;
  /** time counters of dismissed episodes still under way (withoutDismissed) */
  openDismissed: Set<Field>;
  hourly: DayResult['hourly'];
  daily: DayResult['daily'];
}

/** What folding some records in gives beyond the new state: the day's events they carry, and the trips they closed. */
export interface FoldOutput {
  events: DayResult['events'];
  closed: TripResult[];
}

/** What a fold of an asset-day needs besides its records (DayInput without them). */
export type FoldContext = Pick<DayInput, 'links' | 'start' | 'end' | 'extendSeconds' | 'dismissed'>;

export const emptyFold = (): DayFold => ({
  previous: undefined,
  open: undefined,
  openDismissed: new Set(),
  hourly: new Map(),
  daily: new Map(),
});

/**
 * Folds the records (after fold.previous, oldest first) into `fold`, in place. The interval
 * between two consecutive records belongs to the later one: its hour, its day, its driver,
 * and the trip open during it. Trips run from TRIP_START to TRIP_STOP; a new TRIP_START closes
 * an open trip at the record before it; a trip silent for an hour ends at its last record.
 */
export function foldRecords(
  fold: DayFold,
  records: readonly EngineRecord[],
  context: FoldContext,
): FoldOutput {
  const { links, start, end, extendSeconds, dismissed = new Set<string>() } = context;
  const inDay = (t: Date) => t >= start && t < end;
  const out: FoldOutput = { events: [], closed: [] };
  let { open, previous } = fold;

  const close = (trip: TripResult, at: EngineRecord) => {
    trip.end = at.timestamp;
    trip.endLatitude = at.latitude;
    trip.endLongitude = at.longitude;
    out.closed.push(trip);
  };

  for (const record of records) {
    const driverId = driverAt(links, record.timestamp, extendSeconds);
    if (previous) {
      const elapsed = (record.timestamp.getTime() - previous.timestamp.getTime()) / 1000;
      if (open && elapsed > SILENT_TRIP_SECONDS) {
        close(open, previous);
        open = undefined;
      }
      const delta = withoutDismissed(
        deltaStats(previous.metrics, record.metrics, elapsed),
        record,
        dismissed,
        fold.openDismissed,
      );
      // Time parked between trips is not driving-style time.
      if (!open) delta.totalTime = 0;
      if (inDay(record.timestamp)) {
        const hour = hourOf(record.timestamp);
        const key = hourlyKey(hour, driverId);
        let bucket = fold.hourly.get(key);
        if (!bucket) fold.hourly.set(key, (bucket = { hour, driverId, stats: emptyStats() }));
        addStatsInto(bucket.stats, delta);
        addTo(fold.daily, driverId, delta);
      }
      if (open) {
        addStatsInto(open.stats, delta);
        addTo(open.drivers, driverId, delta);
      }
    }
    // The first record ends no interval, but a dismissed episode may start at it.
    else withoutDismissed(emptyStats(), record, dismissed, fold.openDismissed);
    if (inDay(record.timestamp)) {
      for (const event of record.events ?? []) {
        out.events.push({
          timestamp: eventTime(event, record),
          eventType: event.eventType,
          driverId: driverId === UNKNOWN_DRIVER ? null : driverId,
          deviceId: record.deviceId,
          latitude: record.latitude,
          longitude: record.longitude,
        });
      }
    }
    if (record.transferReason === 'TRIP_START') {
      if (open && previous) close(open, previous);
      open = {
        deviceId: record.deviceId,
        start: record.timestamp,
        end: null,
        startLatitude: record.latitude,
        startLongitude: record.longitude,
        endLatitude: null,
        endLongitude: null,
        stats: emptyStats(),
        drivers: new Map(),
      };
    } else if (record.transferReason === 'TRIP_STOP' && open) {
      close(open, record);
      open = undefined;
    }
    previous = record;
  }
  fold.open = open;
  fold.previous = previous;
  return out;
}

const derivedTrip = (trip: TripResult): TripResult => ({
  ...trip,
  stats: deriveStats(trip.stats),
  drivers: new Map([...trip.drivers].map(([driverId, stats]) => [driverId, deriveStats(stats)])),
});

/**
 * The day's result from a fold and what folding gave: the sums with their derived figures,
 * and the trips of the day among `closed` and the one still under way (ended at its last
 * record if silent for an hour by `now`). The fold is left as it is, to be resumed.
 */
export function finishDay(
  fold: DayFold,
  output: FoldOutput,
  context: Pick<DayInput, 'start' | 'end' | 'now'>,
): DayResult {
  const { start, end, now } = context;
  const trips = output.closed.map(derivedTrip);
  const { open, previous } = fold;
  if (open && previous) {
    const silent = (now.getTime() - previous.timestamp.getTime()) / 1000 > SILENT_TRIP_SECONDS;
    const last = derivedTrip(open);
    if (silent) {
      last.end = previous.timestamp;
      last.endLatitude = previous.latitude;
      last.endLongitude = previous.longitude;
    }
    trips.push(last); // else still driving
  }
  // The trip under way when the day began is rebuilt too: its stop may be what arrived late.
  // Only one can be: a trip closes before the next starts.
  const spanning = trips.find((t) => t.start < start && (t.end === null || t.end >= start));
  const tripsFrom = spanning?.start ?? start;
  return {
    hourly: new Map(
      [...fold.hourly].map(([key, bucket]) => [
        key,
        { ...bucket, stats: deriveStats(bucket.stats) },
      ]),
    ),
    daily: new Map([...fold.daily].map(([driverId, stats]) => [driverId, deriveStats(stats)])),
    events: output.events,
    trips: trips.filter((t) => t.start >= tripsFrom && t.start < end),
    tripsFrom,
  };
}

/**
 * Everything the engine derives for one asset and one local day, from the records around it
 * (foldRecords over all of them from an empty fold, then finishDay).
 */
export function processDay(input: DayInput): DayResult {
  const fold = emptyFold();
  return finishDay(fold, foldRecords(fold, input.records, input), input);
}
