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
  /** key `${hour ISO}|${driverId}` */
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

/** Adds into the map's sum for `key` (made on first use); its derived figures come at the end. */
function addTo<K>(map: Map<K, DrivingStyleData>, key: K, stats: DrivingStyleData) {
  let sum = map.get(key);
  if (!sum) map.set(key, (sum = emptyStats()));
  addStatsInto(sum, stats);
}

/**
 * Everything the engine derives for one asset and one local day, from the
 * records around it. The interval between two consecutive records belongs to
 * the later one: its hour, its day, its driver, and the trip open during it.
 * Trips run from TRIP_START to TRIP_STOP; a new TRIP_START closes an open trip
 * at the record before it; a trip silent for an hour ends at its last record.
 */
export function processDay(input: DayInput): DayResult {
  const { records, links, start, end, extendSeconds, now, dismissed = new Set<string>() } = input;
  const inDay = (t: Date) => t >= start && t < end;
  const result: DayResult = {
    hourly: new Map(),
    daily: new Map(),
    events: [],
    trips: [],
    tripsFrom: start,
  };
  const trips: TripResult[] = [];
  let open: TripResult | undefined;
  let previous: EngineRecord | undefined;
  const openDismissed = new Set<Field>();

  const close = (trip: TripResult, at: EngineRecord) => {
    trip.end = at.timestamp;
    trip.endLatitude = at.latitude;
    trip.endLongitude = at.longitude;
    trips.push(trip);
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
        openDismissed,
      );
      // Time parked between trips is not driving-style time.
      if (!open) delta.totalTime = 0;
      if (inDay(record.timestamp)) {
        const hour = hourOf(record.timestamp);
        const key = `${hour.toISOString()}|${driverId}`;
        let bucket = result.hourly.get(key);
        if (!bucket) result.hourly.set(key, (bucket = { hour, driverId, stats: emptyStats() }));
        addStatsInto(bucket.stats, delta);
        addTo(result.daily, driverId, delta);
      }
      if (open) {
        addStatsInto(open.stats, delta);
        addTo(open.drivers, driverId, delta);
      }
    }
    // The first record ends no interval, but a dismissed episode may start at it.
    else withoutDismissed(emptyStats(), record, dismissed, openDismissed);
    if (inDay(record.timestamp)) {
      for (const event of record.events ?? []) {
        result.events.push({
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
  if (open && previous) {
    const silent = (now.getTime() - previous.timestamp.getTime()) / 1000 > SILENT_TRIP_SECONDS;
    if (silent) close(open, previous);
    else trips.push(open); // still driving
  }

  // The sums' derived figures, once (addStatsInto leaves them).
  for (const bucket of result.hourly.values()) bucket.stats = deriveStats(bucket.stats);
  for (const [driverId, stats] of result.daily) result.daily.set(driverId, deriveStats(stats));
  for (const trip of trips) {
    trip.stats = deriveStats(trip.stats);
    for (const [driverId, stats] of trip.drivers) trip.drivers.set(driverId, deriveStats(stats));
  }

  // The trip under way when the day began is rebuilt too: its stop may be what arrived late.
  const spanning = trips.find((t) => t.start < start && (t.end === null || t.end >= start));
  result.tripsFrom = spanning?.start ?? start;
  result.trips = trips.filter((t) => t.start >= result.tripsFrom && t.start < end);
  return result;
}
