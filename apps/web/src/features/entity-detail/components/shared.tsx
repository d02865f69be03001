import {
  formatDistance,
  formatDuration,
  formatFuel,
  formatScore,
  type DrivingStyleData,
  type ScoreData,
} from '@fleet/contract';
import { formatTime } from '@/lib/fleet-time';
import { Alert, Card, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-client';
import { isKnownEventType } from '../state';

export function useEventTypeLabel() {
  const { t } = useTranslation();
  return (eventType: string) =>
    isKnownEventType(eventType) ? t(`entity.eventTypes.${eventType}`) : eventType;
}

/** Loading, error or the content of a query. */
export function QueryState({ query }: { query: { isPending: boolean; error: unknown } }) {
  const { t } = useTranslation();
  if (query.error)
    return (
      <Alert variant="danger">{t('entity.loadFailed', { message: errorText(query.error) })}</Alert>
    );
  if (query.isPending)
    return (
      <div className="py-4 text-center">
        <Spinner size="sm" />
      </div>
    );
  return null;
}

const STAT_ROWS = [
  ['drivingDistance', (d: DrivingStyleData) => formatDistance(d.drivingDistance)],
  ['drivingTime', (d: DrivingStyleData) => formatDuration(d.drivingTime)],
  ['totalTime', (d: DrivingStyleData) => formatDuration(d.totalTime)],
  ['engineTime', (d: DrivingStyleData) => formatDuration(d.engineTime)],
  ['idleTime', (d: DrivingStyleData) => formatDuration(d.idleTime)],
  ['cruiseTime', (d: DrivingStyleData) => formatDuration(d.cruiseTime)],
  ['coastTime', (d: DrivingStyleData) => formatDuration(d.coastTime)],
  ['ptoTime', (d: DrivingStyleData) => formatDuration(d.ptoTime)],
  ['averageSpeedDriving', (d: DrivingStyleData) => `${d.averageSpeedDriving.toFixed(1)} km/h`],
  ['fuelUsedTotal', (d: DrivingStyleData) => `${formatFuel(d.fuelUsedTotal)} l`],
  ['fuelAverageDriving', (d: DrivingStyleData) => `${formatFuel(d.fuelAverageDriving)} km/l`],
  ['stops', (d: DrivingStyleData) => String(d.stops)],
  ['brakeUsages', (d: DrivingStyleData) => String(d.brakeUsages)],
  ['harshBrakes', (d: DrivingStyleData) => String(d.harshBrakes)],
  ['harshAccelerationPedal', (d: DrivingStyleData) => String(d.harshAccelerationPedal)],
] as const;

export function StatsCard({ data }: { data: DrivingStyleData }) {
  const { t } = useTranslation();
  return (
    <Card className="h-100">
      <Card.Header>{t('entity.trips.stats')}</Card.Header>
      <Table size="sm" className="mb-0" borderless>
        <tbody>
          {STAT_ROWS.map(([key, format]) => (
            <tr key={key}>
              <th className="fw-normal text-body-secondary ps-3">{t(`entity.stats.${key}`)}</th>
              <td className="text-end pe-3">{format(data)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}

export const SCORE_KEYS = [
  'totalScore',
  'idleScore',
  'cruiseScore',
  'coastScore',
  'speedScore',
  'rpmScore',
  'harshAccelerationScore',
  'harshBrakeScore',
] as const;

export function ScoreCard({ data }: { data: ScoreData }) {
  const { t } = useTranslation();
  return (
    <Card className="h-100">
      <Card.Header>{t('entity.trips.score')}</Card.Header>
      <Table size="sm" className="mb-0" borderless>
        <tbody>
          {SCORE_KEYS.map((key) => (
            <tr key={key} className={key === 'totalScore' ? 'fw-semibold' : undefined}>
              <th className="fw-normal text-body-secondary ps-3">{t(`entity.scores.${key}`)}</th>
              <td className="text-end pe-3">{formatScore(data[key])}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}

export function EventsList({
  events,
}: {
  events: { timestamp: string; eventType: string }[] | undefined;
}) {
  const { t } = useTranslation();
  const label = useEventTypeLabel();
  return (
    <Card className="h-100">
      <Card.Header>{t('entity.trips.events')}</Card.Header>
      {!events ? (
        <Card.Body>
          <Spinner size="sm" />
        </Card.Body>
      ) : events.length === 0 ? (
        <Card.Body className="text-body-secondary">{t('entity.trips.noEvents')}</Card.Body>
      ) : (
        <div style={{ maxHeight: 360, overflowY: 'auto' }}>
          <Table size="sm" className="mb-0" data-testid="trip-events">
            <thead>
              <tr>
                <th className="ps-3">{t('entity.trips.time')}</th>
                <th>{t('entity.trips.eventType')}</th>
              </tr>
            </thead>
            <tbody>
              {events.map((event, index) => (
                <tr key={`${event.timestamp}-${event.eventType}-${index}`}>
                  <td className="ps-3 text-nowrap">{formatTime(event.timestamp)}</td>
                  <td>{label(event.eventType)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </Card>
  );
}
