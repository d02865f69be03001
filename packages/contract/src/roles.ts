import { Type, type Static } from 'typebox';

/** USER is the specification's "other roles": standard dashboards and management. */
export const ROLES = ['OEM', 'RESELLER', 'INTEGRATOR', 'DRIVER', 'USER'] as const;
export const Role = Type.Enum(ROLES);
export type Role = Static<typeof Role>;

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/**
 * Role rules of spec §2 and §6, in one place. The web uses them to show menu
 * entries and tabs; the server uses the same rules to refuse the calls.
 */
export const permissions = {
  /** OEM and RESELLER create, move and delete organisations below their own; an INTEGRATOR does not. */
  manageOrganisations: (role: Role) => role === 'OEM' || role === 'RESELLER',
  /** Create, change and delete assets, drivers, devices, groups, links and settings. */
  manageFleet: (role: Role) => role !== 'DRIVER',
  synchronization: (role: Role) => role === 'OEM',
  organisationSettings: (role: Role) => role === 'OEM' || role === 'RESELLER',
  oemSection: (role: Role) => role === 'OEM',
  rawData: (role: Role) => role === 'OEM' || role === 'INTEGRATOR',
  monitoring: (role: Role) => role !== 'DRIVER',
  /** Create, change and delete users of one's organisation and below (within mayGrantRole). */
  manageUsers: (role: Role) => role !== 'DRIVER',
} as const;

/**
 * A user grants at most its own authority: `granter` may give (create, change
 * to, change or delete a user of) `role` when every permission of `role` is
 * also one of `granter`'s. So OEM grants all; RESELLER grants RESELLER, USER
 * and DRIVER (not INTEGRATOR: raw data); INTEGRATOR grants INTEGRATOR, USER and
 * DRIVER; USER grants USER and DRIVER.
 */
export const mayGrantRole = (granter: Role, role: Role): boolean =>
  permissions.manageUsers(granter) &&
  (Object.keys(permissions) as (keyof typeof permissions)[]).every(
    (p) => !permissions[p](role) || permissions[p](granter),
  );
