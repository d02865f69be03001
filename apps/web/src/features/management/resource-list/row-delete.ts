import type { Resource } from '../resources';
import { isReadOnly } from '../sync-marks/sync-mark';

/**
 * Whether a row of the list offers Delete: only to those who write the resource; nobody deletes
 * their own organisation, nor (here) the one in view; a synchronised copy is deleted on its
 * remote (the server answers 409).
 */
export function mayDeleteRow(
  resource: Resource,
  row: { id: number } & Record<string, unknown>,
  writes: boolean,
  organisations: { own: number; inView: number },
): boolean {
  if (!writes || isReadOnly(row)) return false;
  return !(
    resource === 'organisations' &&
    (row.id === organisations.own || row.id === organisations.inView)
  );
}
