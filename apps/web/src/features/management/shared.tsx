import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Loading } from '@/components/loading';
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
  if (query.isPending) return <Loading label={t('management.loading')} />;
  if (query.isError)
    return (
      <Alert variant="danger">
        {t('management.loadFailed', { message: errorText(query.error) })}
      </Alert>
    );
  return <>{children(query.data)}</>;
}
