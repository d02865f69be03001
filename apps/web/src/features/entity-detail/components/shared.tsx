import { formatScore, type DrivingStyleData, type ScoreData } from '@fleet/contract';
import { formatTime } from '@/lib/fleet-time';
import { Alert, Card, Table } from 'react-bootstrap';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '@/components/loading';
import { errorText } from '@/lib/api-client';
import { SCORE_KEYS, STAT_KEYS } from '@/lib/driving-style-fields';
import { useEventTypeLabel, useStatText } from '@/lib/use-labels';

/** Loading, error or the content of a query. */
export function QueryState({ query }: { query: { isPending: boolean; error: unknown } }) {
  const { t } = useTranslation();
  if (query.error)
    return (
      <Alert variant="danger">{t('entity.loadFailed', { message: errorText(query.error) })}</Alert>
    );
  if (query.isPending) return <Loading />;
  return null;
}

export function StatsCard({ data }: { data: DrivingStyleData }) {
  const { t } = useTranslation();
  const text = useStatText();
  return (
    <Card className="h-100">
      <Card.Header>{t('entity.trips.stats')}</Card.Header>
      <Table size="sm" className="mb-0" borderless>
        <tbody>
          {STAT_KEYS.map((key) => (
            <tr key={key}>
              <th className="fw-normal text-body-secondary ps-3">{t(`stats.${key}`)}</th>
              <td className="text-end pe-3">{text(key, data)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}

export function ScoreCard({ data }: { data: ScoreData }) {
  const { t } = useTranslation();
  return (
    <Card className="h-100">
      <Card.Header>{t('entity.trips.score')}</Card.Header>
      <Table size="sm" className="mb-0" borderless>
        <tbody>
          {SCORE_KEYS.map((key) => (
            <tr key={key} className={key === 'totalScore' ? 'fw-semibold' : undefined}>
              <th className="fw-normal text-body-secondary ps-3">{t(`scores.${key}`)}</th>
              <td className="text-end pe-3">{formatScore(data[key])}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}

/**
 * The events of a trip: a spinner while they load, the error if the call failed (issue 7 §6).
 * `media` adds a column of what the Map list shows per event (its media buttons and thumbnails).
 */
export function EventsList<E extends { timestamp: string; eventType: string }>({
  query,
  media,
}: {
  query: { data: E[] | undefined; isPending: boolean; error: unknown };
  media?: (event: E) => ReactNode;
}) {
  const { t } = useTranslation();
  const label = useEventTypeLabel();
  const events = query.data;
  return (
    <Card className="h-100">
      <Card.Header>{t('entity.trips.events')}</Card.Header>
      {!events ? (
        <Card.Body>
          {query.error ? (
            <Alert variant="danger" className="mb-0" data-testid="events-error">
              {t('entity.loadFailed', { message: errorText(query.error) })}
            </Alert>
          ) : (
            <Loading className="d-flex align-items-center gap-2 text-body-secondary" />
          )}
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
                {media && <th className="pe-3">{t('entity.trips.media')}</th>}
              </tr>
            </thead>
            <tbody>
              {events.map((event, index) => (
                <tr key={`${event.timestamp}-${event.eventType}-${index}`}>
                  <td className="ps-3 text-nowrap">{formatTime(event.timestamp)}</td>
                  <td>{label(event.eventType)}</td>
                  {media && <td className="pe-3">{media(event)}</td>}
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </Card>
  );
}
