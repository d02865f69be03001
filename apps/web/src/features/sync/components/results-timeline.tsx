import { SYNC_ENTITY_KINDS, type SyncResult } from '@fleet/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Badge, Button, Collapse, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PeriodFilter } from '@/components/period-filter';
import { filterRange, useFilter } from '@/lib/filter';
import { formatDate, formatDateTime, formatTime } from '@/lib/fleet-time';
import { resultsQueryOptions } from '../api/runs';
import { isActive, STATUS_VARIANT } from '../results';
import { Counts, QueryState, RunProgress, StatusBadge, useDuration } from './shared';

/** The runs of the organisation in the period of the shared filter, newest first. */
export function ResultsTimeline({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation();
  const filter = useFilter();
  const results = useQuery(resultsQueryOptions(organisationId, filterRange(filter), filter.update));
  return (
    <section aria-labelledby="sync-results-title" className="mb-4">
      <h2 id="sync-results-title" className="h5 mb-3">
        {t('sync.results.title')}
      </h2>
      <PeriodFilter />
      <QueryState query={results}>
        {(list) =>
          list.length === 0 ? (
            <p className="text-body-secondary" data-testid="results-empty">
              {t('sync.results.empty')}
            </p>
          ) : (
            <ol className="list-unstyled ms-2" aria-label={t('sync.results.list')}>
              {list.map((result, index) => (
                <ResultItem key={result.id} result={result} newest={index === 0} />
              ))}
            </ol>
          )
        }
      </QueryState>
    </section>
  );
}

/** One run; `newest` says when a failure is retried (an older one's plan is past). */
function ResultItem({ result, newest }: { result: SyncResult; newest: boolean }) {
  const { t } = useTranslation();
  const duration = useDuration()(result);
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const kinds = SYNC_ENTITY_KINDS.filter((kind) => result.countsByKind[kind]);
  const hasDetails = kinds.length > 0 || result.errorCount > 0;
  const when = result.startedAt ?? result.queuedAt;
  return (
    <li className="position-relative ps-4 pb-3 border-start" data-testid="sync-result">
      <span
        className={`position-absolute translate-middle-x rounded-circle bg-${STATUS_VARIANT[result.status]}`}
        style={{ top: 6, left: 0, width: 12, height: 12 }}
        aria-hidden
      />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <span>{formatDate(when)}</span>
        <strong>{formatTime(when)}</strong>
        <StatusBadge status={result.status} />
        <span className="small text-body-secondary">
          {[
            t(`sync.trigger.${result.trigger}`),
            result.attempt > 1 && t('sync.results.attempt', { attempt: result.attempt }),
            duration && t('sync.results.took', { duration }),
            result.endedAt &&
              result.status !== 'FAILED' &&
              (result.incremental ? t('sync.results.incremental') : t('sync.results.full')),
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </div>
      {isActive(result) ? (
        <div style={{ maxWidth: '32rem' }}>
          <RunProgress result={result} />
        </div>
      ) : (
        <>
          {result.status !== 'FAILED' && <Counts counts={result.counts} />}
          {result.reason && (
            <p className="text-danger small mb-0" data-testid="result-reason">
              {result.reason}
            </p>
          )}
          {result.status === 'FAILED' && newest && (
            <p className="small text-body-secondary mb-0">
              {result.nextRetryAt
                ? t('sync.results.nextRetry', { when: formatDateTime(result.nextRetryAt) })
                : t('sync.results.noRetry')}
            </p>
          )}
        </>
      )}
      {hasDetails && (
        <>
          <Button
            variant="link"
            size="sm"
            className="px-0"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? t('sync.results.hideDetails') : t('sync.results.details')}
            {result.errorCount > 0 && (
              <Badge bg="danger" className="ms-2">
                {t('sync.results.errors', { count: result.errorCount })}
              </Badge>
            )}
          </Button>
          <Collapse in={open}>
            <div id={detailsId}>
              <Details result={result} kinds={kinds} />
            </div>
          </Collapse>
        </>
      )}
    </li>
  );
}

function Details({
  result,
  kinds,
}: {
  result: SyncResult;
  kinds: (typeof SYNC_ENTITY_KINDS)[number][];
}) {
  const { t } = useTranslation();
  const notKept = result.errorCount - result.errors.length;
  return (
    <div className="pt-1 pb-2" style={{ maxWidth: '56rem' }}>
      {kinds.length > 0 && (
        <Table
          size="sm"
          className="small mb-2"
          style={{ maxWidth: '36rem' }}
          aria-label={t('sync.results.byKind')}
        >
          <thead>
            <tr>
              <th scope="col">{t('sync.results.kindColumn')}</th>
              {(['created', 'updated', 'unchanged', 'deactivated'] as const).map((key) => (
                <th scope="col" key={key} className="text-end">
                  {t(`sync.counts.${key}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {kinds.map((kind) => {
              const counts = result.countsByKind[kind]!;
              return (
                <tr key={kind}>
                  <th scope="row" className="fw-normal">
                    {t(`sync.kinds.${kind}`)}
                  </th>
                  <td className="text-end">{counts.created}</td>
                  <td className="text-end">{counts.updated}</td>
                  <td className="text-end">{counts.unchanged}</td>
                  <td className="text-end">{counts.deactivated}</td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      {result.errors.length > 0 && (
        <Table size="sm" className="small mb-1" data-testid="result-errors">
          <caption className="caption-top pt-0">
            {t('sync.results.errors', { count: result.errorCount })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('sync.results.kindColumn')}</th>
              <th scope="col">{t('sync.results.remoteId')}</th>
              <th scope="col">{t('sync.results.message')}</th>
            </tr>
          </thead>
          <tbody>
            {result.errors.map((error, index) => (
              <tr key={index}>
                <td>{t(`sync.kind.${error.entityKind}`)}</td>
                <td className="font-monospace">{error.externalId ?? t('sync.results.wholeRun')}</td>
                <td className="text-danger">{error.message}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {notKept > 0 && (
        <p className="small text-body-secondary mb-0">
          {t('sync.results.notKept', { count: notKept })}
        </p>
      )}
    </div>
  );
}
