import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/fleet-time';
import type { Entity } from './api/entities';
import type { ManagementTexts } from './locales/en';
import type { Resource } from './resources';

export type Field = keyof ManagementTexts['fields'];

/** How the list is shown: sorted by a column, or in the server's own order (organisations: the tree). */
export type ListContext = { sorted: boolean };

export type Column = {
  /** The record's field, and the column's header. */
  field: Field;
  /** The server's sort key for it (contract's *_SORTS); none: not sortable. */
  sort?: string;
  render?: (row: Entity, t: TFunction, context: ListContext) => ReactNode;
};

const yesNo = (value: unknown, t: TFunction) =>
  value ? t('management.list.yes') : t('management.list.no');

const plain = (field: Field, sort?: string): Column => ({ field, sort });

const SETTINGS_STATES = { APPLIED: 'success', PENDING: 'warning', FAILED: 'danger' } as const;

/** A device's settings state (contract DeviceConfigurationState), as a badge. */
export function SettingsState({ state }: { state: unknown }) {
  const { t } = useTranslation();
  const value =
    state && typeof state === 'object' && 'state' in state ? String(state.state) : undefined;
  if (!value || !(value in SETTINGS_STATES))
    return <span className="text-body-secondary">{t('management.settingsState.NONE')}</span>;
  const key = value as keyof typeof SETTINGS_STATES;
  return (
    <Badge bg={SETTINGS_STATES[key]} text={key === 'PENDING' ? 'dark' : undefined}>
      {t(`management.settingsState.${key}`)}
    </Badge>
  );
}

/** The columns of each resource on the list screen (spec §2). */
export const COLUMNS: Record<Resource, Column[]> = {
  assets: [
    plain('name', 'name'),
    plain('licencePlate', 'licencePlate'),
    plain('deviceName', 'device'),
    plain('driverName', 'driver'),
    plain('configurationGroupName', 'configurationGroup'),
  ],
  devices: [
    plain('name', 'name'),
    plain('identifier', 'identifier'),
    plain('assetName', 'asset'),
    {
      field: 'lastSeen',
      sort: 'lastSeen',
      render: (row, t) =>
        typeof row.lastSeen === 'string'
          ? formatDateTime(row.lastSeen)
          : t('management.list.never'),
    },
    { field: 'online', render: (row, t) => yesNo(row.online, t) },
    { field: 'configuration', render: (row) => <SettingsState state={row.configuration} /> },
  ],
  drivers: [
    plain('firstName', 'name'),
    plain('lastName', 'lastName'),
    plain('phone', 'phone'),
    plain('assetName', 'asset'),
  ],
  groups: [
    plain('name', 'name'),
    { field: 'active', sort: 'active', render: (r, t) => yesNo(r.active, t) },
    plain('assetCount', 'assetCount'),
    plain('driverCount', 'driverCount'),
  ],
  configurationgroups: [
    plain('name', 'name'),
    plain('assetCount', 'assetCount'),
    {
      field: 'settings',
      render: (row) =>
        Array.isArray(row.groupConfigurations) ? row.groupConfigurations.length : '',
    },
  ],
  users: [
    plain('name', 'name'),
    plain('username', 'username'),
    {
      field: 'role',
      sort: 'role',
      render: (row, t) => t(`management.roles.${String(row.user_role) as 'USER'}`),
    },
  ],
  organisations: [
    {
      field: 'name',
      sort: 'name',
      // In the tree's order each organisation stands below its parent, indented by its depth.
      render: (row, _t, { sorted }) => {
        const depth = sorted ? 0 : Number(row.depth ?? 0);
        return (
          <span
            className="text-nowrap"
            style={{ paddingLeft: `${depth * 1.25}rem` }}
            data-depth={depth}
          >
            {depth > 0 && (
              <span aria-hidden className="text-body-secondary me-1">
                {'>'.repeat(depth)}
              </span>
            )}
            {String(row.name)}
          </span>
        );
      },
    },
    { field: 'parentName', sort: 'parent', render: (row) => String(row.parentName ?? '—') },
    plain('users', 'users'),
    plain('assets', 'assets'),
    plain('devices', 'devices'),
  ],
};

/** The fields a search looks in, when this browser pages a list itself. */
export const SEARCH_FIELDS: Record<Resource, string[]> = {
  assets: ['name', 'licencePlate'],
  devices: ['name', 'identifier'],
  drivers: ['firstName', 'lastName', 'phone'],
  groups: ['name'],
  configurationgroups: ['name'],
  users: ['name', 'username'],
  organisations: ['name'],
};

/** How a record is named in titles and confirmations. */
export function entityName(resource: Resource, row: Entity | undefined): string {
  if (!row) return '';
  if (resource === 'drivers')
    return `${String(row.firstName ?? '')} ${String(row.lastName ?? '')}`.trim();
  return String(row.name ?? row.id);
}
