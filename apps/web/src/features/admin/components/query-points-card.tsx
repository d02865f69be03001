import { MAX_QUERY_POINTS } from '@fleet/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Alert, Badge, Card, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Pager } from '@/components/pager';
import { formatDateTime } from '@/lib/fleet-time';
import { paginate } from '@/lib/paginate';
import { queryPointsOptions } from '../api';
import { AssetPeriodForm, QueryStatus, type AssetPeriod } from './asset-period-form';

const QueryPointsMap = lazy(() => import('./query-points-map'));

const degrees = (value: number) => (value / 100000).toFixed(5);

/** Query points (GET /admin-api/assets/{id}/querypoints): an asset and a period → map and table. */
export function QueryPointsCard() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<AssetPeriod | null>(null);
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...queryPointsOptions(shown?.assetId ?? 0, shown?.window ?? { from: '', until: '' }),
    enabled: shown !== null,
  });
  const points = query.data ?? [];
  const { page: current, pages, items } = paginate(points, page);

  return (
    <Card className="h-100" data-testid="querypoints-card">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {t('admin.queryPoints.title')}
        </Card.Title>
        <p className="text-body-secondary small">{t('admin.queryPoints.text')}</p>
        <AssetPeriodForm
          label={t('admin.queryPoints.title')}
          busy={query.isFetching}
          onShow={(selection) => {
            setPage(1);
            setShown(selection);
          }}
        />

        <QueryStatus shown={shown !== null} query={query} />
        {query.data && (
          <div className="mt-3">
            <div className="d-flex flex-wrap align-items-center gap-2 mb-2 small">
              <strong aria-live="polite">
                {t('admin.queryPoints.count', { count: points.length })}
              </strong>
              <Badge bg="primary">{t('admin.queryPoints.legendRecord')}</Badge>
              <Badge style={{ background: '#6f42c1' }}>
                {t('admin.queryPoints.legendDatapoint')}
              </Badge>
            </div>
            {points.length >= MAX_QUERY_POINTS && (
              <Alert variant="warning" className="py-2 small">
                {t('admin.queryPoints.limited', { count: MAX_QUERY_POINTS })}
              </Alert>
            )}
            {points.length === 0 ? (
              <p className="text-body-secondary mb-0">{t('admin.queryPoints.none')}</p>
            ) : (
              <>
                <Suspense
                  fallback={
                    <div
                      style={{ height: 380 }}
                      className="border rounded d-flex align-items-center justify-content-center"
                    >
                      <Spinner size="sm" aria-hidden />
                    </div>
                  }
                >
                  <QueryPointsMap points={points} />
                </Suspense>
                <Table
                  size="sm"
                  responsive
                  striped
                  className="mt-3 mb-2 small"
                  data-testid="querypoints-table"
                >
                  <thead>
                    <tr>
                      <th scope="col">{t('admin.queryPoints.time')}</th>
                      <th scope="col">{t('admin.queryPoints.source')}</th>
                      <th scope="col">{t('admin.queryPoints.reason')}</th>
                      <th scope="col" className="text-end">
                        {t('admin.queryPoints.latitude')}
                      </th>
                      <th scope="col" className="text-end">
                        {t('admin.queryPoints.longitude')}
                      </th>
                      <th scope="col" className="text-end">
                        {t('admin.queryPoints.speed')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {items.map((point, index) => (
                      <tr key={`${point.timestamp}-${point.source}-${index}`}>
                        <td className="text-nowrap">{formatDateTime(point.timestamp)}</td>
                        <td>{t(`admin.queryPoints.sources.${point.source}`)}</td>
                        <td>{point.transferReason ?? ''}</td>
                        <td className="text-end">{degrees(point.location.latitude)}</td>
                        <td className="text-end">{degrees(point.location.longitude)}</td>
                        <td className="text-end">
                          {point.speed === null ? '' : Math.round(point.speed)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
                <Pager
                  page={current}
                  pages={pages}
                  onChange={setPage}
                  label={t('admin.queryPoints.pages')}
                />
              </>
            )}
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
