import { zoneVisits, type ZoneVersion } from '../zones/index.js';
import type { DriverLinkPeriod, EngineRecord } from './process-day.js';

/** An asset-day's zone visit, as the engine writes it (zone_visits). */
export interface DayZoneVisit {
  zoneId: number;
  enteredAt: Date;
  exitedAt: Date | null;
  lastSeenAt: Date;
  continued: boolean;
  continues: boolean;
  driverId: number | null;
  maxSpeed: number;
  speedingSeconds: number;
}

/** Records carry integer degrees × 100000 (spec §9); zones are drawn in degrees. */
const DEGREE_UNITS = 100_000;

const driverAt = (links: readonly DriverLinkPeriod[], time: Date): number | null =>
  links.find(
    (l) =>
      l.from.getTime() <= time.getTime() &&
      (l.until === null || time.getTime() < l.until.getTime()),
  )?.driverId ?? null;

/**
 * The zone visits of an asset-day (issue 21 §1) from the records the day already read: their
 * positions against the zone versions of the asset; the driver is the one linked at entry.
 */
export function zoneVisitsOfDay(input: {
  records: readonly EngineRecord[];
  versions: readonly ZoneVersion[];
  links: readonly DriverLinkPeriod[];
  start: Date;
  end: Date;
}): DayZoneVisit[] {
  if (!input.versions.length) return [];
  const points = [];
  for (const r of input.records)
    if (r.latitude !== null && r.longitude !== null)
      points.push({
        time: r.timestamp,
        lon: r.longitude / DEGREE_UNITS,
        lat: r.latitude / DEGREE_UNITS,
        speed: r.speed ?? null,
      });
  return zoneVisits({ points, versions: input.versions, start: input.start, end: input.end }).map(
    (v) => ({ ...v, driverId: driverAt(input.links, v.enteredAt) }),
  );
}
