import { permissions, type AccessTokenClaims, type Organisation } from '@fleet/contract';
import { organisationChangeRefusal, type OrganisationChange } from './organisation-authority.js';
import { userChangeRefusal, type UserChange } from './user-authority.js';
import { forbidden, notFound } from '../../lib/http-error.js';
import type { OrganisationTree } from '../organisations/index.js';

/**
 * The one place that decides who may act on what. A user acts on its own
 * organisation and every descendant, never outside that subtree.
 *
 * Outside the subtree a record answers exactly as a missing one (404 with
 * the same message), so no one can probe what exists elsewhere. Inside the
 * subtree a role that may not do something gets 403.
 */
export class AccessService {
  constructor(private readonly organisations: OrganisationTree) {}

  /** The organisation, when it lies in the caller's subtree; 404 otherwise. */
  async organisation(user: AccessTokenClaims, organisationId: number): Promise<Organisation> {
    const organisation = await this.organisations.find(organisationId);
    const description = `Organisation ${organisationId}`;
    if (!organisation) throw notFound(`${description} does not exist`);
    await this.assertWithin(user, organisationId, description);
    return organisation;
  }

  /**
   * For records that belong to an organisation (users, assets, …) once their
   * owner is known: outside the subtree, `${description} does not exist`, as
   * the caller says when the record is missing.
   */
  async assertWithin(
    user: AccessTokenClaims,
    organisationId: number,
    description: string,
  ): Promise<void> {
    if (!(await this.isWithin(user, organisationId))) {
      throw notFound(`${description} does not exist`);
    }
  }

  isWithin(user: AccessTokenClaims, organisationId: number): Promise<boolean> {
    if (organisationId === user.organisation_id) return Promise.resolve(true);
    return this.organisations.isWithin(organisationId, user.organisation_id);
  }

  /**
   * Ids the caller named that its scope does not hold (another organisation's,
   * or missing): 404 as for one missing record, naming only the caller's ids.
   */
  assertNoneOutside(kind: string, outside: readonly number[]) {
    const ids = [...new Set(outside)];
    if (ids.length) {
      throw notFound(`${kind} ${ids.join(', ')} ${ids.length > 1 ? 'do' : 'does'} not exist`);
    }
  }

  // Role rules (spec §2, §6). Each is asked after the record was found in the
  // caller's subtree, so a refusal here is a 403.

  /** Create, change, delete and link fleet records and their settings: not a DRIVER. */
  assertMayManageFleet(user: AccessTokenClaims) {
    if (!permissions.manageFleet(user.user_role)) {
      throw forbidden('Drivers may look at the fleet but not change it');
    }
  }

  /**
   * Create, rename, move or delete an organisation of the subtree (organisationChangeRefusal
   * says the rules): OEM and RESELLER, never their own organisation's move or deletion.
   */
  assertMayChangeOrganisation(user: AccessTokenClaims, change: OrganisationChange) {
    const refusal = organisationChangeRefusal(
      { organisationId: user.organisation_id, role: user.user_role },
      change,
    );
    if (refusal) throw forbidden(refusal);
  }

  /** Create, change or delete a user account (userChangeRefusal says the rules). */
  assertMayChangeUser(user: AccessTokenClaims, change: UserChange) {
    const refusal = userChangeRefusal({ id: user.user_id, role: user.user_role }, change);
    if (refusal) throw forbidden(refusal);
  }

  /** The raw-data tab of an asset: OEM and INTEGRATOR. */
  assertMayReadRawData(user: AccessTokenClaims) {
    if (!permissions.rawData(user.user_role)) {
      throw forbidden('Raw data is for OEM and integrator users');
    }
  }

  /** An organisation's settings (control room, alarm webhook, monitoring): OEM and RESELLER change them. */
  assertMayChangeOrganisationSettings(user: AccessTokenClaims) {
    if (!permissions.organisationSettings(user.user_role)) {
      throw forbidden('Only OEM and reseller users change organisation settings');
    }
  }

  /** Monitoring (requests, the monitoring tab, tokens, ending): every role but DRIVER (spec §2). */
  assertMayMonitor(user: AccessTokenClaims) {
    if (!permissions.monitoring(user.user_role)) {
      throw forbidden('Monitoring is not for drivers');
    }
  }

  /** The sync base (`/sync-api`, but its export side, which takes API keys): OEM only. */
  assertMaySynchronise(user: AccessTokenClaims) {
    if (!permissions.synchronization(user.user_role)) {
      throw forbidden('Synchronisation is for OEM users');
    }
  }

  /** The OEM section and its admin base (`/admin-api`): OEM only. */
  assertOemSection(user: AccessTokenClaims) {
    if (!permissions.oemSection(user.user_role)) {
      throw forbidden('The admin base is for OEM users');
    }
  }
}
