import { formatDistance, formatScore } from '@fleet/contract';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Button, Card, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { entityQueryOptions, type Entity } from '../api/get-entity';
import { Loading } from '@/components/loading';
import { ExportMenu } from '@/components/export-menu';
import { exportCalendar, useReport } from '@/lib/api/get-report';
import type { ReportRequest } from '@/lib/report-body';
import { useDriverLinks } from '../api/get-vehicle-data';
import { calendarDays, linkedOnDay } from '../calendar';
import { useEntityPeriod } from '../state';
import { QueryState } from './shared';

/** Spec §2 Calendar: a card per day of the period; 'Trips' opens that day in the Trips tab. */
export function CalendarTab({
  entity,
  onTrips,
}: {
  entity: Entity;
  onTrips: (day: string) => void;
}) {
  const { t } = useTranslation();
  const period = useEntityPeriod();
  const request: ReportRequest = {
    kind: entity.type === 'ASSET' ? 'assets' : 'drivers',
    organisationId: entity.organisationId,
    entityId: entity.id,
    from: period.from,
    until: period.until,
    update: period.update,
    interval: 'DAY',
  };
  const report = useReport(request);
  const links = useDriverLinks(entity.type, entity.id, period);
  const days = useMemo(
    () => (report.data ? calendarDays(report.data, entity.type, entity.id) : []),
    [report.data, entity.type, entity.id],
  );
  // The other side of the links: drivers of an asset, assets of a driver.
  const otherType = entity.type === 'ASSET' ? 'DRIVER' : 'ASSET';
  const otherIds = [
    ...new Set((links.data ?? []).map((l) => (entity.type === 'ASSET' ? l.driverId : l.assetId))),
  ];
  const names = useQueries({
    queries: otherIds.map((id) => entityQueryOptions(otherType, id)),
    combine: (results) =>
      new Map(results.flatMap((r) => (r.data ? [[r.data.id, r.data.name] as const] : []))),
  });

  if (!report.data) return <QueryState query={report} />;
  if (!days.length) return <p className="text-body-secondary">{t('entity.none')}</p>;
  return (
    <>
      <div className="d-flex justify-content-end mb-3">
        <ExportMenu
          onExport={(format, onProgress) => exportCalendar(request, format, onProgress)}
        />
      </div>
      <Row xs={1} md={2} xl={3} className="g-3" data-testid="calendar">
        {days.map((day) => {
          const linked = linkedOnDay(links.data ?? [], entity.type, day.from, day.until);
          return (
            <Col key={day.from}>
              <Card className="h-100" data-testid="calendar-day" data-day={day.day}>
                <Card.Header className="d-flex justify-content-between align-items-center">
                  <strong>{day.day}</strong>
                  <Button size="sm" variant="outline-primary" onClick={() => onTrips(day.day)}>
                    {t('entity.calendar.trips')}
                  </Button>
                </Card.Header>
                <Card.Body>
                  <dl className="row small mb-0">
                    <dt className="col-6 fw-normal text-body-secondary">
                      {t(
                        entity.type === 'ASSET'
                          ? 'entity.calendar.drivers'
                          : 'entity.calendar.assets',
                      )}
                    </dt>
                    <dd className="col-6 text-end" data-testid="calendar-links">
                      {/* Issue 19 §11: "None linked" only once the links have arrived. */}
                      {!links.data ? (
                        links.error ? (
                          t('entity.calendar.linksFailed')
                        ) : (
                          <Loading inline label={t('entity.calendar.loadingLinks')} />
                        )
                      ) : linked.length ? (
                        linked.map((id) => names.get(id) ?? `#${id}`).join(', ')
                      ) : (
                        t('entity.calendar.noLinks')
                      )}
                    </dd>
                    <dt className="col-6 fw-normal text-body-secondary">
                      {t('entity.calendar.distance')}
                    </dt>
                    <dd className="col-6 text-end">{formatDistance(day.distance)}</dd>
                    <dt className="col-6 fw-normal text-body-secondary">
                      {t('entity.calendar.totalScore')}
                    </dt>
                    <dd className="col-6 text-end mb-0 fw-semibold">
                      {day.totalScore === null ? '–' : formatScore(day.totalScore)}
                    </dd>
                  </dl>
                </Card.Body>
              </Card>
            </Col>
          );
        })}
      </Row>
    </>
  );
}
