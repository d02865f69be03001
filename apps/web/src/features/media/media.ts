import {
  CAMERAS,
  isVideo,
  type Camera,
  type MediaAvailability,
  type MediaItem,
  type MediaRequest,
} from '@fleet/contract';

/** The camera of a mask bit (1 Front, 2 Rear, 4 Left, 8 Right, 16 Driver; spec §3). */
export function cameraOf(bit: number): Camera | undefined {
  const index = Math.log2(bit);
  return Number.isInteger(index) ? CAMERAS[index] : undefined;
}

/** The cameras of a mask, in bit order. */
export const camerasOfMask = (mask: number): Camera[] =>
  CAMERAS.filter((_, index) => (mask & (1 << index)) !== 0);

/** The mask of some cameras. */
export const maskOf = (cameras: readonly Camera[]): number =>
  cameras.reduce((mask, camera) => mask | (1 << CAMERAS.indexOf(camera)), 0);

/** 'picture' for image/jpeg, otherwise 'video' (spec §2: video/mp4 is a video). */
export const kindOf = (mimeType: string): 'picture' | 'video' =>
  isVideo(mimeType) ? 'video' : 'picture';

/** The badge colour of a transfer reason (spec §4 Media timeline badges). */
export function reasonBadge(reason: string): 'success' | 'danger' | 'info' {
  switch (reason) {
    case 'OVER_SPEED_START':
    case 'OVER_RPM_START':
      return 'success';
    case 'HARSH_ACCELERATION':
    case 'HARSH_BRAKE':
      return 'danger';
    default:
      return 'info';
  }
}

/** The media of one datapoint: one moment, one transfer reason. */
export type MediaGroup = {
  key: string;
  timestamp: string;
  transferReason: string;
  items: MediaItem[];
};

/**
 * Media grouped by datapoint (spec §2 Media tab: same moment and transfer reason), newest
 * first; within a group by camera, pictures before videos.
 */
export function groupMedia(items: readonly MediaItem[]): MediaGroup[] {
  const groups = new Map<string, MediaGroup>();
  for (const item of items) {
    const time = Date.parse(item.timestamp);
    const key = `${time}|${item.transferReason}`;
    let group = groups.get(key);
    if (!group) {
      group = { key, timestamp: item.timestamp, transferReason: item.transferReason, items: [] };
      groups.set(key, group);
    }
    group.items.push(item);
  }
  const sorted = [...groups.values()].sort(
    (a, b) =>
      Date.parse(b.timestamp) - Date.parse(a.timestamp) ||
      a.transferReason.localeCompare(b.transferReason),
  );
  for (const group of sorted)
    group.items.sort(
      (a, b) =>
        a.camera - b.camera ||
        Number(isVideo(a.mimeType)) - Number(isVideo(b.mimeType)) ||
        a.id - b.id,
    );
  return sorted;
}

/** Where a media request stands, for its badge: sent on to the device yet, and settled. */
export function requestState(request: MediaRequest): 'waiting' | 'synced' | 'settled' {
  if (request.settled) return 'settled';
  return request.syncedWithDevice ? 'synced' : 'waiting';
}

/** The badge colour of one camera's availability. */
export function availabilityBadge(
  availability: MediaAvailability,
): 'secondary' | 'info' | 'primary' | 'success' | 'warning' | 'danger' {
  switch (availability) {
    case 'WAITING_FOR_DEVICE':
      return 'secondary';
    case 'SENT':
      return 'info';
    case 'UPLOADING':
      return 'primary';
    case 'AVAILABLE':
      return 'success';
    case 'NOT_AVAILABLE':
      return 'warning';
    case 'FAILED':
      return 'danger';
  }
}
