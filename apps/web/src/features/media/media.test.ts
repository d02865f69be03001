import type { MediaItem } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import {
  availabilityBadge,
  cameraOf,
  camerasOfMask,
  groupMedia,
  kindOf,
  maskOf,
  reasonBadge,
  requestState,
} from './media';

const item = (
  id: number,
  timestamp: string,
  transferReason: MediaItem['transferReason'],
  camera: MediaItem['camera'] = 1,
  mimeType: MediaItem['mimeType'] = 'image/jpeg',
): MediaItem => ({
  id,
  fileName: `${id}.jpg`,
  mimeType,
  camera,
  timestamp,
  transferReason,
  availability: 'AVAILABLE',
  assetId: 1,
  driverId: null,
  deviceId: 1,
  deviceIdentifier: 'SN1',
  size: 1000,
  duration: null,
  mediaRequestId: null,
  createdAt: timestamp,
});

describe('reasonBadge (spec §4 media badges)', () => {
  it.each([
    ['OVER_SPEED_START', 'success'],
    ['OVER_RPM_START', 'success'],
    ['HARSH_ACCELERATION', 'danger'],
    ['HARSH_BRAKE', 'danger'],
    ['REQUESTED', 'info'],
    ['UPLOADED', 'info'],
    ['EMERGENCY_BRAKE', 'info'],
    ['SOMETHING_NEW', 'info'],
  ])('%s is %s', (reason, colour) => expect(reasonBadge(reason)).toBe(colour));
});

describe('cameras and kinds', () => {
  it.each([
    [1, 'FRONT'],
    [2, 'REAR'],
    [4, 'LEFT'],
    [8, 'RIGHT'],
    [16, 'DRIVER'],
    [3, undefined],
    [32, undefined],
    [0, undefined],
  ])('bit %i is the %s camera', (bit, camera) => expect(cameraOf(bit)).toBe(camera));

  it.each([
    [0, []],
    [1, ['FRONT']],
    [5, ['FRONT', 'LEFT']],
    [15, ['FRONT', 'REAR', 'LEFT', 'RIGHT']],
    [31, ['FRONT', 'REAR', 'LEFT', 'RIGHT', 'DRIVER']],
  ] as const)('mask %i holds %j, and back', (mask, cameras) => {
    expect(camerasOfMask(mask)).toEqual(cameras);
    expect(maskOf(cameras)).toBe(mask);
  });

  it.each([
    ['image/jpeg', 'picture'],
    ['video/mp4', 'video'],
    ['image/png', 'picture'],
  ])('%s is a %s', (mimeType, kind) => expect(kindOf(mimeType)).toBe(kind));
});

describe('groupMedia', () => {
  it('groups by moment and transfer reason, newest first, cameras in order within', () => {
    const groups = groupMedia([
      item(1, '2026-11-10T08:00:00Z', 'HARSH_BRAKE', 2),
      item(2, '2026-11-10T09:00:00Z', 'REQUESTED', 1),
      item(3, '2026-11-10T08:00:00.000+00:00', 'HARSH_BRAKE', 1, 'video/mp4'),
      item(4, '2026-11-10T08:00:00Z', 'HARSH_BRAKE', 1),
      item(5, '2026-11-10T08:00:00Z', 'UPLOADED', 1),
    ]);
    expect(groups.map((g) => [g.timestamp, g.transferReason, g.items.map((i) => i.id)])).toEqual([
      ['2026-11-10T09:00:00Z', 'REQUESTED', [2]],
      ['2026-11-10T08:00:00Z', 'HARSH_BRAKE', [4, 3, 1]],
      ['2026-11-10T08:00:00Z', 'UPLOADED', [5]],
    ]);
  });

  it('answers no groups for no media', () => expect(groupMedia([])).toEqual([]));
});

describe('requests', () => {
  const request = (settled: boolean, syncedWithDevice?: string) => ({
    id: 1,
    assetId: 1,
    driverId: null,
    deviceId: 1,
    mediaType: 'PICTURE' as const,
    duration: null,
    cameraMask: 1,
    timestamp: '2026-11-10T08:00:00Z',
    mediaTimestamp: '2026-11-10T07:58:00Z',
    expiresAt: '2026-11-11T08:00:00Z',
    settled,
    requestedBy: 'Marit',
    ...(syncedWithDevice ? { syncedWithDevice } : {}),
  });

  it.each([
    [request(false), 'waiting'],
    [request(false, '2026-11-10T08:00:02Z'), 'synced'],
    [request(true, '2026-11-10T08:00:02Z'), 'settled'],
    [request(true), 'settled'],
  ])('a request is %#: %s', (r, state) => expect(requestState(r)).toBe(state));

  it.each([
    ['WAITING_FOR_DEVICE', 'secondary'],
    ['SENT', 'info'],
    ['UPLOADING', 'primary'],
    ['AVAILABLE', 'success'],
    ['NOT_AVAILABLE', 'warning'],
    ['FAILED', 'danger'],
  ] as const)('availability %s shows %s', (availability, colour) =>
    expect(availabilityBadge(availability)).toBe(colour),
  );
});
