import { DRIVING_STYLE_COUNTERS, type DrivingStyleData } from '@fleet/contract';
import { emptyStats } from '../drivingstyle/index.js';
import type { OpenVisit, ZoneFold } from '../zones/index.js';
import { hourlyKey, type DayFold, type EngineRecord, type TripResult } from './process-day.js';

/**
 * A DayFold as the engine keeps it between two batches of an asset-day (engine_day_state,
 * issue 18 §1): times as epoch milliseconds, sums as their counters in DRIVING_STYLE_COUNTERS
 * order (their derived figures are always 0 in a fold). JSON numbers come back exactly as
 * they went, so a resumed fold adds the same sums as an uninterrupted one.
 */
export interface DayFoldJson {
  previous: {
    t: number;
    reason: string;
    device: number;
    lat: number | null;
    lon: number | null;
    metrics: EngineRecord['metrics'];
  } | null;
  open: {
    device: number;
    start: number;
    lat: number | null;
    lon: number | null;
    stats: number[];
    drivers: [number, number[]][];
  } | null;
  dismissed: string[];
  hourly: [number, number, number[]][];
  daily: [number, number[]][];
  /** the zone visits' fold, and the zone versions it was made with (zoneVersionsKey) */
  zones?: ZoneFoldJson;
}

/** A ZoneFold: each visit under way as [zone, entered, last seen, max speed, speeding s, last position's time, speed, limit]. */
export interface ZoneFoldJson {
  key: string;
  started: boolean;
  open: [number, number, number, number, number, number, number | null, number | null][];
}

export function zoneFoldToJson(fold: ZoneFold, key: string): ZoneFoldJson {
  return {
    key,
    started: fold.started,
    open: [...fold.open].map(([zoneId, v]) => [
      zoneId,
      v.enteredAt.getTime(),
      v.lastSeenAt.getTime(),
      v.maxSpeed,
      v.speedingSeconds,
      v.last.time.getTime(),
      v.last.speed,
      v.last.limit,
    ]),
  };
}

export function zoneFoldFromJson(json: ZoneFoldJson): ZoneFold {
  return {
    started: json.started,
    open: new Map(
      json.open.map(([zoneId, entered, lastSeen, maxSpeed, speeding, time, speed, limit]) => [
        zoneId,
        {
          enteredAt: new Date(entered),
          lastSeenAt: new Date(lastSeen),
          maxSpeed,
          speedingSeconds: speeding,
          last: { time: new Date(time), speed, limit },
        } satisfies OpenVisit,
      ]),
    ),
  };
}

const countersOf = (stats: DrivingStyleData) => DRIVING_STYLE_COUNTERS.map((c) => stats[c]);

function statsOf(counters: readonly number[]): DrivingStyleData {
  const stats = emptyStats();
  DRIVING_STYLE_COUNTERS.forEach((c, i) => (stats[c] = counters[i] ?? 0));
  return stats;
}

export function foldToJson(fold: DayFold): DayFoldJson {
  const { previous: p, open: o } = fold;
  return {
    // Only what the next interval needs of the last record: its time, counters and place.
    previous: p
      ? {
          t: p.timestamp.getTime(),
          reason: p.transferReason,
          device: p.deviceId,
          lat: p.latitude,
          lon: p.longitude,
          metrics: p.metrics,
        }
      : null,
    open: o
      ? {
          device: o.deviceId,
          start: o.start.getTime(),
          lat: o.startLatitude,
          lon: o.startLongitude,
          stats: countersOf(o.stats),
          drivers: [...o.drivers].map(([driverId, stats]) => [driverId, countersOf(stats)]),
        }
      : null,
    dismissed: [...fold.openDismissed],
    hourly: [...fold.hourly.values()].map((b) => [
      b.hour.getTime(),
      b.driverId,
      countersOf(b.stats),
    ]),
    daily: [...fold.daily].map(([driverId, stats]) => [driverId, countersOf(stats)]),
  };
}

export function foldFromJson(json: DayFoldJson): DayFold {
  const { previous: p, open: o } = json;
  const open: TripResult | undefined = o
    ? {
        deviceId: o.device,
        start: new Date(o.start),
        end: null,
        startLatitude: o.lat,
        startLongitude: o.lon,
        endLatitude: null,
        endLongitude: null,
        stats: statsOf(o.stats),
        drivers: new Map(o.drivers.map(([driverId, counters]) => [driverId, statsOf(counters)])),
      }
    : undefined;
  return {
    previous: p
      ? {
          timestamp: new Date(p.t),
          transferReason: p.reason,
          deviceId: p.device,
          latitude: p.lat,
          longitude: p.lon,
          events: null,
          metrics: p.metrics,
        }
      : undefined,
    open,
    openDismissed: new Set(json.dismissed as (keyof DrivingStyleData)[]),
    hourly: new Map(
      json.hourly.map(([hour, driverId, counters]) => [
        hourlyKey(new Date(hour), driverId),
        { hour: new Date(hour), driverId, stats: statsOf(counters) },
      ]),
    ),
    daily: new Map(json.daily.map(([driverId, counters]) => [driverId, statsOf(counters)])),
  };
}
