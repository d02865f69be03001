import { formatDuration, formatFuel, type ReportData } from '@fleet/contract';
import { Card, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Entity } from '../api/get-entity';
import { useReport } from '@/lib/api/get-report';
import { useEntityPeriod } from '../state';
import { ScoreBars, StackedBar } from './charts';
import { SCORE_KEYS } from '@/lib/driving-style-fields';
import { QueryState, StatsCard } from './shared';

/** Spec §2 Driving style: the period's statistics and scores, drawn where a chart says it better. */
export function DrivingStyleTab({ entity }: { entity: Entity }) {
  const { t } = useTranslation();
  const period = useEntityPeriod();
  const report = useReport({
    kind: entity.type === 'ASSET' ? 'assets' : 'drivers',
    organisationId: entity.organisationId,
    entityId: entity.id,
    from: period.from,
    until: period.until,
    update: period.update,
  });
  if (!report.data) return <QueryState query={report} />;
  const data: ReportData | undefined = report.data
    .flatMap((interval) =>
      entity.type === 'ASSET'
        ? (interval.assetPeriodData?.find((a) => a.assetId === entity.id)?.assetData ?? [])
        : (interval.driverPeriodData?.find((d) => d.driverId === entity.id)?.driverData ?? []),
    )
    .at(0);
  const stats = data?.drivingStyleData;
  const scores = data?.scoreData;
  if (!stats || !scores || stats.drivingDistance <= 0)
    return <p className="text-body-secondary">{t('entity.drivingStyle.noData')}</p>;

  const otherDriving = Math.max(0, stats.drivingTime - stats.cruiseTime - stats.coastTime);
  const idleEngine = Math.max(0, stats.idleTime);
  return (
    <Row className="g-3" data-testid="driving-style">
      <Col lg={6}>
        <Card className="h-100">
          <Card.Header>{t('entity.drivingStyle.scores')}</Card.Header>
          <Card.Body>
            <ScoreBars
              items={SCORE_KEYS.map((key) => ({
                label: t(`scores.${key}`),
                value: scores[key],
              }))}
            />
          </Card.Body>
        </Card>
      </Col>
      <Col lg={6}>
        <Card className="mb-3">
          <Card.Header>{t('entity.drivingStyle.timeShare')}</Card.Header>
          <Card.Body>
            <StackedBar
              shares={[
                {
                  label: t('entity.drivingStyle.driving'),
                  value: stats.drivingTime,
                  color: 'var(--bs-primary)',
                  text: formatDuration(stats.drivingTime),
                },
                {
                  label: t('entity.drivingStyle.idle'),
                  value: idleEngine,
                  color: 'var(--bs-warning)',
                  text: formatDuration(idleEngine),
                },
                {
                  label: t('entity.drivingStyle.pto'),
                  value: stats.ptoTime,
                  color: 'var(--bs-info)',
                  text: formatDuration(stats.ptoTime),
                },
              ]}
            />
          </Card.Body>
        </Card>
        <Card className="mb-3">
          <Card.Header>{t('entity.drivingStyle.drivingShare')}</Card.Header>
          <Card.Body>
            <StackedBar
              shares={[
                {
                  label: t('entity.drivingStyle.cruise'),
                  value: stats.cruiseTime,
                  color: 'var(--bs-success)',
                  text: formatDuration(stats.cruiseTime),
                },
                {
                  label: t('entity.drivingStyle.coast'),
                  value: stats.coastTime,
                  color: 'var(--bs-teal, #20c997)',
                  text: formatDuration(stats.coastTime),
                },
                {
                  label: t('entity.drivingStyle.other'),
                  value: otherDriving,
                  color: 'var(--bs-secondary)',
                  text: formatDuration(otherDriving),
                },
              ]}
            />
          </Card.Body>
        </Card>
        <Card>
          <Card.Header>{t('entity.drivingStyle.fuel')}</Card.Header>
          <Card.Body>
            <StackedBar
              shares={[
                {
                  label: t('entity.drivingStyle.fuelDriving'),
                  value: stats.fuelUsedDriving,
                  color: 'var(--bs-primary)',
                  text: `${formatFuel(stats.fuelUsedDriving)} l`,
                },
                {
                  label: t('entity.drivingStyle.fuelIdle'),
                  value: stats.fuelUsedIdle,
                  color: 'var(--bs-warning)',
                  text: `${formatFuel(stats.fuelUsedIdle)} l`,
                },
                {
                  label: t('entity.drivingStyle.fuelPTO'),
                  value: stats.fuelUsedPTO,
                  color: 'var(--bs-info)',
                  text: `${formatFuel(stats.fuelUsedPTO)} l`,
                },
              ]}
            />
          </Card.Body>
        </Card>
      </Col>
      <Col lg={6}>
        <StatsCard data={stats} />
      </Col>
    </Row>
  );
}
