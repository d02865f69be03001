import { type FleetEntry } from '@fleet/contract';
import { formatDateTime } from '@/lib/fleet-time';
import { useId, useState } from 'react';
import { Badge, Button, Card, Collapse } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hrefs } from '@/config/paths';
import { Address } from '@/components/address';
import { isDriving } from '../fleet';
import { FleetDetails } from './fleet-details';

function When({ time }: { time: string | null }) {
  return time ? <div className="text-body-secondary">{formatDateTime(time)}</div> : null;
}

/**
 * One asset of the fleet overview (spec §2); `organisation` names its organisation when the
 * overview shows the organisations below the one viewed.
 */
export function FleetCard({ entry, organisation }: { entry: FleetEntry; organisation?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const driving = isDriving(entry);
  const hasTrip = entry.tripStartTime !== null;
  return (
    <Card data-testid="fleet-card" data-asset-id={entry.assetId}>
      <Card.Header className="d-flex align-items-center justify-content-between gap-2">
        <div className="text-truncate">
          <Link to={hrefs.assetDetail(entry.assetId)} className="fw-semibold">
            {entry.assetName}
          </Link>
          {organisation && (
            <div
              className="small text-body-secondary text-truncate"
              data-testid="fleet-organisation"
            >
              <span className="visually-hidden">{t('fleetOverview.organisation')}: </span>
              {organisation}
            </div>
          )}
        </div>
        <Badge bg={driving ? 'success' : 'secondary'} data-testid="fleet-status">
          {driving ? t('fleetOverview.driving') : t('fleetOverview.stationary')}
        </Badge>
      </Card.Header>
      <Card.Body className="small">
        <dl className="row mb-0">
          <dt className="col-4 fw-normal text-body-secondary">{t('fleetOverview.driver')}</dt>
          <dd className="col-8">
            {entry.driverId !== null ? (
              <Link to={hrefs.driverDetail(entry.driverId)}>{entry.driverName}</Link>
            ) : (
              <span className="text-body-secondary">{t('fleetOverview.noDriver')}</span>
            )}
          </dd>
          <dt className="col-4 fw-normal text-body-secondary">{t('fleetOverview.tripStart')}</dt>
          <dd className="col-8">
            {hasTrip ? (
              <>
                <Address location={entry.tripStartLocation} />
                <When time={entry.tripStartTime} />
              </>
            ) : (
              <span className="text-body-secondary">{t('fleetOverview.noTrip')}</span>
            )}
          </dd>
          <dt className="col-4 fw-normal text-body-secondary">{t('fleetOverview.tripEnd')}</dt>
          <dd className="col-8">
            {driving ? (
              <span className="text-success">{t('fleetOverview.underWay')}</span>
            ) : hasTrip ? (
              <>
                <Address location={entry.tripEndLocation} />
                <When time={entry.tripEndTime} />
              </>
            ) : (
              <span className="text-body-secondary">{t('fleetOverview.noTrip')}</span>
            )}
          </dd>
          <dt className="col-4 fw-normal text-body-secondary">{t('fleetOverview.lastData')}</dt>
          <dd className="col-8 mb-0" data-testid="fleet-last-data">
            {entry.time ? formatDateTime(entry.time) : t('fleetOverview.noData')}
          </dd>
        </dl>
        {entry.drivingStyleData && (
          <>
            <Button
              variant="outline-primary"
              size="sm"
              active={open}
              className="mt-3"
              onClick={() => setOpen(!open)}
              aria-expanded={open}
              aria-controls={detailsId}
            >
              {t('fleetOverview.details')}
            </Button>
            <Collapse in={open}>
              <div id={detailsId}>{open && <FleetDetails entry={entry} />}</div>
            </Collapse>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
