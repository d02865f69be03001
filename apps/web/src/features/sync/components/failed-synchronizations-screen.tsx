import '../locales/register';
import type { SyncLastResult } from '@fleet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Card, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '@/components/notifications';
import { PageHeader } from '@/components/page-header';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/fleet-time';
import { syncKeys } from '../api/configuration';
import { runNow, useLastResults } from '../api/runs';
import { failedRows, isActive, synchronizationHref, type FailedRow } from '../results';
import { withRun } from './run-card';
import { OemOnly, QueryState, RunProgress, StatusBadge } from './shared';

/**
 * /oem/failedsynchronizations (OEM): the organisations whose newest run failed (GET
 * lastresults/), why and when, when they are retried, and Retry now. A row retried here stays
 * while its run runs, and shows how it ended.
 */
export function FailedSynchronizationsScreen() {
  const { t } = useTranslation();
  const header = <PageHeader title={t('nav.failedSynchronizations')} subtitle={t('nav.oem')} />;
  return (
    <OemOnly header={header}>
      {header}
      <FailedList />
    </OemOnly>
  );
}

function FailedList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const lastResults = useLastResults();
  const [retried, setRetried] = useState<ReadonlySet<number>>(new Set());
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const [failure, setFailure] = useState<unknown>(null);

  const retry = async (row: FailedRow) => {
    setFailure(null);
    setPending((ids) => new Set(ids).add(row.organisationId));
    try {
      const queued = await runNow(row.organisationId);
      setRetried((ids) => new Set(ids).add(row.organisationId));
      queryClient.setQueryData(syncKeys.lastResults, (list: SyncLastResult[] | undefined) =>
        withRun(list, queued),
      );
      notify(t('sync.failed.retried', { name: row.organisationName }), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: syncKeys.lastResults });
    } catch (error) {
      setFailure(error);
    } finally {
      setPending((ids) => {
        const next = new Set(ids);
        next.delete(row.organisationId);
        return next;
      });
    }
  };

  return (
    <>
      <p className="text-body-secondary">{t('sync.failed.intro')}</p>
      {failure !== null && (
        <Alert variant="danger" role="alert" dismissible onClose={() => setFailure(null)}>
          {errorText(failure)}
        </Alert>
      )}
      <QueryState query={lastResults}>
        {(list) => {
          const rows = failedRows(list, retried);
          if (rows.length === 0)
            return (
              <Alert variant="success" data-testid="no-failures">
                <p className="mb-0 fw-semibold">{t('sync.failed.empty')}</p>
                <p className="mb-0 small">{t('sync.failed.configured', { count: list.length })}</p>
              </Alert>
            );
          return (
            <Card>
              <Table responsive hover className="mb-0 align-middle">
                <thead>
                  <tr>
                    <th scope="col">{t('sync.failed.columns.organisation')}</th>
                    <th scope="col">{t('sync.failed.columns.reason')}</th>
                    <th scope="col">{t('sync.failed.columns.when')}</th>
                    <th scope="col">{t('sync.failed.columns.nextRetry')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('sync.failed.columns.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <FailedRowView
                      key={row.organisationId}
                      row={row}
                      pending={pending.has(row.organisationId)}
                      onRetry={() => void retry(row)}
                    />
                  ))}
                </tbody>
              </Table>
            </Card>
          );
        }}
      </QueryState>
    </>
  );
}

function FailedRowView({
  row,
  pending,
  onRetry,
}: {
  row: FailedRow;
  pending: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const { result } = row;
  const active = isActive(result);
  return (
    <tr data-testid="failed-synchronization">
      <td>
        <Link
          to={synchronizationHref(row.organisationId)}
          title={t('sync.failed.open', { name: row.organisationName })}
        >
          {row.organisationName}
        </Link>
        <div className="small text-body-secondary text-break">{row.server}</div>
      </td>
      <td style={{ minWidth: '16rem' }}>
        <div className="mb-1">
          <StatusBadge status={result.status} />
        </div>
        {active ? (
          <RunProgress result={result} />
        ) : (
          result.reason && (
            <span className="text-danger" data-testid="failure-reason">
              {result.reason}
            </span>
          )
        )}
      </td>
      <td className="text-nowrap">
        {formatDateTime(result.endedAt ?? result.startedAt ?? result.queuedAt)}
        {result.attempt > 1 && (
          <div className="small text-body-secondary">
            {t('sync.results.attempt', { attempt: result.attempt })}
          </div>
        )}
      </td>
      <td className="text-nowrap" data-testid="next-retry">
        {result.status === 'FAILED' && result.nextRetryAt
          ? formatDateTime(result.nextRetryAt)
          : t('sync.failed.none')}
      </td>
      <td className="text-end">
        <Button
          size="sm"
          variant="outline-primary"
          onClick={onRetry}
          disabled={pending || active}
          aria-label={`${t('sync.failed.retry')} ${row.organisationName}`}
        >
          {(pending || active) && (
            <span className="spinner-border spinner-border-sm me-2" aria-hidden />
          )}
          {t('sync.failed.retry')}
        </Button>
      </td>
    </tr>
  );
}
