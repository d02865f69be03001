import '../locales/register';
import {
  formatDistance,
  formatDuration,
  formatScore,
  REPORT_INTERVALS,
  type ReportData,
  type ReportInterval,
} from '@fleet/contract';
import { Button, ButtonGroup, Card, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { EntityType } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { PeriodFilter } from '@/components/period-filter';
import { useReport } from '@/lib/api/get-report';
import { useEntity, type Entity } from '../api/get-entity';
import { useEntityPeriod } from '../state';
import { ScoreBars } from './charts';
import { QueryState } from './shared';

type Interval = (typeof REPORT_INTERVALS)[number];
const isInterval = (value: string | null): value is Interval =>
  (REPORT_INTERVALS as readonly (string | null)[]).includes(value);

/** The entity's row of one interval of the report, if it drove. */
function entityData(interval: ReportInterval, entity: Entity): ReportData | undefined {
  const rows =
    entity.type === 'ASSET'
      ? interval.assetPeriodData?.find((a) => a.assetId === entity.id)?.assetData
      : interval.driverPeriodData?.find((d) => d.driverId === entity.id)?.driverData;
  return rows?.[0];
}

/**
 * entity-interval (spec §2, issue 19 §8): the entity's driving style per day, week or month of
 * the period, as a chart of the total score and a table, from the one reports API.
 */
export function EntityIntervalScreen({ type, id }: { type: EntityType; id: number }) {
  const { t } = useTranslation();
  const entity = useEntity(type, id);
  const [params, setParams] = useSearchParams();
  const chosen = params.get('interval');
  const interval: Interval = isInterval(chosen) ? chosen : 'DAY';
  return (
    <>
      <PageHeader title={entity.data?.name ?? ''} subtitle={t('entity.interval.subtitle')} />
      <div className="d-flex flex-wrap gap-3 align-items-end mb-3">
        <PeriodFilter />
        <ButtonGroup aria-label={t('entity.interval.choose')}>
          {REPORT_INTERVALS.map((each) => (
            <Button
              key={each}
              variant={each === interval ? 'primary' : 'outline-primary'}
              aria-pressed={each === interval}
              onClick={() => setParams({ interval: each }, { replace: true })}
            >
              {t(`entity.interval.${each}`)}
            </Button>
          ))}
        </ButtonGroup>
      </div>
      {entity.data ? (
        <Intervals entity={entity.data} interval={interval} />
      ) : (
        <QueryState query={entity} />
      )}
    </>
  );
}

function Intervals({ entity, interval }: { entity: Entity; interval: Interval }) {
  const { t } = useTranslation();
  const period = useEntityPeriod();
  const report = useReport({
    kind: entity.type === 'ASSET' ? 'assets' : 'drivers',
    organisationId: entity.organisationId,
    entityId: entity.id,
    from: period.from,
    until: period.until,
    update: period.update,
    interval,
  });
  if (!report.data) return <QueryState query={report} />;
  const rows = report.data.flatMap((each) => {
    const data = entityData(each, entity);
    const stats = data?.drivingStyleData;
    return stats && stats.drivingDistance > 0
      ? [{ starts: each.day ?? each.from.slice(0, 10), stats, score: data.scoreData?.totalScore }]
      : [];
  });
  if (rows.length === 0) return <p className="text-body-secondary">{t('entity.none')}</p>;
  return (
    <div className="d-flex flex-column gap-3" data-testid="entity-intervals">
      <Card>
        <Card.Header>{t('entity.interval.chart')}</Card.Header>
        <Card.Body>
          <ScoreBars items={rows.map((row) => ({ label: row.starts, value: row.score ?? 0 }))} />
        </Card.Body>
      </Card>
      <Card>
        <Table responsive className="mb-0" aria-label={t('entity.interval.table')}>
          <thead>
            <tr>
              <th scope="col">{t('entity.interval.starts')}</th>
              <th scope="col">{t('entity.interval.distance')}</th>
              <th scope="col">{t('entity.interval.drivingTime')}</th>
              <th scope="col">{t('entity.interval.totalScore')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.starts} data-testid="entity-interval-row">
                <td>{row.starts}</td>
                <td>{formatDistance(row.stats.drivingDistance)}</td>
                <td>{formatDuration(row.stats.drivingTime)}</td>
                <td>{row.score === undefined ? '' : formatScore(row.score)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Card>
    </div>
  );
}
