import type { AccessTokenClaims } from '@fleet/contract';
import type { FleetAccess, Intent } from '../access/index.js';

/** What a group or configuration group holds. */
export type MemberKind = 'asset' | 'driver';
export const MEMBER_NAMES: Record<MemberKind, string> = { asset: 'Asset', driver: 'Driver' };

interface Owned {
  id: number;
  organisationId: number;
}

/** Where a kind of group keeps its members (a join table, or a column of the asset). */
export interface MembershipStore<L> {
  members(groupId: number): Promise<L>;
  /** Members of the group's organisation that are not in it yet. */
  candidates(group: Owned): Promise<L>;
  add(groupId: number, kind: MemberKind, memberId: number): Promise<void>;
  remove(groupId: number, kind: MemberKind, memberId: number): Promise<void>;
}

/**
 * Membership of groups and configuration groups, one implementation for both
 * (issue 10 §8): members come from the group's own organisation (else 403),
 * the caller needs write access to the group and the member, adding twice or
 * removing one that is not in changes nothing.
 */
export class Membership<L> {
  constructor(
    /** 'Group' or 'Configuration group', as messages name it. */
    private readonly what: string,
    private readonly findGroup: (id: number) => Promise<Owned | undefined>,
    private readonly store: MembershipStore<L>,
    private readonly findMember: Partial<
      Record<MemberKind, (id: number) => Promise<{ organisationId: number } | undefined>>
    >,
    private readonly access: FleetAccess,
    /** After a member joined or left (a configuration group's settings go to its devices). */
    private readonly changed: (
      kind: MemberKind,
      memberId: number,
    ) => Promise<void> = async () => {},
  ) {}

  async members(user: AccessTokenClaims, id: number): Promise<L> {
    await this.group(user, id, 'read');
    return this.store.members(id);
  }

  async candidates(user: AccessTokenClaims, id: number): Promise<L> {
    return this.store.candidates(await this.group(user, id, 'read'));
  }

  async set(
    user: AccessTokenClaims,
    id: number,
    kind: MemberKind,
    memberId: number,
    member: boolean,
  ): Promise<void> {
    const group = await this.group(user, id, 'write');
    const find = this.findMember[kind];
    if (!find) throw new Error(`${this.what} holds no ${kind}s`);
    const description = `${MEMBER_NAMES[kind]} ${memberId}`;
    const found = await this.access.record(user, await find(memberId), description, 'write');
    this.access.assertSameOrganisation(
      group,
      found,
      description,
      `${this.what.toLowerCase()} ${id}`,
    );
    if (member) await this.store.add(id, kind, memberId);
    else await this.store.remove(id, kind, memberId);
    await this.changed(kind, memberId);
  }

  private async group(user: AccessTokenClaims, id: number, intent: Intent) {
    return this.access.record(user, await this.findGroup(id), `${this.what} ${id}`, intent);
  }
}
