import { endpoints, type DeviceLink, type DriverLink } from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/auth';
import { endpointKey } from '@/lib/endpoint-key';

/** An asset's link to a device or to a driver (spec §4, §7). */
export type LinkKind = 'devices' | 'drivers';
export type Link = (DeviceLink | DriverLink) & { deviceId?: number; driverId?: number };
export type LinkSubject = 'assets' | 'devices' | 'drivers';

/** Which links a subject has: an asset both kinds, a device or a driver its own. */
export const LINK_KINDS: Record<LinkSubject, LinkKind[]> = {
  assets: ['devices', 'drivers'],
  devices: ['devices'],
  drivers: ['drivers'],
};

const table = endpoints.links;
const kindOf = (kind: LinkKind) => (kind === 'devices' ? table.device : table.driver);

/** The list of a subject's links of a kind: by asset, or the device's (driver's) own. */
const listCall = (subject: LinkSubject, kind: LinkKind) =>
  subject === 'assets' ? kindOf(kind).ofAsset : kindOf(kind).ofTarget;

/** Every cached link list of the subject (both kinds), to ask again after a change. */
export const linkQueries = (subject: LinkSubject, id: number) =>
  LINK_KINDS[subject].map((kind) => ({
    queryKey: endpointKey(listCall(subject, kind), { params: { id } }),
  }));

export const linksQueryOptions = (subject: LinkSubject, id: number, kind: LinkKind) =>
  queryOptions({
    queryKey: endpointKey(listCall(subject, kind), { params: { id } }),
    queryFn: (): Promise<Link[]> => api.call(listCall(subject, kind), { params: { id } }),
  });

/** PUT assets/{id}/{devices|drivers}/{targetId}?from: open from `from` (now when absent). */
export const linkTarget = (
  assetId: number,
  kind: LinkKind,
  targetId: number,
  from?: string,
): Promise<Link> =>
  kind === 'devices'
    ? api.call(table.device.link, { params: { id: assetId, deviceId: targetId }, query: { from } })
    : api.call(table.driver.link, { params: { id: assetId, driverId: targetId }, query: { from } });

/** DELETE assets/{id}/{devices|drivers}/{targetId}?until: ends the open link. */
export const terminateLink = (
  assetId: number,
  kind: LinkKind,
  targetId: number,
  until?: string,
): Promise<Link> =>
  kind === 'devices'
    ? api.call(table.device.end, { params: { id: assetId, deviceId: targetId }, query: { until } })
    : api.call(table.driver.end, { params: { id: assetId, driverId: targetId }, query: { until } });

/** DELETE devicelinks/{id} or driverlinks/{id}: as if it never was. */
export const deleteLink = (kind: LinkKind, linkId: number) =>
  api.call(kindOf(kind).remove, { params: { id: linkId } });
