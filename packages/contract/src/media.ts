import { Type, type Static } from 'typebox';
import { Id } from './organisations.js';
import { EntityDataQuery } from './vehicle-data.js';

/**
 * Pictures and videos from the vehicles, and requests for them (spec §3 Media
 * item and Media request, §5 Media request form, §7 Media calls).
 */

const Time = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Union([t, Type.Null()]);

export const MEDIA_MIME_TYPES = ['image/jpeg', 'video/mp4'] as const;
export const MediaMimeType = Type.Enum(MEDIA_MIME_TYPES);
export type MediaMimeType = Static<typeof MediaMimeType>;

/** video/mp4 is a video, anything else a picture (spec §3). */
export const isVideo = (mimeType: string): boolean => mimeType === 'video/mp4';

/** Why a medium was made: on request, or by the device for an event (spec §3, §4 badges). */
export const MEDIA_TRANSFER_REASONS = [
  'REQUESTED',
  'UPLOADED',
  'MONITORING',
  'OVER_SPEED_START',
  'OVER_RPM_START',
  'HARSH_ACCELERATION',
  'HARSH_BRAKE',
  'EMERGENCY_BRAKE',
  'IDLE_START',
] as const;
export const MediaTransferReason = Type.Enum(MEDIA_TRANSFER_REASONS);
export type MediaTransferReason = Static<typeof MediaTransferReason>;

/** One camera bit of spec §3: 1 Front, 2 Rear, 4 Left, 8 Right, 16 Driver. */
export const CameraBit = Type.Union([
  Type.Literal(1),
  Type.Literal(2),
  Type.Literal(4),
  Type.Literal(8),
  Type.Literal(16),
]);
export type CameraBit = Static<typeof CameraBit>;

/** Thumbnail size (spec §9). */
export const THUMBNAIL_WIDTH = 250;
export const THUMBNAIL_HEIGHT = 140;

/** A medium (spec §3 Media item). */
export const MediaItem = Type.Object({
  id: Type.Integer(),
  fileName: Type.String(),
  mimeType: MediaMimeType,
  camera: CameraBit,
  /** the moment it shows: the datapoint it belongs to */
  timestamp: Type.String(),
  transferReason: MediaTransferReason,
  availability: Type.Literal('AVAILABLE'),
  assetId: Type.Integer(),
  driverId: Nullable(Type.Integer()),
  deviceId: Nullable(Type.Integer()),
  deviceIdentifier: Nullable(Type.String()),
  size: Type.Integer({ description: 'bytes' }),
  /** seconds, videos only */
  duration: Nullable(Type.Number()),
  mediaRequestId: Nullable(Type.Integer()),
  createdAt: Type.String(),
});
export type MediaItem = Static<typeof MediaItem>;
export const MediaList = Type.Array(MediaItem);

/** GET assets/{id}/media and drivers/{id}/media. */
export const MediaQuery = EntityDataQuery;
export type MediaQuery = Static<typeof MediaQuery>;

/** The fields of POST media/ (multipart, besides the file). */
export const MediaUploadFields = Type.Object(
  {
    identifier: Type.String({ minLength: 1, maxLength: 100, description: 'device identifier' }),
    timestamp: Time,
    mimeType: MediaMimeType,
    fileName: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    camera: Type.Optional(CameraBit),
  },
  { additionalProperties: false },
);
export type MediaUploadFields = Static<typeof MediaUploadFields>;

// ── Media requests ─────────────────────────────────────────────────────────

export const MEDIA_TYPES = ['PICTURE', 'VIDEO'] as const;
export const MediaType = Type.Enum(MEDIA_TYPES);
export type MediaType = Static<typeof MediaType>;

/** Longest clip a request may ask for, in seconds. */
export const MAX_VIDEO_SECONDS = 60;
/** How long a request waits for an offline device before it expires. */
export const MEDIA_REQUEST_TTL_HOURS = 24;

/** POST assets/{id}/mediarequests and drivers/{id}/mediarequests. */
export const MediaRequestInput = Type.Object(
  {
    assetId: Type.Optional(Id),
    mediaType: MediaType,
    /** seconds; required for VIDEO, 1 … MAX_VIDEO_SECONDS */
    duration: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_VIDEO_SECONDS })),
    /** camera bits (1 … 31) */
    cameraMask: Type.Integer({ minimum: 1, maximum: 31 }),
    /** when the user asked (the server keeps its own clock) */
    timestamp: Type.Optional(Time),
    /** the moment wanted; not in the future */
    mediaTimestamp: Time,
  },
  { additionalProperties: false },
);
export type MediaRequestInput = Static<typeof MediaRequestInput>;

/** Most requests GET assets/{id}/mediarequests and drivers/{id}/mediarequests answer. */
export const MAX_MEDIA_REQUESTS_LISTED = 200;

/** GET assets/{id}/mediarequests and drivers/{id}/mediarequests: requested within [from, until), newest first. */
export const MediaRequestQuery = Type.Object(
  { from: Type.Optional(Time), until: Type.Optional(Time) },
  { additionalProperties: false },
);
export type MediaRequestQuery = Static<typeof MediaRequestQuery>;

/**
 * Where one requested camera stands (spec §3 availability):
 * WAITING_FOR_DEVICE the device has not picked the request up (offline);
 * SENT the device acknowledged it; NOT_AVAILABLE the device does not hold that
 * moment or has no such camera; UPLOADING the device is sending it; AVAILABLE
 * the medium is there; FAILED with a reason (including an expired request).
 */
export const MEDIA_AVAILABILITIES = [
  'WAITING_FOR_DEVICE',
  'SENT',
  'NOT_AVAILABLE',
  'UPLOADING',
  'AVAILABLE',
  'FAILED',
] as const;
export const MediaAvailability = Type.Enum(MEDIA_AVAILABILITIES);
export type MediaAvailability = Static<typeof MediaAvailability>;

/** GET mediarequests/{id}/medias: one entry per requested camera. */
export const RequestedMedia = Type.Object({
  camera: CameraBit,
  availability: MediaAvailability,
  reason: Nullable(Type.String()),
  media: Nullable(MediaItem),
});
export type RequestedMedia = Static<typeof RequestedMedia>;
export const RequestedMediaList = Type.Array(RequestedMedia);

/** A media request (spec §3). syncedWithDevice is present once the device acknowledged it. */
export const MediaRequest = Type.Object({
  id: Type.Integer(),
  assetId: Type.Integer(),
  driverId: Nullable(Type.Integer()),
  deviceId: Type.Integer(),
  mediaType: MediaType,
  duration: Nullable(Type.Integer()),
  cameraMask: Type.Integer(),
  timestamp: Type.String(),
  mediaTimestamp: Type.String(),
  syncedWithDevice: Type.Optional(Type.String()),
  expiresAt: Type.String(),
  /** settled: every camera AVAILABLE, NOT_AVAILABLE or FAILED */
  settled: Type.Boolean(),
  requestedBy: Nullable(Type.String()),
});
export type MediaRequest = Static<typeof MediaRequest>;
export const MediaRequestList = Type.Array(MediaRequest);

/** GET organisations/{id}/mediadeletions: who deleted which footage, and when. */
export const MediaDeletion = Type.Object({
  mediaId: Type.Integer(),
  assetId: Nullable(Type.Integer()),
  fileName: Type.String(),
  camera: Type.Integer(),
  mediaTimestamp: Type.String(),
  reason: Type.Enum(['USER', 'RETENTION']),
  deletedBy: Nullable(Type.String()),
  deletedAt: Type.String(),
});
export type MediaDeletion = Static<typeof MediaDeletion>;
export const MediaDeletionList = Type.Array(MediaDeletion);

// ── Media links ────────────────────────────────────────────────────────────

/** Seconds a media link lasts unless MEDIA_LINK_TTL says otherwise. */
export const DEFAULT_MEDIA_LINK_SECONDS = 300;

/**
 * GET media/{id}/links: short-lived addresses of one medium for `<img>`, `<video>` and a
 * download, which cannot carry an Authorization header. Each opens that medium only, and only
 * until expiresAt; an access token never travels in a URL.
 */
export const MediaLinks = Type.Object({
  /** the file as an attachment, with its name */
  download: Type.String(),
  /** the file to show or play in the page (answers Range requests with 206) */
  inline: Type.String(),
  /** the 250x140 JPEG thumbnail */
  thumbnail: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type MediaLinks = Static<typeof MediaLinks>;

/**
 * GET media/{id}/links: caseId names the safety case the medium is looked at from, for the
 * footage audit (issue 20 §6); the links then record their views under that case.
 */
export const MediaLinksQuery = Type.Object(
  { caseId: Type.Optional(Id) },
  { additionalProperties: false },
);
export type MediaLinksQuery = Static<typeof MediaLinksQuery>;

/** The query of the public media-file routes that media links point to. */
export const MediaLinkQuery = Type.Object(
  {
    link: Type.String({ minLength: 1, maxLength: 2000, description: 'the signed media link' }),
    download: Type.Optional(Type.Boolean({ description: 'as an attachment' })),
  },
  { additionalProperties: false },
);
export type MediaLinkQuery = Static<typeof MediaLinkQuery>;

/** Error codes of a refused media link (401). */
export const MediaLinkError = {
  LINK_EXPIRED: 'LINK_EXPIRED',
  INVALID_LINK: 'INVALID_LINK',
} as const;
