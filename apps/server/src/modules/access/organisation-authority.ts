import { permissions, type Role } from '@fleet/contract';

/** What a caller does to an organisation of its subtree (issue 11 §1). */
export type OrganisationChange =
  | { action: 'create' | 'rename'; targetId: number }
  | { action: 'move' | 'delete'; targetId: number };

/**
 * Why the caller may not make the change (a 403), or undefined when it may. Asked after the
 * target (for create: the parent) was found in the caller's subtree. The rules:
 * - OEM and RESELLER users create, rename, move and delete organisations; INTEGRATOR, USER and
 *   DRIVER users do none of it;
 * - nobody moves or deletes their own organisation (renaming it is allowed: the name is how
 *   its users sign in, and the OEM or reseller running it keeps it current).
 * Where a move may go (not below itself, not outside the subtree) is checked with the tree.
 */
export function organisationChangeRefusal(
  caller: { organisationId: number; role: Role },
  change: OrganisationChange,
): string | undefined {
  if (!permissions.manageOrganisations(caller.role))
    return 'Only OEM and reseller users create, rename, move or delete organisations';
  if (
    (change.action === 'move' || change.action === 'delete') &&
    change.targetId === caller.organisationId
  )
    return `Nobody may ${change.action} their own organisation`;
  return undefined;
}
