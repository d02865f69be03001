import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-client';

/** A query's loading and failure states, else its data drawn by `children`. */
export function QueryState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending)
    return (
      <div className="d-flex align-items-center gap-2 text-body-secondary" role="status">
        <Spinner size="sm" aria-hidden /> {t('management.loading')}
      </div>
    );
  if (query.isError)
    return (
      <Alert variant="danger">
        {t('management.loadFailed', { message: errorText(query.error) })}
      </Alert>
    );
  return <>{children(query.data)}</>;
}
