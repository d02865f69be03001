import { endpoints, formatDistance, formatScore, type Location } from '@fleet/contract';
import { formatDate, formatTime } from '@/lib/fleet-time';
import { lazy, Suspense } from 'react';
import { Badge, Button, Card, Col, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { EntityType } from '@/config/paths';
import { Address } from '@/components/address';
import { ExportMenu, pdfLanguage } from '@/components/export-menu';
import { downloadCall } from '@/lib/download';
import { Link } from 'react-router';
import type { Entity } from '../api/get-entity';
import { tripPartHref } from '../trip-parts';
import type { TripView } from '../trips';
import { EventsList, ScoreCard, StatsCard } from './shared';
import { scoreColor } from './charts';
import { useTripCard } from './use-trip-card';

// MapLibre is big: it loads only when a trip's map is opened.
const TripMap = lazy(() => import('./trip-map'));

function Place({
  label,
  time,
  location,
}: {
  label: string;
  time: string | null;
  location: Location | null;
}) {
  const { t } = useTranslation();
  // A trip under way has no finish yet: 'Under way' says it all, not an 'Unknown' address.
  if (!time)
    return (
      <div>
        <div className="small text-body-secondary">{label}</div>
        <div data-testid="trip-under-way">{t('entity.trips.underWay')}</div>
      </div>
    );
  return (
    <div>
      <div className="small text-body-secondary">{label}</div>
      <div>
        {formatDate(time)} <strong>{formatTime(time)}</strong>
      </div>
      <div className="small">
        <Address location={location} />
      </div>
    </div>
  );
}

export function TripCard({ trip, entity }: { trip: TripView; entity: Entity }) {
  const card = useTripCard(trip, entity);
  return (
    <Card data-testid="trip-card">
      <Card.Body>
        <TripSummary trip={trip} type={entity.type} />
        <TripToggles card={card} trip={trip} />
        {card.details && (
          <Row className="g-3 mt-0" xs={1} lg={3} data-testid="trip-details">
            <Col>{trip.drivingStyleData && <StatsCard data={trip.drivingStyleData} />}</Col>
            <Col>{trip.scoreData && <ScoreCard data={trip.scoreData} />}</Col>
            <Col>
              <EventsList query={card.events} />
            </Col>
          </Row>
        )}
        {card.map && (
          <Row className="g-3 mt-0" data-testid="trip-map-panel">
            <Col lg={card.withMedia ? 5 : 4}>
              <EventsList query={card.events} media={card.media} />
            </Col>
            <Col lg={card.withMedia ? 7 : 8}>
              <Suspense fallback={<Spinner size="sm" />}>
                <TripMap trip={trip} window={card.window} events={card.events.data ?? []} />
              </Suspense>
            </Col>
          </Row>
        )}
      </Card.Body>
    </Card>
  );
}

/** Start, finish, the drivers (or the asset) with their distance and score, and the total. */
function TripSummary({ trip, type }: { trip: TripView; type: EntityType }) {
  const { t } = useTranslation();
  const total = trip.scoreData?.totalScore ?? null;
  return (
    <Row className="g-3 align-items-start">
      <Col md={3}>
        <Place
          label={t('entity.trips.start')}
          time={trip.startTime}
          location={trip.startLocation}
        />
      </Col>
      <Col md={3}>
        <Place label={t('entity.trips.finish')} time={trip.endTime} location={trip.endLocation} />
      </Col>
      <Col md={4}>
        <div className="small text-body-secondary">
          {t(type === 'ASSET' ? 'entity.trips.drivers' : 'entity.trips.asset')}
        </div>
        <TripParts parts={trip.parts} type={type} />
      </Col>
      <Col md={2} className="text-md-end">
        <div className="small text-body-secondary">{t('entity.trips.totalScore')}</div>
        {total !== null && (
          <Badge bg="" style={{ background: scoreColor(total) }} className="fs-6">
            {formatScore(total)}
          </Badge>
        )}
        <div className="small mt-1">{formatDistance(trip.drivingStyleData?.drivingDistance)}</div>
      </Col>
    </Row>
  );
}

function TripParts({ parts, type }: { parts: TripView['parts']; type: EntityType }) {
  return (
    <ul className="list-unstyled mb-0">
      {parts.map((part) => {
        const href = tripPartHref(type, part.id);
        return (
          <li key={part.id} className="d-flex justify-content-between gap-2">
            {href ? <Link to={href}>{part.name}</Link> : <span>{part.name}</span>}
            <span className="text-nowrap">
              {formatDistance(part.distance)}
              {part.score !== null && (
                <span className="text-body-secondary"> · {formatScore(part.score)}</span>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** Details and Map, each a toggle of its own (spec §2). */
function TripToggles({ card, trip }: { card: ReturnType<typeof useTripCard>; trip: TripView }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="d-flex gap-2 mt-3">
      <Button
        size="sm"
        variant={card.details ? 'primary' : 'outline-primary'}
        aria-expanded={card.details}
        onClick={card.toggleDetails}
      >
        {t('entity.trips.details')}
      </Button>
      <Button
        size="sm"
        variant={card.map ? 'primary' : 'outline-primary'}
        aria-expanded={card.map}
        onClick={card.toggleMap}
      >
        {t('entity.trips.map')}
      </Button>
      {/* Issue 21 §3: this trip as a printable PDF (map, speed, events). */}
      <div className="ms-auto">
        <ExportMenu
          label={t('entity.trips.exportTrip')}
          testId="export-trip"
          formats={['pdf']}
          onExport={(_format, onProgress) =>
            downloadCall(
              endpoints.exports.tripPdf,
              {
                params: { id: trip.assetId, tripId: trip.tripId },
                query: { language: pdfLanguage(i18n) },
              },
              { fallbackName: `trip-${trip.tripId}.pdf`, onProgress },
            )
          }
        />
      </div>
    </div>
  );
}
