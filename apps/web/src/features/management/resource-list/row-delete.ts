import { isRole, mayGrantRole, type Role } from '@fleet/contract';
import type { Resource } from '../resources';
import { isReadOnly } from '../sync-marks/sync-mark';

/**
 * Whether a row of the list offers Delete: only to those who write the resource; nobody deletes
 * their own organisation, nor (here) the one in view; a synchronised copy is deleted on its
 * remote (the server answers 409). Nor one's own account, nor a user of a role one may not grant
 * (the server answers 403: the shared rule mayGrantRole).
 */
export function mayDeleteRow(
  resource: Resource,
  row: { id: number } & Record<string, unknown>,
  writes: boolean,
  organisations: { own: number; inView: number },
  me?: { userId: number; role: Role },
): boolean {
  if (!writes || isReadOnly(row)) return false;
  if (resource === 'users' && me) {
    if (row.id === me.userId) return false;
    if (isRole(row.user_role) && !mayGrantRole(me.role, row.user_role)) return false;
  }
  return !(
    resource === 'organisations' &&
    (row.id === organisations.own || row.id === organisations.inView)
  );
}
