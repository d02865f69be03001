import { Badge, Button, Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loading } from '@/components/loading';
import { hrefs, managementHrefs } from '@/config/paths';
import type { Entity } from '../api/entities';
import { COLUMNS, entityName, type Column } from '../columns';
import { SyncBadge } from '../sync-marks/sync-badge';
import { syncMarkOf } from '../sync-marks/sync-mark';
import { SCREENS, type Resource } from '../resources';
import { toggleSort, type ListState } from './list-query';
import type { ResourceListState } from './use-resource-list';

/** The search, the filters the list came with (and Clear), and the total. */
export function ListToolbar({ title, list }: { title: string; list: ResourceListState }) {
  const { t } = useTranslation();
  const { state, update } = list;
  const filterKeys = Object.keys(state.filters);
  return (
    <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
      <Form.Control
        type="search"
        className="w-auto flex-grow-1"
        style={{ maxWidth: 360 }}
        aria-label={t('management.list.search')}
        placeholder={t('management.list.searchPlaceholder', { resource: title.toLowerCase() })}
        value={list.search}
        onChange={(event) => list.setSearch(event.target.value)}
      />
      {filterKeys.map((key) => (
        <Badge key={key} bg="info" className="fs-6 fw-normal" data-testid="list-filter">
          {t('management.list.filter')}: {list.filterLabel(key, state.filters[key] ?? '')}
        </Badge>
      ))}
      {filterKeys.length > 0 && (
        <Button variant="link" size="sm" onClick={() => update({ ...state, filters: {}, page: 1 })}>
          {t('management.list.clearFilter')}
        </Button>
      )}
      <span className="ms-auto text-body-secondary" aria-live="polite">
        {list.query.data && t('management.list.total', { count: list.total })}
      </span>
    </div>
  );
}

/** The page of rows: sortable headers, the columns of the resource, the row actions. */
export function ResourceTable({ resource, list }: { resource: Resource; list: ResourceListState }) {
  const { t } = useTranslation();
  const { state, query } = list;
  const columns = COLUMNS[resource];
  return (
    <Table responsive hover className="mb-0 align-middle" aria-busy={query.isFetching}>
      <thead>
        <tr>
          {columns.map((column) => (
            <SortHeader
              key={column.field}
              column={column}
              state={state}
              onSort={(field) => list.update(toggleSort(state, field))}
            />
          ))}
          <th scope="col" className="text-end">
            {t('management.list.actions')}
          </th>
        </tr>
      </thead>
      <tbody>
        {query.data?.items.map((row) => (
          <ResourceRow key={row.id} resource={resource} row={row} list={list} />
        ))}
        {/* Issue 19 §11: the rows are loading, not missing, until the first page has come. */}
        {query.isPending && (
          <tr>
            <td colSpan={columns.length + 1}>
              <Loading
                label={t('management.loading')}
                className="d-flex align-items-center gap-2 text-body-secondary"
              />
            </td>
          </tr>
        )}
        {query.data?.items.length === 0 && (
          <tr>
            <td colSpan={columns.length + 1} className="text-body-secondary">
              {t('management.list.empty')}
            </td>
          </tr>
        )}
      </tbody>
    </Table>
  );
}

/**
 * Issue 19 §8: an asset's and a driver's name lead to their detail screen, a device's to its
 * own page (it has no other).
 */
function detailHref(resource: Resource, id: number): string | undefined {
  if (resource === 'assets') return hrefs.assetDetail(id);
  if (resource === 'drivers') return hrefs.driverDetail(id);
  if (resource === 'devices') return managementHrefs.entity('edit', resource, id);
  return undefined;
}

function ResourceRow({
  resource,
  row,
  list,
}: {
  resource: Resource;
  row: Entity;
  list: ResourceListState;
}) {
  const { t } = useTranslation();
  return (
    <tr>
      {COLUMNS[resource].map((column, index) => {
        const value = column.render
          ? column.render(row, t, { sorted: list.state.sort !== undefined })
          : String(row[column.field] ?? '');
        const detail = index === 0 ? detailHref(resource, row.id) : undefined;
        const content = detail ? <Link to={detail}>{value}</Link> : value;
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
          writes={list.writes}
          edits={list.edits(row)}
          deletes={list.deletes(row)}
          onDelete={list.setDeleting}
        />
      </td>
    </tr>
  );
}

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

function RowActions({
  resource,
  row,
  writes,
  edits,
  deletes,
  onDelete,
}: {
  resource: Resource;
  row: Entity;
  writes: boolean;
  /** Edit is offered (not on a user the server would refuse to change) */
  edits: boolean;
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
      {edits && link('edit', t('management.list.edit'))}
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
