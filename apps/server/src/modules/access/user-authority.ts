import { mayGrantRole, permissions, type Role } from '@fleet/contract';

/** What a caller does to a user account (issue 10 §3). */
export type UserChange =
  | { action: 'create'; role: Role }
  | { action: 'update'; targetId: number; targetRole: Role; role?: Role | undefined }
  | { action: 'delete'; targetId: number; targetRole: Role };

/**
 * Why the caller may not make the change (a 403), or undefined when it may.
 * Asked after the target was found in the caller's subtree. The rules:
 * - DRIVER users manage no users;
 * - a user grants at most its own authority (mayGrantRole): it creates, changes
 *   and deletes only users whose role it could give, and gives only such roles;
 * - nobody deletes themselves or changes their own role (name and password they may).
 * That an organisation keeps a user who can manage it is checked where the
 * change is written (a 409), since it depends on the other users.
 */
export function userChangeRefusal(
  caller: { id: number; role: Role },
  change: UserChange,
): string | undefined {
  if (!permissions.manageUsers(caller.role)) return 'Drivers may not manage users';
  const cannotGive = (role: Role) => `A ${caller.role} user may not give the role ${role}`;
  if (change.action === 'create') {
    return mayGrantRole(caller.role, change.role) ? undefined : cannotGive(change.role);
  }
  if (!mayGrantRole(caller.role, change.targetRole)) {
    return `A ${caller.role} user may not ${change.action === 'delete' ? 'delete' : 'change'} a ${change.targetRole} user`;
  }
  const self = change.targetId === caller.id;
  if (change.action === 'delete') return self ? 'Nobody may delete their own account' : undefined;
  if (change.role === undefined || change.role === change.targetRole) return undefined;
  if (self) return 'Nobody may change their own role';
  return mayGrantRole(caller.role, change.role) ? undefined : cannotGive(change.role);
}
