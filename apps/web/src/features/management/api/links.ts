import type { DeviceLink, DriverLink } from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/auth';

/** An asset's link to a device or to a driver (spec §4, §7). */
export type LinkKind = 'devices' | 'drivers';
export type Link = (DeviceLink | DriverLink) & { deviceId?: number; driverId?: number };
export type LinkSubject = 'assets' | 'devices' | 'drivers';

export const targetOf = (kind: LinkKind, link: Link): number =>
  (kind === 'devices' ? link.deviceId : link.driverId) ?? 0;

/** Which links a subject has: an asset both kinds, a device or a driver its own. */
export const LINK_KINDS: Record<LinkSubject, LinkKind[]> = {
  assets: ['devices', 'drivers'],
  devices: ['devices'],
  drivers: ['drivers'],
};

const listPath = (subject: LinkSubject, id: number, kind: LinkKind) =>
  `${subject}/${id}/${kind === 'devices' ? 'devicelinks' : 'driverlinks'}`;

export const linkKeys = (subject: LinkSubject, id: number) => ['management', 'links', subject, id];

export const linksQueryOptions = (subject: LinkSubject, id: number, kind: LinkKind) =>
  queryOptions({
    queryKey: [...linkKeys(subject, id), kind],
    queryFn: () => api.get<Link[]>(listPath(subject, id, kind)),
  });

/** PUT assets/{id}/{devices|drivers}/{targetId}?from: open from `from` (now when absent). */
export const linkTarget = (assetId: number, kind: LinkKind, targetId: number, from?: string) =>
  api.put<Link>(`assets/${assetId}/${kind}/${targetId}`, undefined, { query: { from } });

/** DELETE assets/{id}/{devices|drivers}/{targetId}?until: ends the open link. */
export const terminateLink = (assetId: number, kind: LinkKind, targetId: number, until?: string) =>
  api.delete<Link>(`assets/${assetId}/${kind}/${targetId}`, { query: { until } });

/** DELETE devicelinks/{id} or driverlinks/{id}: as if it never was. */
export const deleteLink = (kind: LinkKind, linkId: number) =>
  api.delete<void>(`${kind === 'devices' ? 'devicelinks' : 'driverlinks'}/${linkId}`);
