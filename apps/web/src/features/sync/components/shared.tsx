import { permissions, type SyncCounts, type SyncResult, type SyncStatus } from '@fleet/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert, Badge, ProgressBar } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Loading as SharedLoading } from '@/components/loading';
import { errorText } from '@/lib/api-client';
import { useAuthenticatedSession } from '@/lib/auth';
import { durationParts, progressView, STATUS_VARIANT } from '../results';

/** A spinner with a text, as a status (the app's one loading state, components/loading.tsx). */
export function Loading({ text }: { text?: string }) {
  const { t } = useTranslation();
  return <SharedLoading label={text ?? t('sync.loading')} />;
}

/** A query's loading and failure states, else its data drawn by `children`. */
export function QueryState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Loading />;
  if (query.isError)
    return (
      <Alert variant="danger">{t('sync.loadFailed', { message: errorText(query.error) })}</Alert>
    );
  return <>{children(query.data)}</>;
}

/** The screens are the OEM's (the server answers every other role 403): others see why not. */
export function OemOnly({ header, children }: { header: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const { user_role: role } = useAuthenticatedSession();
  if (!permissions.synchronization(role))
    return (
      <>
        {header}
        <Alert variant="info" role="note">
          {t('sync.oemOnly')}
        </Alert>
      </>
    );
  return <>{children}</>;
}

export function StatusBadge({ status }: { status: SyncStatus }) {
  const { t } = useTranslation();
  const variant = STATUS_VARIANT[status];
  return (
    <Badge
      bg={variant}
      text={variant === 'warning' || variant === 'info' ? 'dark' : undefined}
      data-testid="sync-status"
    >
      {t(`sync.status.${status}`)}
    </Badge>
  );
}

const COUNT_KEYS = ['created', 'updated', 'unchanged', 'deactivated'] as const;

/** Created, updated, unchanged and deactivated, as a line of labelled numbers. */
export function Counts({ counts }: { counts: SyncCounts }) {
  const { t } = useTranslation();
  return (
    <dl className="d-flex flex-wrap gap-3 mb-0 small" data-testid="sync-counts">
      {COUNT_KEYS.map((key) => (
        <div key={key} className="d-flex gap-1">
          <dt className="fw-normal text-body-secondary">{t(`sync.counts.${key}`)}</dt>
          <dd className="mb-0 fw-semibold" data-testid={`count-${key}`}>
            {counts[key]}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** "3 min 4 s": how long a run took. */
export function useDuration() {
  const { t } = useTranslation();
  return (result: Pick<SyncResult, 'startedAt' | 'endedAt'>): string | null => {
    const parts = durationParts(result.startedAt, result.endedAt);
    if (!parts) return null;
    if (parts.hours) return t('sync.duration.hours', parts);
    if (parts.minutes) return t('sync.duration.minutes', parts);
    return t('sync.duration.seconds', parts);
  };
}

/** The progress of a queued or running run: a bar (striped while its end is unknown) and what it does. */
export function RunProgress({ result }: { result: SyncResult }) {
  const { t } = useTranslation();
  const view = progressView(result);
  const kind = view.kind ? t(`sync.kinds.${view.kind}`) : null;
  const text =
    view.step === 'FETCHING' || view.step === 'APPLYING'
      ? t(kind ? `sync.run.step.${view.step}` : `sync.run.step.${view.step}_ANY`, {
          kind,
          done: view.done,
          total: view.total ?? 0,
        })
      : t(`sync.run.step.${view.step}`);
  return (
    <div data-testid="sync-progress">
      <ProgressBar className="mb-1">
        <ProgressBar
          now={view.percent ?? 100}
          striped={view.percent === null}
          animated={view.percent === null}
          variant={view.percent === null ? 'info' : undefined}
          aria-label={t('sync.run.progress')}
          aria-valuetext={text}
        />
      </ProgressBar>
      <div className="small text-body-secondary" aria-live="polite">
        {text}
      </div>
    </div>
  );
}
