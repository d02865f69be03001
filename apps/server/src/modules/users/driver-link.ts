import type { Role } from '@fleet/contract';

/** What a create or update does to a user's driver link: keep it, set it (to check), or refuse. */
export type DriverLinkChange =
  { kind: 'keep' } | { kind: 'set'; driverId: number | null } | { kind: 'refuse'; message: string };

/**
 * Issue 20 §4: a DRIVER user is linked to their driver record (My safety shows its cases). Only
 * a DRIVER has one: asking another role for one is refused, and a user who stops being a DRIVER
 * loses theirs. `asked` is the body's driverId (undefined: not sent; null: remove the link).
 */
export function driverLinkChange(
  role: Role,
  current: number | null,
  asked: number | null | undefined,
): DriverLinkChange {
  if (asked === undefined)
    return role !== 'DRIVER' && current !== null
      ? { kind: 'set', driverId: null }
      : { kind: 'keep' };
  if (asked === null) return { kind: 'set', driverId: null };
  if (role !== 'DRIVER')
    return {
      kind: 'refuse',
      message: `Only a DRIVER user is linked to a driver record; this user's role is ${role}`,
    };
  return { kind: 'set', driverId: asked };
}
