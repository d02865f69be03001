import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAuthenticatedSession } from '@/lib/auth';
import { pageQueryOptions, type Entity } from '../api/entities';
import { SEARCH_FIELDS } from '../columns';
import { mayWrite, type Resource } from '../resources';
import { pageCount, readListState, writeListState, type ListState } from './list-query';
import { mayDeleteRow, mayEditRow } from './row-delete';

const SEARCH_DELAY_MS = 300;

/**
 * The list screen's state: the list's state in the URL, the search as typed, the page the
 * server answered, and the row being deleted.
 */
export function useResourceList(resource: Resource) {
  const { t, i18n } = useTranslation();
  const {
    organisation_id: organisationId,
    user_organisation_id: ownOrganisationId,
    user_role: role,
    user_id: userId,
  } = useAuthenticatedSession();
  const [params, setParams] = useSearchParams();
  const state = readListState(params);
  const [search, setSearch] = useState(state.search);
  const [deleting, setDeleting] = useState<Entity | null>(null);
  const writes = mayWrite(role, resource);
  const query = useQuery(
    pageQueryOptions(resource, organisationId, state, SEARCH_FIELDS[resource]),
  );

  const update = (next: ListState) => setParams(writeListState(next), { replace: true });

  // The search goes to the server once typing pauses; a new search starts at page 1.
  useEffect(() => {
    if (search === state.search) return;
    const timer = setTimeout(() => update({ ...state, search, page: 1 }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  });

  // ?filter=unlinked|silent|pending (contract *_FILTERS), as the management overview links them.
  const filterLabel = (key: string, value: string) => {
    const text = `management.filters.${resource}.${value}`;
    return key === 'filter' && i18n.exists(text)
      ? t(text as 'management.filters.devices.silent')
      : `${key}=${value}`;
  };
  const total = query.data?.total ?? 0;

  return {
    organisationId,
    state,
    update,
    search,
    setSearch,
    filterLabel,
    query,
    total,
    pages: pageCount(total),
    writes,
    deletes: (row: Entity) =>
      mayDeleteRow(
        resource,
        row,
        writes,
        { own: ownOrganisationId, inView: organisationId },
        { userId, role },
      ),
    edits: (row: Entity) => mayEditRow(resource, row, writes, { userId, role }),
    deleting,
    setDeleting,
  };
}
export type ResourceListState = ReturnType<typeof useResourceList>;
