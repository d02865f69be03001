import { toLocation } from '../lib/location.js';

/**
 * A trip's times and places as the trips table holds them (selected as trip_id, start_time,
 * end_time and the four coordinates): read the same way by every query that shows trips.
 */
export function tripFromRow(r: Record<string, unknown>) {
  return {
    id: Number(r.trip_id),
    start: r.start_time as Date,
    end: r.end_time as Date | null,
    startLocation: toLocation(
      r.start_latitude as number | null,
      r.start_longitude as number | null,
    ),
    endLocation: toLocation(r.end_latitude as number | null, r.end_longitude as number | null),
  };
}
