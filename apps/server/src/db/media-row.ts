import type { CameraBit, MediaItem, MediaTransferReason } from '@fleet/contract';

/**
 * The columns every query that answers media selects (from `media m` left-joined with
 * `devices d`), and how such a row becomes the contract's MediaItem: one mapping for the
 * media calls, the datapoints call and a request's medias.
 */
export const MEDIA_COLUMNS = [
  'm.id',
  'm.file_name',
  'm.mime_type',
  'm.camera',
  'm.timestamp',
  'm.transfer_reason',
  'm.asset_id',
  'm.driver_id',
  'm.device_id',
  'd.identifier as device_identifier',
  'm.size',
  'm.duration',
  'm.media_request_id',
  'm.created_at',
] as const;

export interface MediaRow {
  id: number;
  file_name: string;
  mime_type: MediaItem['mimeType'];
  camera: number;
  timestamp: Date;
  transfer_reason: string;
  asset_id: number;
  driver_id: number | null;
  device_id: number | null;
  device_identifier: string | null;
  size: number;
  duration: number | null;
  media_request_id: number | null;
  created_at: Date;
}

export function toMediaItem(r: MediaRow): MediaItem {
  return {
    id: r.id,
    fileName: r.file_name,
    mimeType: r.mime_type,
    camera: r.camera as CameraBit,
    timestamp: r.timestamp.toISOString(),
    transferReason: r.transfer_reason as MediaTransferReason,
    availability: 'AVAILABLE',
    assetId: r.asset_id,
    driverId: r.driver_id,
    deviceId: r.device_id,
    deviceIdentifier: r.device_identifier,
    size: Number(r.size),
    duration: r.duration,
    mediaRequestId: r.media_request_id,
    createdAt: r.created_at.toISOString(),
  };
}
