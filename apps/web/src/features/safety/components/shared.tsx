import type { SafetyCaseStatus } from '@fleet/contract';
import { Alert, Badge, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-client';

/** Bootstrap's colour of each status: what waits stands out, what is closed steps back. */
export const STATUS_VARIANT: Record<SafetyCaseStatus, string> = {
  NEEDS_REVIEW: 'warning',
  NEEDS_COACHING: 'info',
  COACHED: 'success',
  RECOGNISED: 'primary',
  DISMISSED: 'secondary',
};

export function StatusBadge({ status, overdue }: { status: SafetyCaseStatus; overdue?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="d-inline-flex flex-wrap gap-1" data-testid="case-status" data-status={status}>
      <Badge bg={STATUS_VARIANT[status]} text={status === 'NEEDS_REVIEW' ? 'dark' : undefined}>
        {t(`safety.status.${status}`)}
      </Badge>
      {overdue && <Badge bg="danger">{t('safety.case.overdue')}</Badge>}
    </span>
  );
}

/** Loading, or the error of a query. */
export function QueryState({ query }: { query: { isPending: boolean; error: unknown } }) {
  const { t } = useTranslation();
  if (query.error)
    return (
      <Alert variant="danger">{t('safety.loadFailed', { message: errorText(query.error) })}</Alert>
    );
  if (query.isPending)
    return (
      <div className="py-4 text-center">
        <Spinner size="sm" />
      </div>
    );
  return null;
}

/** A clip mark (a film frame), for the list's media column. */
export function ClipIcon({ size = 16 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" fill="currentColor" aria-hidden>
      <path d="M0 3a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v1.5l3.2-2A.5.5 0 0 1 16 3v10a.5.5 0 0 1-.8.4L12 11.5V13a2 2 0 0 1-2 2H2a2 2 0 0 1-2-2V3z" />
    </svg>
  );
}
