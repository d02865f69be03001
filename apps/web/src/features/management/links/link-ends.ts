import type { LinkKind, LinkSubject } from '../api/links';

/**
 * Every link action names the asset and the device or driver: on an asset's screen the row's
 * other side is the target, on a device's or driver's screen it is the asset.
 */
export function linkEnds(
  subject: LinkSubject,
  id: number,
  otherId: number,
): { assetId: number; targetId: number } {
  return subject === 'assets'
    ? { assetId: id, targetId: otherId }
    : { assetId: otherId, targetId: id };
}

/** The other side of a link seen from the subject: its device or driver, or its asset. */
export function otherEnd(
  subject: LinkSubject,
  kind: LinkKind,
  link: { assetId: number; deviceId?: number; driverId?: number },
): number {
  if (subject !== 'assets') return link.assetId;
  return (kind === 'devices' ? link.deviceId : link.driverId) ?? 0;
}
