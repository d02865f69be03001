import { useMemo } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '@/components/export-menu';
import type { Entity } from '../api/get-entity';
import { useReport } from '@/lib/api/get-report';
import { TRIPS_DAY_LINK_EXTEND_TIME } from '@/lib/report-body';
import { exportAssetData, exportEvents, useTrips } from '../api/get-vehicle-data';
import { dayWindow, setTripDay, useTripDay } from '../state';
import { assetTrips, driverTrips } from '../trips';
import { QueryState } from './shared';
import { TripCard } from './trip-card';

/** Spec §2 Trips: the day picker and that day's trips, latest first. */
export function TripsTab({ entity }: { entity: Entity }) {
  const { t } = useTranslation();
  const day = useTripDay();
  const window = useMemo(() => dayWindow(day), [day]);
  const isAsset = entity.type === 'ASSET';
  const assetQuery = useTrips(entity.id, window, isAsset);
  const driverQuery = useReport(
    isAsset
      ? null
      : {
          kind: 'drivers',
          organisationId: entity.organisationId,
          entityId: entity.id,
          ...window,
          trips: true,
          driverLinkExtendTime: TRIPS_DAY_LINK_EXTEND_TIME,
        },
  );
  const query = isAsset ? assetQuery : driverQuery;
  const trips = useMemo(
    () =>
      isAsset ? assetTrips(assetQuery.data ?? []) : driverTrips(driverQuery.data ?? [], entity.id),
    [isAsset, assetQuery.data, driverQuery.data, entity.id],
  );

  return (
    <>
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-2 mb-3">
        <Form.Group controlId="entity-trip-day" style={{ maxWidth: 220 }}>
          <Form.Label className="small mb-1">{t('entity.trips.day')}</Form.Label>
          <Form.Control
            type="date"
            size="sm"
            value={day}
            required
            onChange={(e) => e.target.value && setTripDay(e.target.value)}
          />
        </Form.Group>
        <div className="d-flex gap-2">
          {isAsset && (
            <ExportMenu
              onExport={(format, onProgress) =>
                exportAssetData('trips', entity.id, window, format, onProgress)
              }
            />
          )}
          <ExportMenu
            testId="export-events-menu"
            label={t('exportMenu.exportEvents')}
            onExport={(format, onProgress) =>
              exportEvents(entity.type, entity.id, window, format, onProgress)
            }
          />
        </div>
      </div>
      {!query.data ? (
        <QueryState query={query} />
      ) : trips.length === 0 ? (
        <p className="text-body-secondary">{t('entity.trips.none')}</p>
      ) : (
        <div className="d-flex flex-column gap-3" data-testid="trips">
          {trips.map((trip) => (
            <TripCard key={trip.key} trip={trip} entity={entity} />
          ))}
        </div>
      )}
    </>
  );
}
