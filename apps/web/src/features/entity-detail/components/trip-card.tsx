import { formatDistance, formatScore, type Location } from '@fleet/contract';
import { formatDate, formatTime } from '@/lib/fleet-time';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Col, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { hrefs } from '@/config/paths';
import { Address } from '@/components/address';
import { Link } from 'react-router';
import type { Entity } from '../api/get-entity';
import { useDatapoints, useEvents, type VehicleEvent } from '../api/get-vehicle-data';
import { useSlots } from '../slots';
import { eventPoint, type TripView } from '../trips';
import { EventsList, ScoreCard, StatsCard } from './shared';
import { scoreColor } from './charts';

// MapLibre is big: it loads only when a trip's map is opened.
const TripMap = lazy(() => import('./trip-map'));

/** Spec §4, §9: the datapoints are asked again 1 s after an upload or a delete. */
const DATAPOINT_REFRESH_MS = 1000;

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
  const { t } = useTranslation();
  // Details and Map open and close each on its own (spec §2: two toggles).
  const [details, setDetails] = useState(false);
  const [map, setMap] = useState(false);
  // Fixed once per trip: a trip under way would otherwise ask for a new window (and call
  // again) every second it re-renders.
  const window = useMemo(
    () => ({ from: trip.startTime, until: trip.endTime ?? new Date() }),
    [trip.startTime, trip.endTime],
  );
  // Events of the trip: of the asset, or of the driver while driving it.
  const events = useEvents(entity.type, entity.id, window, details || map);
  // The Map list's media per event, when a media feature is composed in: the datapoints call
  // (the same one as the map's) names each moment's device and media.
  const { eventMedia } = useSlots();
  const datapoints = useDatapoints(trip.assetId, window, map && !!eventMedia);
  const client = useQueryClient();
  const refreshDatapoints = () =>
    setTimeout(
      () => void client.invalidateQueries({ queryKey: ['datapoints', trip.assetId] }),
      DATAPOINT_REFRESH_MS,
    );
  const media =
    eventMedia &&
    ((event: VehicleEvent) =>
      eventMedia({
        assetId: event.assetId,
        timestamp: event.timestamp,
        ...eventPoint(datapoints.data ?? [], event.timestamp),
        onChanged: refreshDatapoints,
      }));
  const total = trip.scoreData?.totalScore ?? null;
  const partLink = (id: number) =>
    entity.type === 'ASSET' ? (id > 0 ? hrefs.driverDetail(id) : null) : hrefs.assetDetail(id);

  return (
    <Card data-testid="trip-card">
      <Card.Body>
        <Row className="g-3 align-items-start">
          <Col md={3}>
            <Place
              label={t('entity.trips.start')}
              time={trip.startTime}
              location={trip.startLocation}
            />
          </Col>
          <Col md={3}>
            <Place
              label={t('entity.trips.finish')}
              time={trip.endTime}
              location={trip.endLocation}
            />
          </Col>
          <Col md={4}>
            <div className="small text-body-secondary">
              {t(entity.type === 'ASSET' ? 'entity.trips.drivers' : 'entity.trips.asset')}
            </div>
            <ul className="list-unstyled mb-0">
              {trip.parts.map((part) => {
                const href = partLink(part.id);
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
          </Col>
          <Col md={2} className="text-md-end">
            <div className="small text-body-secondary">{t('entity.trips.totalScore')}</div>
            {total !== null && (
              <Badge bg="" style={{ background: scoreColor(total) }} className="fs-6">
                {formatScore(total)}
              </Badge>
            )}
            <div className="small mt-1">
              {formatDistance(trip.drivingStyleData?.drivingDistance)}
            </div>
          </Col>
        </Row>
        <div className="d-flex gap-2 mt-3">
          <Button
            size="sm"
            variant={details ? 'primary' : 'outline-primary'}
            aria-expanded={details}
            onClick={() => setDetails(!details)}
          >
            {t('entity.trips.details')}
          </Button>
          <Button
            size="sm"
            variant={map ? 'primary' : 'outline-primary'}
            aria-expanded={map}
            onClick={() => setMap(!map)}
          >
            {t('entity.trips.map')}
          </Button>
        </div>
        {details && (
          <Row className="g-3 mt-0" xs={1} lg={3} data-testid="trip-details">
            <Col>{trip.drivingStyleData && <StatsCard data={trip.drivingStyleData} />}</Col>
            <Col>{trip.scoreData && <ScoreCard data={trip.scoreData} />}</Col>
            <Col>
              <EventsList query={events} />
            </Col>
          </Row>
        )}
        {map && (
          <Row className="g-3 mt-0" data-testid="trip-map-panel">
            <Col lg={eventMedia ? 5 : 4}>
              <EventsList query={events} media={media} />
            </Col>
            <Col lg={eventMedia ? 7 : 8}>
              <Suspense fallback={<Spinner size="sm" />}>
                <TripMap trip={trip} window={window} events={events.data ?? []} />
              </Suspense>
            </Col>
          </Row>
        )}
      </Card.Body>
    </Card>
  );
}
