import type { Asset, Driver } from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/auth';

/** Groups hold assets and drivers; configuration groups hold assets (spec §7). */
export type MemberOwner = 'groups' | 'configurationgroups';
export type MemberKind = 'assets' | 'drivers';
export type Members = { assets: Asset[]; drivers?: Driver[] };

export const MEMBER_KINDS: Record<MemberOwner, MemberKind[]> = {
  groups: ['assets', 'drivers'],
  configurationgroups: ['assets'],
};

export const memberKeys = (owner: MemberOwner, id: number) => ['management', owner, 'members', id];

export const membersQueryOptions = (owner: MemberOwner, id: number) =>
  queryOptions({
    queryKey: [...memberKeys(owner, id), 'members'],
    queryFn: () => api.get<Members>(`${owner}/${id}/members`),
  });

export const candidatesQueryOptions = (owner: MemberOwner, id: number) =>
  queryOptions({
    queryKey: [...memberKeys(owner, id), 'candidates'],
    queryFn: () => api.get<Members>(`${owner}/${id}/membercandidates`),
  });

export const addMember = (owner: MemberOwner, id: number, kind: MemberKind, memberId: number) =>
  api.put<void>(`${owner}/${id}/${kind}/${memberId}`);

/** A group's driver leaves with PUT …/remove, as the portal calls it (spec §7); the rest with DELETE. */
export const removeMember = (owner: MemberOwner, id: number, kind: MemberKind, memberId: number) =>
  owner === 'groups' && kind === 'drivers'
    ? api.put<void>(`${owner}/${id}/${kind}/${memberId}/remove`)
    : api.delete<void>(`${owner}/${id}/${kind}/${memberId}`);
