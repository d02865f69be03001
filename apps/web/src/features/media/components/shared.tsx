import { useMemo } from 'react';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Loading } from '@/components/loading';
import { errorText } from '@/lib/api-client';
import { defaultFilter, filterRange, useFilter } from '@/lib/filter';
import type { Period } from '../api/media';

/** The shared filter's period (spec §3), which the Media panel's tabs show. */
export function usePeriod(): Period {
  const filter = useFilter();
  return useMemo(() => {
    const range = filterRange(filter) ?? filterRange(defaultFilter(new Date()))!;
    return { ...range, update: filter.update };
  }, [filter]);
}

/** Loading, or the error of a query. */
export function QueryState({ query }: { query: { isPending: boolean; error: unknown } }) {
  const { t } = useTranslation();
  if (query.error)
    return (
      <Alert variant="danger">{t('media.loadFailed', { message: errorText(query.error) })}</Alert>
    );
  if (query.isPending) return <Loading />;
  return null;
}

/** The coloured dot of a timeline entry. */
export function TimelineDot({ variant }: { variant: string }) {
  return (
    <span
      className={`position-absolute start-0 translate-middle-x rounded-circle bg-${variant}`}
      style={{ top: 6, left: 0, width: 12, height: 12 }}
      aria-hidden
    />
  );
}
