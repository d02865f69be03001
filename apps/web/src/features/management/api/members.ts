import { endpoints, type Asset, type Driver, type Endpoint } from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/auth';
import { endpointKey } from '@/lib/endpoint-key';

/** Groups hold assets and drivers; configuration groups hold assets (spec §7). */
export type MemberOwner = 'groups' | 'configurationgroups';
export type MemberKind = 'assets' | 'drivers';
export type Members = { assets: Asset[]; drivers?: Driver[] };

export const MEMBER_KINDS: Record<MemberOwner, MemberKind[]> = {
  groups: ['assets', 'drivers'],
  configurationgroups: ['assets'],
};

const TABLES = { groups: endpoints.groups, configurationgroups: endpoints.configurationGroups };

/** The contract's calls that put a member in and take it out (its memberChanges). */
type MemberChanges = {
  kind: 'asset' | 'driver';
  add: Endpoint;
  remove: Endpoint;
  removeWithPut?: Endpoint;
};
const CHANGES: Record<MemberOwner, Partial<Record<MemberKind, MemberChanges>>> = {
  groups: { assets: endpoints.groups.assets, drivers: endpoints.groups.drivers },
  configurationgroups: { assets: endpoints.configurationGroups.assets },
};

/** The keys of the group's members and candidates: both change when a member joins or leaves. */
export const memberKeys = (owner: MemberOwner, id: number) =>
  [TABLES[owner].members, TABLES[owner].candidates].map((endpoint) =>
    endpointKey(endpoint, { params: { id } }),
  );

export const membersQueryOptions = (owner: MemberOwner, id: number) =>
  queryOptions({
    queryKey: endpointKey(TABLES[owner].members, { params: { id } }),
    queryFn: (): Promise<Members> => api.call(TABLES[owner].members, { params: { id } }),
  });

export const candidatesQueryOptions = (owner: MemberOwner, id: number) =>
  queryOptions({
    queryKey: endpointKey(TABLES[owner].candidates, { params: { id } }),
    queryFn: (): Promise<Members> => api.call(TABLES[owner].candidates, { params: { id } }),
  });

function change(owner: MemberOwner, kind: MemberKind, id: number, memberId: number) {
  const changes = CHANGES[owner][kind];
  if (!changes) throw new Error(`${owner} hold no ${kind}`);
  return { changes, params: { id, [`${changes.kind}Id`]: memberId } };
}

export async function addMember(
  owner: MemberOwner,
  id: number,
  kind: MemberKind,
  memberId: number,
) {
  const { changes, params } = change(owner, kind, id, memberId);
  await api.call(changes.add, { params });
}

/** A group's driver leaves with PUT …/remove, as the portal calls it (spec §7); the rest with DELETE. */
export async function removeMember(
  owner: MemberOwner,
  id: number,
  kind: MemberKind,
  memberId: number,
) {
  const { changes, params } = change(owner, kind, id, memberId);
  const byPut = owner === 'groups' && kind === 'drivers' ? changes.removeWithPut : undefined;
  await api.call(byPut ?? changes.remove, { params });
}
