import {
  CAMERA_BITS,
  CAMERAS,
  decodeCameraMask,
  encodeCameraMask,
  TRACING_FREQUENCY,
  type AssetMonitoring,
  type AssetMonitoringRequest,
  type AssetMonitoringRequestInput,
  type Camera,
  type Location,
  type MonitoringDataPoint,
  type WebhookState,
} from '@fleet/contract';
import { decodeToken } from '../../lib/session';

/** Spec §9: the monitoring view asks again every second while there is no end. */
export const VIEW_POLL_MS = 1000;
/** How long after the end the view still looks for recordings that have not appeared yet. */
export const RECORDINGS_WAIT_MS = 5 * 60_000;

/**
 * The view's poll (spec §4): every second while there is no end. After it, every 2 s while the
 * live feed's recordings are still to come: being converted, or not yet listed (the server lists
 * them shortly after the end), for at most RECORDINGS_WAIT_MS. Otherwise no more polling.
 */
export function viewPollInterval(
  monitoring: Pick<AssetMonitoring, 'end' | 'liveFeed'> | undefined,
  now: number,
): number | false {
  if (!monitoring?.end) return VIEW_POLL_MS;
  const feed = monitoring.liveFeed;
  if (!feed?.available) return false;
  if (feed.recordingsPending > 0) return 2 * VIEW_POLL_MS;
  const recent = now - Date.parse(monitoring.end) < RECORDINGS_WAIT_MS;
  return feed.media.length === 0 && recent ? 2 * VIEW_POLL_MS : false;
}

/** Spec §9: at most five remote feeds. */
export const MAX_FEEDS = 5;
/** Spec §9: each stream is shown at 640x480; the map card is 800x450 at zoom 16. */
export const VIDEO_SIZE = { width: 640, height: 480 } as const;
export const MAP_SIZE = { width: 800, height: 450, zoom: 16 } as const;
/** The publisher name the monitoring view joins the room with (spec §4 Live feed). */
export const CONTROL_ROOM_DISPLAY = 'ControlRoom';

export { CAMERA_BITS, CAMERAS, type Camera };

/** The create form's values (spec §4: opens with 5, live feed on and no cameras). */
export type RequestForm = { tracingFrequency: string; liveFeed: boolean; cameras: Camera[] };
export const NEW_REQUEST_FORM: RequestForm = {
  tracingFrequency: String(TRACING_FREQUENCY.default),
  liveFeed: true,
  cameras: [],
};

export type FrequencyError = 'required' | 'numeric' | 'range';

/** Spec §5: tracing frequency required and numeric; the bounds are the server's (1–60 s). */
export function frequencyError(value: string): FrequencyError | undefined {
  const text = value.trim();
  if (!text) return 'required';
  if (!/^\d+$/.test(text)) return 'numeric';
  const seconds = Number(text);
  if (seconds < TRACING_FREQUENCY.min || seconds > TRACING_FREQUENCY.max) return 'range';
  return undefined;
}

/** The request the form sends; cameras only count with a live feed. */
export function requestInput(assetId: number, form: RequestForm): AssetMonitoringRequestInput {
  return {
    assetId,
    tracingFrequency: Number(form.tracingFrequency.trim()),
    liveFeed: form.liveFeed,
    liveFeedCameraMask: form.liveFeed ? encodeCameraMask(form.cameras) : 0,
  };
}

export const camerasOfMask = (mask: number): Camera[] => decodeCameraMask(mask);
export const cameraOfBit = (bit: number): Camera | undefined =>
  CAMERAS.find((camera) => CAMERA_BITS[camera] === bit);
/** A publisher's display name as a camera ('FRONT' …); anything else is not a camera. */
export const cameraOfDisplay = (display: unknown): Camera | undefined =>
  CAMERAS.find((camera) => camera === String(display ?? '').toUpperCase());

/** What the request timeline shows: PENDING splits into pending and synced with the device. */
export type RequestStatus = 'PENDING' | 'SYNCED' | 'ACTIVE' | 'ENDED' | 'EXPIRED' | 'FAILED';
export function requestStatus(request: Pick<AssetMonitoringRequest, 'state' | 'syncedWithDevice'>) {
  return request.state === 'PENDING' && request.syncedWithDevice ? 'SYNCED' : request.state;
}

type Variant = 'secondary' | 'info' | 'primary' | 'success' | 'danger' | 'warning' | 'dark';
export const REQUEST_STATUS_VARIANT: Record<RequestStatus, Variant> = {
  PENDING: 'warning',
  SYNCED: 'info',
  ACTIVE: 'danger',
  ENDED: 'success',
  EXPIRED: 'secondary',
  FAILED: 'dark',
};
export const WEBHOOK_VARIANT: Record<WebhookState, Variant> = {
  NONE: 'secondary',
  PENDING: 'warning',
  DELIVERED: 'success',
  FAILED: 'danger',
};

/** Spec §2: the timeline of requests, shown reversed (the newest first). */
export const newestFirst = <T extends { timestamp: string; id: number }>(items: readonly T[]) =>
  [...items].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp) || b.id - a.id);

/**
 * Spec §4: the create button is disabled while a monitoring is active for the asset; a request
 * still waiting for the device or started counts too (the server answers 409 to a second one),
 * so the button stays disabled while the two lists catch up with each other.
 */
export const canRequest = (
  active: AssetMonitoring | null | undefined,
  requests: readonly Pick<AssetMonitoringRequest, 'state'>[],
) =>
  !active && !requests.some((request) => request.state === 'PENDING' || request.state === 'ACTIVE');

export const isActive = (monitoring: Pick<AssetMonitoring, 'end'>) => !monitoring.end;

/** Seconds from start to end; null while active. */
export function durationSeconds(monitoring: Pick<AssetMonitoring, 'start' | 'end'>) {
  if (!monitoring.end) return null;
  return Math.max(0, (Date.parse(monitoring.end) - Date.parse(monitoring.start)) / 1000);
}

/** Positions in time order (the server answers them in any order it likes). */
export const route = (points: readonly MonitoringDataPoint[]): MonitoringDataPoint[] =>
  [...points].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));

export const lastPoint = (points: readonly MonitoringDataPoint[]) => route(points).at(-1) ?? null;
export const firstPoint = (points: readonly MonitoringDataPoint[]) => route(points)[0] ?? null;

/** Where the map looks: the latest position, else the Netherlands' middle (spec §9 trips map). */
export const mapCenter = (last: { location: Location } | null): [number, number] =>
  last ? [last.location.longitude / 100000, last.location.latitude / 100000] : [4.9, 51.84];

/** The monitoring a token opens: its monitoring_id claim, read without the key (docs/monitoring.md). */
export function monitoringIdOf(token: string | null | undefined): number | null {
  if (!token) return null;
  const claims = decodeToken(token) as { monitoring_id?: unknown } | undefined;
  const id = claims?.monitoring_id;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

/** One remote video of the live card: a publisher's feed with its camera. */
export type LiveStream = { feed: number; display: string; camera: Camera | undefined };

export type StreamEvent =
  | { type: 'published'; feeds: { id: number; display?: string }[] }
  | { type: 'gone'; feed: number }
  | { type: 'destroyed' };

/**
 * The live card's streams (spec §4 Live feed): publishers join up to five slots, ordered by
 * camera; the control room itself and a second copy of a feed never take one. A feed that leaves
 * or unpublishes is cleared; a destroyed room clears all.
 */
export function nextStreams(streams: readonly LiveStream[], event: StreamEvent): LiveStream[] {
  switch (event.type) {
    case 'destroyed':
      return [];
    case 'gone':
      return streams.filter((stream) => stream.feed !== event.feed);
    case 'published': {
      const next = [...streams];
      for (const { id, display = '' } of event.feeds) {
        if (display === CONTROL_ROOM_DISPLAY || next.some((s) => s.feed === id)) continue;
        if (next.length >= MAX_FEEDS) break;
        next.push({ feed: id, display, camera: cameraOfDisplay(display) });
      }
      const rank = (s: LiveStream) => (s.camera ? CAMERAS.indexOf(s.camera) : CAMERAS.length);
      return next.sort((a, b) => rank(a) - rank(b) || a.feed - b.feed);
    }
  }
}

/**
 * The video grid's columns for `count` tiles (issue 19 §5): five 640x480 feeds fit a 1920x1080
 * screen in three columns of two rows; four in two by two; up to three side by side.
 */
export function gridColumns(count: number): number {
  if (count <= 1) return 1;
  if (count === 2 || count === 4) return 2;
  return 3;
}

/**
 * A recording's poster until it plays (issue 19 §5): a neutral 640x480 picture with the camera's
 * name, as an SVG data URL (the token gives no thumbnail of a recording).
 */
export function posterUrl(label: string): string {
  const text = label.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${VIDEO_SIZE.width}" height="${VIDEO_SIZE.height}">` +
    `<rect width="100%" height="100%" fill="#343a40"/>` +
    `<path d="M296 200v80l64-40z" fill="#adb5bd"/>` +
    `<text x="50%" y="330" fill="#f8f9fa" font-family="sans-serif" font-size="32" ` +
    `text-anchor="middle">${text}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
