import { isRole, mayGrantRole, type Role } from '@fleet/contract';
import type { Resource } from '../resources';
import { isReadOnly } from '../sync-marks/sync-mark';

type Row = { id: number } & Record<string, unknown>;
/** The signed-in user, for the rules on the users list. */
type Me = { userId: number; role: Role };

/**
 * A user of a role the caller may not grant: the server refuses to change or delete it (403, the
 * shared rule mayGrantRole, as the server's userChangeRefusal applies it).
 */
const outranks = (resource: Resource, row: Row, me?: Me): boolean =>
  resource === 'users' &&
  me !== undefined &&
  isRole(row.user_role) &&
  !mayGrantRole(me.role, row.user_role);

/**
 * Whether a row of the list offers Delete: only to those who write the resource; nobody deletes
 * their own organisation, nor (here) the one in view; a synchronised copy is deleted on its
 * remote (the server answers 409). Nor one's own account, nor a user of a role one may not grant
 * (the server answers 403: the shared rule mayGrantRole).
 */
export function mayDeleteRow(
  resource: Resource,
  row: Row,
  writes: boolean,
  organisations: { own: number; inView: number },
  me?: Me,
): boolean {
  if (!writes || isReadOnly(row)) return false;
  if (outranks(resource, row, me)) return false;
  if (resource === 'users' && me && row.id === me.userId) return false;
  return !(
    resource === 'organisations' &&
    (row.id === organisations.own || row.id === organisations.inView)
  );
}

/**
 * Whether a row of the list offers Edit (issue 19 §8): to those who write the resource, except on
 * a user of a role they may not grant (the server answers 403). One's own account stays editable:
 * its name and password may change, only not its role.
 */
export function mayEditRow(resource: Resource, row: Row, writes: boolean, me?: Me): boolean {
  return writes && !outranks(resource, row, me);
}
