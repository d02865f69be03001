import { createHash } from 'node:crypto';
import {
  finishZoneVisits,
  foldZoneVisits,
  sortVisits,
  type VisitPart,
  type ZoneFold,
  type ZoneVersion,
} from '../zones/index.js';
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
 * The zone versions an asset-day was worked out with, as a short digest ('' for none): a fold
 * made with other versions (a zone drawn, moved or deleted, or its group changed) cannot be
 * resumed. A version's shape never changes: an edit makes a new version.
 */
export const zoneVersionsKey = (versions: readonly ZoneVersion[]) =>
  versions.length
    ? createHash('sha1')
        .update(
          versions
            .map((v) => `${v.zoneId}@${v.validFrom.getTime()}-${v.validUntil?.getTime() ?? ''}`)
            .join(','),
        )
        .digest('base64url')
    : '';

/**
 * The zone visits of an asset-day (issue 21 §1) from the records the day read: their positions
 * against the zone versions of the asset, folded into `fold` (issue 18 §1: a resumed day folds
 * in only its new records). Answers the visits those records ended and those still under way;
 * the driver is the one linked at entry.
 */
export function zoneVisitsOfDay(
  fold: ZoneFold,
  input: {
    records: readonly EngineRecord[];
    versions: readonly ZoneVersion[];
    links: readonly DriverLinkPeriod[];
    start: Date;
    end: Date;
  },
): DayZoneVisit[] {
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
  const day = { start: input.start, end: input.end };
  const ended: VisitPart[] = foldZoneVisits(fold, { points, versions: input.versions, ...day });
  return sortVisits([...ended, ...finishZoneVisits(fold, day)]).map((v) => ({
    ...v,
    driverId: driverAt(input.links, v.enteredAt),
  }));
}
