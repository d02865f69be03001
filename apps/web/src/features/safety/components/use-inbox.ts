import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAuthenticatedSession } from '@/lib/auth';
import { filterRange, useFilter } from '@/lib/filter';
import { toLocalIso } from '@/lib/fleet-time';
import { useCaseCounts, useCasePage } from '../api/cases';
import {
  caseFilter,
  pageWindow,
  readInbox,
  writeInbox,
  writeQueue,
  type InboxState,
} from '../inbox-state';

/** The shared period filter as the API's from and until; null while it is not a valid period. */
export function usePeriodQuery() {
  const filter = useFilter();
  return useMemo(() => {
    const range = filterRange(filter);
    const period =
      range && range.from < range.until
        ? { from: toLocalIso(range.from), until: toLocalIso(range.until) }
        : null;
    return { period, group: filter.group, update: filter.update };
  }, [filter]);
}

/**
 * The inbox's state: its choices in the URL, the shared period and group, the page of cases and
 * the counts the server answered, and the rows selected for a bulk action (this page's only:
 * a change of filters or page forgets them).
 */
export function useInbox() {
  const { organisation_id: organisationId } = useAuthenticatedSession();
  const [params, setParams] = useSearchParams();
  const state = readInbox(params);
  const { period, group, update: mark } = usePeriodQuery();
  const filter = caseFilter(state, period, group);
  const options = { enabled: period !== null, mark };
  const page = useCasePage(organisationId, filter, pageWindow(state.page), options);
  const counts = useCaseCounts(organisationId, filter, options);
  const queue = writeQueue(filter);
  const [selection, setSelection] = useState<{ key: string; ids: Set<number> }>({
    key: '',
    ids: new Set(),
  });
  const selectionKey = `${queue}|${state.page}`;
  const selected = selection.key === selectionKey ? selection.ids : new Set<number>();

  const change = (next: Partial<InboxState>) =>
    setParams(writeInbox({ ...state, page: 1, ...next }), { replace: true });
  const select = (ids: number[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setSelection({ key: selectionKey, ids: next });
  };

  return {
    organisationId,
    state,
    filter,
    queue,
    validPeriod: period !== null,
    page,
    counts,
    change,
    selected,
    select,
    clearSelection: () => setSelection({ key: selectionKey, ids: new Set() }),
  };
}
export type Inbox = ReturnType<typeof useInbox>;
