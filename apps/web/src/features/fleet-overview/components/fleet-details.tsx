import { formatScore, type FleetEntry } from '@fleet/contract';
import { Alert, ProgressBar, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-client';
import { SCORE_KEYS, type StatKey } from '@/lib/driving-style-fields';
import { formatDateTime } from '@/lib/fleet-time';
import { useEventTypeLabel, useStatText } from '@/lib/use-labels';
import { useTripEvents } from '../api/get-trip-events';
import { tripEvents } from '../fleet';

/** What the Stats part shows (spec §2), from the one list of statistics. */
const FLEET_STATS: StatKey[] = [
  'drivingDistance',
  'drivingTime',
  'idleTime',
  'cruiseTime',
  'coastTime',
  'averageSpeedDriving',
  'fuelUsedTotal',
  'fuelAverageDriving',
  'stops',
  'harshBrakes',
  'harshAccelerationPedal',
];

/** The Details of a fleet card (spec §2): Stats, Score and Events of the latest trip. */
export function FleetDetails({ entry }: { entry: FleetEntry }) {
  const { t } = useTranslation();
  const statText = useStatText();
  const label = useEventTypeLabel();
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
              {FLEET_STATS.map((key) => (
                <tr key={key}>
                  <th scope="row" className="fw-normal text-body-secondary">
                    {t(`stats.${key}`)}
                  </th>
                  <td className="text-end">{statText(key, stats)}</td>
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
            {SCORE_KEYS.map((key) => (
              <li key={key} className="mb-1">
                <div className="d-flex justify-content-between">
                  <span className={key === 'totalScore' ? 'fw-semibold' : 'text-body-secondary'}>
                    {t(`scores.${key}`)}
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
                    aria-label={`${t(`scores.${key}`)}: ${formatScore(scores[key])}`}
                  />
                </ProgressBar>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section>
        <h3 className="h6">{t('fleetOverview.events')}</h3>
        {loaded.isError ? (
          <Alert variant="danger" className="small mb-0 py-2" data-testid="events-error">
            {t('fleetOverview.eventsFailed', { message: errorText(loaded.error) })}
          </Alert>
        ) : loaded.isLoading ? (
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
                    <td>{label(event.eventType)}</td>
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
