import { permissions, type Role } from '@fleet/contract';

/**
 * The resources of the generic list screen (spec §2): their paths on the main base, and which
 * of the per-entity screens (edit, members, links, configs) apply to them.
 */
export const RESOURCES = [
  'assets',
  'devices',
  'drivers',
  'groups',
  'configurationgroups',
  'users',
  'organisations',
] as const;
export type Resource = (typeof RESOURCES)[number];

export const isResource = (value: string | null | undefined): value is Resource =>
  (RESOURCES as readonly string[]).includes(value ?? '');

export type EntityScreen = 'members' | 'links' | 'configs';

/** The row actions beyond edit and delete: members of groups, links of assets, configs. */
export const SCREENS: Record<Resource, readonly EntityScreen[]> = {
  assets: ['links', 'configs'],
  devices: ['links'],
  drivers: ['links'],
  groups: ['members'],
  configurationgroups: ['members', 'configs'],
  users: [],
  organisations: [],
};

/**
 * Whether the screens offer writing: the permission the server asks for the resource
 * (modules/access). The server decides in the end, and its refusal is shown.
 */
export const mayWrite = (role: Role, resource?: Resource): boolean =>
  resource === 'organisations'
    ? permissions.manageOrganisations(role)
    : resource === 'users'
      ? permissions.manageUsers(role)
      : permissions.manageFleet(role);
