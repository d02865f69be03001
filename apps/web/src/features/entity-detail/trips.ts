import {
  UNKNOWN,
  type Datapoint,
  type DrivingStyleData,
  type Location,
  type Report,
  type ScoreData,
  type Trip,
} from '@fleet/contract';

/** Who drove a trip (asset view) or which asset (driver view), with distance and score. */
export type TripPart = { id: number; name: string; distance: number; score: number | null };

/** One trip card, whether it came from an asset's trips or a driver's trip report. */
export type TripView = {
  key: string;
  /** the trip's id (for its PDF) */
  tripId: number;
  assetId: number;
  startTime: string;
  endTime: string | null;
  startLocation: Location | null;
  endLocation: Location | null;
  drivingStyleData: DrivingStyleData | null;
  scoreData: ScoreData | null;
  parts: TripPart[];
};

/** Spec §5: in the trip card an UNKNOWN driver is shown only when its distance exceeds 100 m. */
export const UNKNOWN_MIN_DISTANCE = 100;

const shown = (part: TripPart) => part.name !== UNKNOWN || part.distance > UNKNOWN_MIN_DISTANCE;

const latestFirst = (a: TripView, b: TripView) => Date.parse(b.startTime) - Date.parse(a.startTime);

export function assetTrips(trips: Trip[]): TripView[] {
  return trips
    .map((trip) => ({
      key: `trip-${trip.id}`,
      tripId: trip.id,
      assetId: trip.assetId,
      startTime: trip.startTime,
      endTime: trip.endTime,
      startLocation: trip.startLocation,
      endLocation: trip.endLocation,
      drivingStyleData: trip.drivingStyleData,
      scoreData: trip.scoreData,
      parts: trip.drivers
        .map((d) => ({
          id: d.id,
          name: d.name,
          distance: d.drivingStyleData?.drivingDistance ?? 0,
          score: d.scoreData?.totalScore ?? null,
        }))
        .filter(shown),
    }))
    .sort(latestFirst);
}

/** A driver's trip report (trips: true): one entry per trip part, its asset in `parts`. */
export function driverTrips(report: Report, driverId: number): TripView[] {
  return report
    .flatMap(
      (interval) =>
        interval.driverPeriodData?.find((d) => d.driverId === driverId)?.driverData ?? [],
    )
    .flatMap((entry, index) => {
      const trip = entry.trips?.[0];
      const asset = entry.parts?.[0];
      if (!trip || !asset) return [];
      return [
        {
          key: `trip-${trip.tripId}-${index}`,
          tripId: trip.tripId,
          assetId: asset.id,
          startTime: trip.startTime,
          endTime: trip.endTime,
          startLocation: trip.startLocation,
          endLocation: trip.endLocation,
          drivingStyleData: entry.drivingStyleData ?? null,
          scoreData: entry.scoreData ?? null,
          parts: [
            {
              id: asset.id,
              name: asset.name,
              distance: entry.drivingStyleData?.drivingDistance ?? 0,
              score: entry.scoreData?.totalScore ?? null,
            },
          ],
        },
      ];
    })
    .sort(latestFirst);
}

/** The datapoints call's window (spec §7): from one second earlier until one second later. */
export function datapointsWindow(
  from: Date | string,
  until: Date | string,
): { from: Date; until: Date } {
  return {
    from: new Date(new Date(from).getTime() - 1000),
    until: new Date(new Date(until).getTime() + 1000),
  };
}

/**
 * What the datapoints say of an event's moment: the device there (the identifier of the point
 * nearest in time, for an upload) and the media of the point at that very moment.
 */
export function eventPoint(
  points: readonly Pick<Datapoint, 'timestamp' | 'identifier' | 'media'>[],
  timestamp: string,
): { identifier: string | null; media: { id: number; mimeType: string }[] } {
  const at = Date.parse(timestamp);
  let identifier: string | null = null;
  let distance = Infinity;
  const media: { id: number; mimeType: string }[] = [];
  for (const point of points) {
    const d = Math.abs(Date.parse(point.timestamp) - at);
    if (d === 0) media.push(...(point.media ?? []));
    if (point.identifier && d < distance) {
      identifier = point.identifier;
      distance = d;
    }
  }
  return { identifier, media };
}
