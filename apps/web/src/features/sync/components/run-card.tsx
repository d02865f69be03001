import type { SyncConfiguration, SyncLastResult, SyncResult } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/fleet-time';
import { syncKeys } from '../api/configuration';
import { runNow, useLastResults } from '../api/runs';
import { isActive, lastResultOf, scheduleOf } from '../results';
import { Counts, RunProgress, StatusBadge } from './shared';

/** Puts a run just queued in place of the organisation's newest, so polling starts at once. */
export function withRun(
  list: SyncLastResult[] | undefined,
  run: SyncResult,
): SyncLastResult[] | undefined {
  return list?.map((row) =>
    row.organisationId === run.organisationId ? { ...row, result: run } : row,
  );
}

/**
 * Synchronise now, and the newest run of the organisation: its progress while queued or running
 * (GET lastresults/, asked every second meanwhile), else its outcome; and when the next one is due.
 */
export function RunCard({
  organisationId,
  configuration,
}: {
  organisationId: number;
  configuration: SyncConfiguration;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const lastResults = useLastResults();
  const result = lastResultOf(lastResults.data, organisationId);
  const active = isActive(result);
  const schedule = scheduleOf(configuration);

  const run = useMutation({
    mutationFn: () => runNow(organisationId),
    onSuccess: async (queued) => {
      queryClient.setQueryData(syncKeys.lastResults, (list: SyncLastResult[] | undefined) =>
        withRun(list, queued),
      );
      await queryClient.invalidateQueries({ queryKey: syncKeys.lastResults });
      await queryClient.invalidateQueries({ queryKey: syncKeys.results(organisationId) });
    },
  });

  // A run that ends changes the results and the schedule: ask for them again.
  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !active) {
      void queryClient.invalidateQueries({ queryKey: syncKeys.results(organisationId) });
      void queryClient.invalidateQueries({ queryKey: syncKeys.configuration(organisationId) });
    }
    wasActive.current = active;
  }, [active, organisationId, queryClient]);

  return (
    <Card className="mb-4" data-testid="run-card">
      <Card.Body>
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
          <Card.Title as="h2" className="h6 mb-0">
            {t('sync.run.title')}
          </Card.Title>
          <Button
            onClick={() => run.mutate()}
            disabled={run.isPending || active || schedule.state === 'NO_IDS'}
          >
            {(run.isPending || active) && (
              <span className="spinner-border spinner-border-sm me-2" aria-hidden />
            )}
            {t('sync.run.now')}
          </Button>
        </div>
        {run.isError && (
          <Alert variant="danger" role="alert">
            {errorText(run.error)}
          </Alert>
        )}
        {schedule.state === 'NO_IDS' && (
          <Alert variant="warning" className="py-2 small">
            {t('sync.run.noIds')}
          </Alert>
        )}
        {lastResults.isError ? (
          <Alert variant="danger">
            {t('sync.loadFailed', { message: errorText(lastResults.error) })}
          </Alert>
        ) : !result ? (
          <p className="text-body-secondary">{lastResults.isPending ? '' : t('sync.run.never')}</p>
        ) : (
          <div className="mb-3" data-testid="last-run">
            <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
              <span className="text-body-secondary">{t('sync.run.last')}</span>
              <StatusBadge status={result.status} />
              <span className="small">
                {formatDateTime(result.endedAt ?? result.startedAt ?? result.queuedAt)}
              </span>
            </div>
            {active ? (
              <RunProgress result={result} />
            ) : (
              <>
                {result.status !== 'FAILED' && <Counts counts={result.counts} />}
                {result.reason && (
                  <p className="text-danger small mb-0 mt-1" data-testid="last-run-reason">
                    {result.reason}
                  </p>
                )}
              </>
            )}
          </div>
        )}
        <p className="small text-body-secondary mb-0" data-testid="next-run">
          {schedule.state === 'DUE'
            ? t('sync.run.nextRun', { when: formatDateTime(schedule.at) })
            : schedule.state === 'OFF'
              ? t('sync.run.noSchedule')
              : null}
        </p>
      </Card.Body>
    </Card>
  );
}
