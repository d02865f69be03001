import { ROLES, type Role } from '@fleet/contract';
import { Type, type Static } from 'typebox';

/**
 * The user forms' schemas. They stand in until the contract carries the users calls' bodies
 * (issue 10 §3); the server checks its own either way.
 */
export const PASSWORD_MIN_LENGTH = 6;
const Password = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: 200 });
const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });

export const UserFormCreate = Type.Object({
  name: Text(200),
  username: Text(100),
  password: Password,
  user_role: Type.Enum(ROLES),
});
export type UserFormCreate = Static<typeof UserFormCreate>;

export const UserFormUpdate = Type.Object({
  name: Type.Optional(Text(200)),
  username: Type.Optional(Text(100)),
  user_role: Type.Optional(Type.Enum(ROLES)),
});

export const PasswordForm = Type.Object({ password: Password });

/** Authority, highest first: a user grants at most its own (issue 10 §3). */
const RANK: Record<Role, number> = { OEM: 4, RESELLER: 3, INTEGRATOR: 2, USER: 2, DRIVER: 1 };

/** The roles the caller may give: none for a driver, else those of at most its own rank. */
export function grantableRoles(caller: Role): Role[] {
  if (caller === 'DRIVER') return [];
  return ROLES.filter((role) => RANK[role] <= RANK[caller]);
}
