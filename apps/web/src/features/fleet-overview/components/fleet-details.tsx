import {
  formatDateTime,
  formatDistance,
  formatDuration,
  formatFuel,
  formatScore,
  type DrivingStyleData,
  type FleetEntry,
  type ScoreData,
} from '@fleet/contract';
import type { ParseKeys } from 'i18next';
import type { DashboardTexts } from '@/locales/dashboards/en';
import { ProgressBar, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useTripEvents } from '../api/get-trip-events';
import { tripEvents } from '../fleet';

type Stat = keyof DrivingStyleData & keyof DashboardTexts['fleetOverview']['stat'];

type Unit = 'kmh' | 'litres' | 'kmPerLitre';

/** What the Stats part shows, formatted as spec §9 says, with a unit where one is needed. */
const STATS: [Stat, (value: number) => string, Unit?][] = [
  ['drivingDistance', formatDistance],
  ['drivingTime', formatDuration],
  ['idleTime', formatDuration],
  ['cruiseTime', formatDuration],
  ['coastTime', formatDuration],
  ['averageSpeedDriving', (v) => String(Math.round(v)), 'kmh'],
  ['fuelUsedTotal', formatFuel, 'litres'],
  ['fuelAverageDriving', formatFuel, 'kmPerLitre'],
  ['stops', String],
  ['harshBrakes', String],
  ['harshAccelerationPedal', String],
];

const SCORES: (keyof ScoreData)[] = [
  'totalScore',
  'speedScore',
  'rpmScore',
  'idleScore',
  'cruiseScore',
  'coastScore',
  'harshAccelerationScore',
  'harshBrakeScore',
];

/** The Details of a fleet card (spec §2): Stats, Score and Events of the latest trip. */
export function FleetDetails({ entry }: { entry: FleetEntry }) {
  const { t } = useTranslation();
  const stats = entry.drivingStyleData;
  const scores = entry.scoreData;
  const loaded = useTripEvents(entry);
  const events = tripEvents(loaded.data ?? []);
  return (
    <div className="d-grid gap-3 mt-3" data-testid="fleet-details">
      {stats && (
        <section>
          <h3 className="h6">{t('fleetOverview.stats')}</h3>
          <Table size="sm" className="mb-0 small">
            <tbody>
              {STATS.map(([key, show, unit]) => (
                <tr key={key}>
                  <th scope="row" className="fw-normal text-body-secondary">
                    {t(`fleetOverview.stat.${key}`)}
                  </th>
                  <td className="text-end">
                    {unit
                      ? t(`fleetOverview.unit.${unit}`, { value: show(stats[key]) })
                      : show(stats[key])}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </section>
      )}
      {scores && (
        <section>
          <h3 className="h6">{t('fleetOverview.score')}</h3>
          <ul className="list-unstyled mb-0 small">
            {SCORES.map((key) => (
              <li key={key} className="mb-1">
                <div className="d-flex justify-content-between">
                  <span className={key === 'totalScore' ? 'fw-semibold' : 'text-body-secondary'}>
                    {t(`fleetOverview.scoreName.${key}`)}
                  </span>
                  <span className={key === 'totalScore' ? 'fw-semibold' : undefined}>
                    {formatScore(scores[key])}
                  </span>
                </div>
                {/* The inner bar is the progressbar: only a child bar passes its name on to it. */}
                <ProgressBar style={{ height: 3 }}>
                  <ProgressBar
                    now={scores[key]}
                    max={100}
                    aria-label={`${t(`fleetOverview.scoreName.${key}`)}: ${formatScore(scores[key])}`}
                  />
                </ProgressBar>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section>
        <h3 className="h6">{t('fleetOverview.events')}</h3>
        {loaded.isLoading ? (
          <p className="small text-body-secondary mb-0">{t('fleetOverview.loadingEvents')}</p>
        ) : events.length === 0 ? (
          <p className="small text-body-secondary mb-0">{t('fleetOverview.noEvents')}</p>
        ) : (
          <div className="overflow-auto" style={{ maxHeight: 240 }}>
            <Table size="sm" className="mb-0 small">
              <thead>
                <tr>
                  <th scope="col">{t('fleetOverview.time')}</th>
                  <th scope="col">{t('fleetOverview.eventType')}</th>
                </tr>
              </thead>
              <tbody>
                {events.map((event, i) => (
                  <tr key={`${event.timestamp}-${i}`}>
                    <td className="text-nowrap">{formatDateTime(event.timestamp)}</td>
                    <td>{t(`eventTypes.${event.eventType}` as ParseKeys, event.eventType)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        )}
      </section>
    </div>
  );
}
