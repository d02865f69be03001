import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/fleet-time';
import type { Entity } from './api/entities';
import type { ManagementTexts } from './locales/en';
import type { Resource } from './resources';

export type Field = keyof ManagementTexts['fields'];

export type Column = {
  /** The record's field, also the server's sort key. */
  field: Field;
  sortable: boolean;
  render?: (row: Entity, t: TFunction) => ReactNode;
};

const yesNo = (value: unknown, t: TFunction) =>
  value ? t('management.list.yes') : t('management.list.no');

const plain = (field: Field, sortable = true): Column => ({ field, sortable });

/** The columns of each resource on the list screen (spec §2). */
export const COLUMNS: Record<Resource, Column[]> = {
  assets: [plain('name'), plain('licencePlate')],
  devices: [
    plain('name'),
    plain('identifier'),
    {
      field: 'lastSeen',
      sortable: true,
      render: (row, t) =>
        typeof row.lastSeen === 'string'
          ? formatDateTime(row.lastSeen)
          : t('management.list.never'),
    },
    { field: 'online', sortable: false, render: (row, t) => yesNo(row.online, t) },
  ],
  drivers: [plain('firstName'), plain('lastName'), plain('phone')],
  groups: [
    plain('name'),
    { field: 'active', sortable: true, render: (r, t) => yesNo(r.active, t) },
  ],
  configurationgroups: [
    plain('name'),
    {
      field: 'settings',
      sortable: false,
      render: (row) =>
        Array.isArray(row.groupConfigurations) ? row.groupConfigurations.length : '',
    },
  ],
  users: [
    plain('name'),
    plain('username'),
    {
      field: 'user_role',
      sortable: true,
      render: (row, t) => t(`management.roles.${String(row.user_role) as 'USER'}`),
    },
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
};

/** How a record is named in titles and confirmations. */
export function entityName(resource: Resource, row: Entity | undefined): string {
  if (!row) return '';
  if (resource === 'drivers')
    return `${String(row.firstName ?? '')} ${String(row.lastName ?? '')}`.trim();
  return String(row.name ?? row.id);
}
