import { mayGrantRole, ROLES, type Role } from '@fleet/contract';

/** The roles the caller may give (contract mayGrantRole): a user grants at most its own authority. */
export const grantableRoles = (caller: Role): Role[] =>
  ROLES.filter((role) => mayGrantRole(caller, role));
