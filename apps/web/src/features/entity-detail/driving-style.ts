import {
  formatDuration,
  formatFuel,
  type DrivingStyleData,
  type Report,
  type ReportData,
  type ScoreData,
} from '@fleet/contract';

/** The entity a report is about: an asset or a driver, by id. */
export type ReportSubject = { type: 'ASSET' | 'DRIVER'; id: number };

/** The entity's data in a report of one interval: its first part, when the report holds it. */
export const subjectData = (report: Report, subject: ReportSubject): ReportData | undefined =>
  report
    .flatMap((interval) =>
      subject.type === 'ASSET'
        ? (interval.assetPeriodData?.find((a) => a.assetId === subject.id)?.assetData ?? [])
        : (interval.driverPeriodData?.find((d) => d.driverId === subject.id)?.driverData ?? []),
    )
    .at(0);

/** What the tab shows: statistics and scores, or nothing when nothing was driven. */
export function drivingStyleOf(
  data: ReportData | undefined,
): { stats: DrivingStyleData; scores: ScoreData } | undefined {
  const stats = data?.drivingStyleData;
  const scores = data?.scoreData;
  return stats && scores && stats.drivingDistance > 0 ? { stats, scores } : undefined;
}

/** The labels of the shares and the titles of the bars: keys of entity.drivingStyle. */
type StyleLabel = 'driving' | 'idle' | 'pto' | 'cruise' | 'coast' | 'other';
type FuelLabel = 'fuelDriving' | 'fuelIdle' | 'fuelPTO';
export type StyleBar = 'timeShare' | 'drivingShare' | 'fuel';

/** One share of a bar. */
export type StyleShare = {
  label: StyleLabel | FuelLabel;
  value: number;
  color: string;
  text: string;
};

const time = (label: StyleLabel, value: number, color: string): StyleShare => ({
  label,
  value,
  color,
  text: formatDuration(value),
});
const fuel = (label: FuelLabel, value: number, color: string): StyleShare => ({
  label,
  value,
  color,
  text: `${formatFuel(value)} l`,
});

/**
 * The three bars of the tab: time (driving, idling, PTO), driving time (cruise, coast, the rest)
 * and fuel (driving, idling, PTO). Idling and the rest of driving never go below zero.
 */
export function drivingStyleShares(stats: DrivingStyleData): Record<StyleBar, StyleShare[]> {
  const otherDriving = Math.max(0, stats.drivingTime - stats.cruiseTime - stats.coastTime);
  const idleEngine = Math.max(0, stats.idleTime);
  return {
    timeShare: [
      time('driving', stats.drivingTime, 'var(--bs-primary)'),
      time('idle', idleEngine, 'var(--bs-warning)'),
      time('pto', stats.ptoTime, 'var(--bs-info)'),
    ],
    drivingShare: [
      time('cruise', stats.cruiseTime, 'var(--bs-success)'),
      time('coast', stats.coastTime, 'var(--bs-teal, #20c997)'),
      time('other', otherDriving, 'var(--bs-secondary)'),
    ],
    fuel: [
      fuel('fuelDriving', stats.fuelUsedDriving, 'var(--bs-primary)'),
      fuel('fuelIdle', stats.fuelUsedIdle, 'var(--bs-warning)'),
      fuel('fuelPTO', stats.fuelUsedPTO, 'var(--bs-info)'),
    ],
  };
}
