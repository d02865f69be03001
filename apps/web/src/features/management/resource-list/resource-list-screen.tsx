import '../locales/register';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { managementHrefs } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { Pager } from '@/components/pager';
import { errorText } from '@/lib/api-client';
import { useAuthenticatedSession } from '@/lib/auth';
import { pageQueryOptions, type Entity } from '../api/entities';
import { COLUMNS, entityName, SEARCH_FIELDS, type Column } from '../columns';
import { SyncBadge } from '../sync-marks/sync-badge';
import { isReadOnly, syncMarkOf } from '../sync-marks/sync-mark';
import { mayWrite, SCREENS, type Resource } from '../resources';
import { DeleteOrganisationDialog } from '../organisations/delete-organisation-dialog';
import { DeleteDialog } from './delete-dialog';
import { pageCount, readListState, toggleSort, writeListState, type ListState } from './list-query';

const SEARCH_DELAY_MS = 300;

function SortHeader({
  column,
  state,
  onSort,
}: {
  column: Column;
  state: ListState;
  onSort: (field: string) => void;
}) {
  const { t } = useTranslation();
  const label = t(`management.fields.${column.field}`);
  if (!column.sort) return <th scope="col">{label}</th>;
  const sort = column.sort;
  const active = state.sort === sort;
  return (
    <th
      scope="col"
      aria-sort={active ? (state.order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        className="btn btn-link p-0 fw-semibold text-decoration-none text-reset text-nowrap"
        onClick={() => onSort(sort)}
        title={t('management.list.sortBy', { column: label })}
      >
        {label}
        <span aria-hidden className="ms-1 text-body-secondary">
          {active ? (state.order === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

/** The one list screen of spec §2: search, sort, server-side pages of 10, create, row actions, delete. */
export function ResourceListScreen({ resource, title }: { resource: Resource; title: string }) {
  const { t, i18n } = useTranslation();
  const {
    organisation_id: organisationId,
    user_organisation_id: ownOrganisationId,
    user_role: role,
  } = useAuthenticatedSession();
  const [params, setParams] = useSearchParams();
  const state = readListState(params);
  const [search, setSearch] = useState(state.search);
  const [deleting, setDeleting] = useState<Entity | null>(null);
  const columns = COLUMNS[resource];
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

  const filterKeys = Object.keys(state.filters);
  // ?filter=unlinked|silent|pending (contract *_FILTERS), as the management overview links them.
  const filterLabel = (key: string, value: string) => {
    const text = `management.filters.${resource}.${value}`;
    return key === 'filter' && i18n.exists(text)
      ? t(text as 'management.filters.devices.silent')
      : `${key}=${value}`;
  };
  const total = query.data?.total ?? 0;
  const pages = pageCount(total);

  return (
    <>
      <PageHeader
        title={title}
        actions={
          writes && (
            <Link className="btn btn-primary" to={managementHrefs.entity('edit', resource)}>
              {t(`management.create.${resource}`)}
            </Link>
          )
        }
      />
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <Form.Control
          type="search"
          className="w-auto flex-grow-1"
          style={{ maxWidth: 360 }}
          aria-label={t('management.list.search')}
          placeholder={t('management.list.searchPlaceholder', { resource: title.toLowerCase() })}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {filterKeys.map((key) => (
          <Badge key={key} bg="info" className="fs-6 fw-normal" data-testid="list-filter">
            {t('management.list.filter')}: {filterLabel(key, state.filters[key] ?? '')}
          </Badge>
        ))}
        {filterKeys.length > 0 && (
          <Button
            variant="link"
            size="sm"
            onClick={() => update({ ...state, filters: {}, page: 1 })}
          >
            {t('management.list.clearFilter')}
          </Button>
        )}
        <span className="ms-auto text-body-secondary" aria-live="polite">
          {query.data && t('management.list.total', { count: total })}
        </span>
      </div>
      {query.isError && (
        <Alert variant="danger">
          {t('management.list.loadFailed', { message: errorText(query.error) })}
        </Alert>
      )}
      <div className="card">
        <Table responsive hover className="mb-0 align-middle" aria-busy={query.isFetching}>
          <thead>
            <tr>
              {columns.map((column) => (
                <SortHeader
                  key={column.field}
                  column={column}
                  state={state}
                  onSort={(field) => update(toggleSort(state, field))}
                />
              ))}
              <th scope="col" className="text-end">
                {t('management.list.actions')}
              </th>
            </tr>
          </thead>
          <tbody>
            {query.data?.items.map((row) => (
              <tr key={row.id}>
                {columns.map((column, index) => {
                  const content = column.render
                    ? column.render(row, t, { sorted: state.sort !== undefined })
                    : String(row[column.field] ?? '');
                  // The name keeps its own element, so it reads (and is found) without the badge.
                  return (
                    <td key={column.field}>
                      {index === 0 && syncMarkOf(row) ? (
                        <>
                          <span>{content}</span>
                          <SyncBadge record={row} />
                        </>
                      ) : (
                        content
                      )}
                    </td>
                  );
                })}
                <td className="text-end text-nowrap">
                  <RowActions
                    resource={resource}
                    row={row}
                    writes={writes}
                    // Nobody deletes their own organisation, nor (here) the one in view.
                    // A synchronised copy is deleted on its remote (the server answers 409).
                    deletes={
                      writes &&
                      !isReadOnly(row) &&
                      !(
                        resource === 'organisations' &&
                        (row.id === ownOrganisationId || row.id === organisationId)
                      )
                    }
                    onDelete={setDeleting}
                  />
                </td>
              </tr>
            ))}
            {query.data?.items.length === 0 && (
              <tr>
                <td colSpan={columns.length + 1} className="text-body-secondary">
                  {t('management.list.empty')}
                </td>
              </tr>
            )}
          </tbody>
        </Table>
      </div>
      <div className="mt-3">
        <Pager
          page={Math.min(state.page, pages)}
          pages={pages}
          label={t('management.list.pages')}
          onChange={(page) => update({ ...state, page })}
        />
      </div>
      {resource === 'organisations' ? (
        <DeleteOrganisationDialog row={deleting} onClose={() => setDeleting(null)} />
      ) : (
        <DeleteDialog resource={resource} row={deleting} onClose={() => setDeleting(null)} />
      )}
    </>
  );
}

function RowActions({
  resource,
  row,
  writes,
  deletes,
  onDelete,
}: {
  resource: Resource;
  row: Entity;
  writes: boolean;
  deletes: boolean;
  onDelete: (row: Entity) => void;
}) {
  const { t } = useTranslation();
  const name = entityName(resource, row);
  const link = (screen: 'edit' | 'members' | 'links' | 'configs', label: string) => (
    <Link
      key={screen}
      className="btn btn-sm btn-outline-primary ms-1"
      to={managementHrefs.entity(screen, resource, row.id)}
      aria-label={`${label}: ${name}`}
    >
      {label}
    </Link>
  );
  return (
    <>
      {writes && link('edit', t('management.list.edit'))}
      {writes && resource === 'organisations' && (
        <Link
          className="btn btn-sm btn-outline-primary ms-1"
          to={`${managementHrefs.entity('edit', resource)}&parentId=${row.id}`}
          aria-label={`${t('management.list.newChild')}: ${name}`}
        >
          {t('management.list.newChild')}
        </Link>
      )}
      {SCREENS[resource].map((screen) =>
        link(
          screen,
          screen === 'configs' && resource === 'configurationgroups'
            ? t('management.list.settings')
            : t(`management.list.${screen}`),
        ),
      )}
      {deletes && (
        <Button
          size="sm"
          variant="outline-danger"
          className="ms-1"
          aria-label={`${t('management.list.delete')}: ${name}`}
          onClick={() => onDelete(row)}
        >
          {t('management.list.delete')}
        </Button>
      )}
    </>
  );
}
