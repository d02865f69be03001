import { permissions, type AccessTokenClaims, type Role, type SafetyAction } from '@fleet/contract';
import { forbidden, notFound } from '../../lib/http-error.js';
import type { AccessService } from './access.service.js';

/**
 * Who may do what with safety cases (issue 20 §2). Reviewers and coaches are users of the
 * case's organisation or above it (the subtree rule) whose role may manage the fleet; a DRIVER
 * sees, comments on and acknowledges only the cases of the driver record their account is
 * linked to (users.driver_id), and their clips only when the organisation lets drivers see
 * them. Acknowledging is the driver's own word: nobody acknowledges for them.
 */

/** What a user does: an action of the status machine, or reading and the rest. */
export type SafetyDeed =
  | SafetyAction
  | 'READ'
  | 'COMMENT'
  | 'SEE_MEDIA'
  | 'LIST'
  | 'COACHES'
  | 'SETTINGS'
  | 'CHANGE_SETTINGS'
  | 'AUDIT';

export interface SafetyActor {
  role: Role;
  /** the driver record a DRIVER account is linked to; null without one */
  driverId: number | null;
}

/** The case as far as access needs it. */
export interface SafetySubject {
  driverId: number | null;
  driversSeeClips: boolean;
}

const DRIVER_OWN: readonly SafetyDeed[] = ['READ', 'COMMENT', 'SEE_MEDIA', 'ACKNOWLEDGE'];

/** Why the actor may not do the deed (a 403's words), or undefined when they may. */
export function safetyRefusal(
  actor: SafetyActor,
  deed: SafetyDeed,
  subject?: SafetySubject,
): string | undefined {
  if (permissions.manageFleet(actor.role)) {
    return deed === 'ACKNOWLEDGE' ? 'Only the driver of the case acknowledges it' : undefined;
  }
  // A DRIVER: the list of their own cases, and their own cases' reading and acknowledging.
  if (deed === 'LIST') return undefined;
  if (!DRIVER_OWN.includes(deed)) return 'Drivers do not review cases or change their settings';
  const own =
    subject !== undefined && actor.driverId !== null && subject.driverId === actor.driverId;
  if (!own) return 'Drivers see their own cases only';
  if (deed === 'SEE_MEDIA' && !subject.driversSeeClips)
    return 'The organisation does not show drivers their clips';
  return undefined;
}

/** The rules above on top of the organisation subtree rule: 404 outside it, 403 inside. */
export class SafetyAccess {
  constructor(private readonly access: AccessService) {}

  /** An organisation's cases, counts, coaches or settings. */
  async organisation(
    user: AccessTokenClaims,
    actor: SafetyActor,
    organisationId: number,
    deed: SafetyDeed,
  ): Promise<void> {
    await this.access.organisation(user, organisationId);
    this.assert(actor, deed);
  }

  /** A case as its repository found it (undefined: missing): 404 outside the subtree. */
  async case<T extends { organisationId: number } & SafetySubject>(
    user: AccessTokenClaims,
    actor: SafetyActor,
    found: T | undefined,
    description: string,
    deed: SafetyDeed,
  ): Promise<T> {
    if (!found) throw notFound(`${description} does not exist`);
    await this.access.assertWithin(user, found.organisationId, description);
    this.assert(actor, deed, found);
    return found;
  }

  /** Whether the actor may; no exception (the case page lists what the caller may do). */
  may(actor: SafetyActor, deed: SafetyDeed, subject?: SafetySubject): boolean {
    return safetyRefusal(actor, deed, subject) === undefined;
  }

  assert(actor: SafetyActor, deed: SafetyDeed, subject?: SafetySubject): void {
    const refusal = safetyRefusal(actor, deed, subject);
    if (refusal) throw forbidden(refusal);
  }
}
