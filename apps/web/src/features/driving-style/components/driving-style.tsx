import { useMemo } from 'react';
import { Alert, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { endpoints } from '@fleet/contract';
import { ExportMenu, pdfLanguage } from '@/components/export-menu';
import { PageHeader } from '@/components/page-header';
import { PeriodFilter } from '@/components/period-filter';
import { filterRange, useFilter } from '@/lib/filter';
import '@/locales/dashboards/register';
import { useReport } from '@/lib/api/get-report';
import { downloadCall } from '@/lib/download';
import { reportBody, type ReportRequest } from '@/lib/report-body';
import { ranking, type Measure } from '../rankings';
import { RankingCard, type RankingSource } from './ranking-card';

/**
 * The fleet driving style (spec §2): the period filter with groups, and the 'Drive distance' and
 * 'Total score' rankings of assets and drivers over that period. Each list shows at most 100
 * rows, however large the fleet.
 */
export function DrivingStyle({ organisationId, title }: { organisationId: number; title: string }) {
  const { t, i18n } = useTranslation();
  const filter = useFilter();
  const range = filterRange(filter);
  const valid = range !== null && range.from < range.until;
  const query = valid
    ? { organisationId, ...range, group: filter.group, update: filter.update }
    : null;
  const request = (kind: ReportRequest['kind']): ReportRequest | null =>
    query && { kind, ...query };
  const assets = useReport(request('assets'));
  const drivers = useReport(request('drivers'));

  const assetRankings = useMemo(
    () => ({
      distance: ranking(assets.data, 'asset', 'distance'),
      score: ranking(assets.data, 'asset', 'score'),
    }),
    [assets.data],
  );
  const driverRankings = useMemo(
    () => ({
      distance: ranking(drivers.data, 'driver', 'distance'),
      score: ranking(drivers.data, 'driver', 'score'),
    }),
    [drivers.data],
  );
  const source = (
    report: { isPending: boolean; fetchStatus: string; error: unknown },
    rankings: Record<Measure, RankingSource['ranking']>,
    measure: Measure,
  ): RankingSource => ({
    ranking: rankings[measure],
    // A disabled query (no valid period) is pending but not loading.
    pending: report.isPending && report.fetchStatus !== 'idle',
    error: report.error,
  });
  const card = (measure: Measure) => ({
    assets: source(assets, assetRankings, measure),
    drivers: source(drivers, driverRankings, measure),
  });

  // Issue 21 §3: the rankings of the period and group shown, as CSV, Excel or a printable PDF.
  const exportMenu = (kind: ReportRequest['kind']) => (
    <ExportMenu
      label={t(kind === 'assets' ? 'drivingStyle.exportAssets' : 'drivingStyle.exportDrivers')}
      testId={`export-${kind}`}
      disabled={!valid}
      formats={['csv', 'xlsx', 'pdf']}
      onExport={(format, onProgress) => {
        const body = reportBody(request(kind)!);
        if (format === 'pdf')
          return downloadCall(
            endpoints.exports.rankingsPdf,
            { params: { id: organisationId, kind }, query: { language: pdfLanguage(i18n) }, body },
            { fallbackName: `rankings-${kind}.pdf`, onProgress },
          );
        return downloadCall(
          endpoints.exports.rankings,
          { params: { id: organisationId, kind }, query: { format }, body },
          { fallbackName: `rankings-${kind}.${format}`, onProgress },
        );
      }}
    />
  );

  return (
    <>
      <PageHeader
        title={title}
        subtitle={t('drivingStyle.subtitle')}
        actions={
          <>
            {exportMenu('assets')}
            {exportMenu('drivers')}
          </>
        }
      />
      <PeriodFilter groups />
      {!valid && <Alert variant="warning">{t('drivingStyle.invalidPeriod')}</Alert>}
      <Row className="g-4">
        <Col xs={12} xl={6}>
          <RankingCard
            title={t('drivingStyle.driveDistance')}
            testId="ranking-distance"
            {...card('distance')}
          />
        </Col>
        <Col xs={12} xl={6}>
          <RankingCard
            title={t('drivingStyle.totalScore')}
            testId="ranking-score"
            {...card('score')}
          />
        </Col>
      </Row>
    </>
  );
}
