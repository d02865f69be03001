import type { AccessTokenClaims } from '@fleet/contract';
import { forbidden, notFound } from '../../lib/http-error.js';
import type { OrganisationTree } from '../organisations/index.js';
import type { AccessService } from './access.service.js';

/** read: any role in the subtree; write: create, change, delete, link (not DRIVER). */
export type Intent = 'read' | 'write';

/**
 * The access rules of fleet records (assets, drivers, devices, groups,
 * configuration groups, links) on top of the organisation subtree rule:
 * subtree before role, and outside the subtree a record answers 404 as if it
 * did not exist.
 */
export class FleetAccess {
  constructor(
    private readonly access: AccessService,
    private readonly organisations: OrganisationTree,
  ) {}

  /** The organisation whose records the caller lists (read) or creates (write). */
  async organisation(user: AccessTokenClaims, organisationId: number, intent: Intent) {
    await this.access.organisation(user, organisationId);
    this.assertIntent(user, intent);
  }

  /** A record as its repository found it: 404 when it was not found or is outside the subtree, 403 for the role. */
  async record<T extends { organisationId: number }>(
    user: AccessTokenClaims,
    record: T | undefined,
    description: string,
    intent: Intent,
  ): Promise<T> {
    if (!record) throw notFound(`${description} does not exist`);
    await this.access.assertWithin(user, record.organisationId, description);
    this.assertIntent(user, intent);
    return record;
  }

  /**
   * A device or driver serves assets of its own organisation and of those
   * below it: a reseller's spare device may go into a customer's truck, not
   * into a truck of a sibling customer.
   */
  async assertMayServe(
    owner: { organisationId: number },
    asset: { organisationId: number },
    description: string,
  ) {
    if (!(await this.organisations.isWithin(asset.organisationId, owner.organisationId))) {
      throw forbidden(
        `${description} belongs to an organisation that is neither the asset's nor above it`,
      );
    }
  }

  /** Members of a group or configuration group come from the group's own organisation. */
  assertSameOrganisation(
    group: { organisationId: number },
    member: { organisationId: number },
    memberDescription: string,
    groupDescription: string,
  ) {
    if (member.organisationId !== group.organisationId) {
      throw forbidden(
        `${memberDescription} belongs to another organisation than ${groupDescription}`,
      );
    }
  }

  private assertIntent(user: AccessTokenClaims, intent: Intent) {
    if (intent === 'write') this.access.assertMayManageFleet(user);
  }
}
