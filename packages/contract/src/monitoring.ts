import { Type, type Static } from 'typebox';
import { Location } from './device-api.js';
import { CameraBit } from './media.js';
import { Id } from './organisations.js';

/**
 * Live safety monitoring (spec §3 Asset monitoring, Asset monitoring request, Monitoring
 * token; §4 Monitoring, Live feed; §7 Monitoring calls). See docs/monitoring.md.
 */

const Time = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Union([t, Type.Null()]);

/** Seconds between two positions while a monitoring runs. */
export const TRACING_FREQUENCY = { min: 1, max: 60, default: 5 } as const;
/** How long a monitoring request waits for the device to start it before it expires. */
export const MONITORING_REQUEST_TTL_MINUTES = 10;
/** Most requests and monitorings one list call answers (newest first). */
export const MAX_MONITORINGS_LISTED = 200;
/** Most positions one monitoring answers (the newest; at 1 s that is over two hours). */
export const MAX_MONITORING_POSITIONS = 10_000;

/** POST assets/{id}/assetmonitoringrequests. */
export const AssetMonitoringRequestInput = Type.Object(
  {
    assetId: Type.Optional(Id),
    tracingFrequency: Type.Optional(
      Type.Integer({ minimum: TRACING_FREQUENCY.min, maximum: TRACING_FREQUENCY.max }),
    ),
    /** default true */
    liveFeed: Type.Optional(Type.Boolean()),
    /** camera bits (0 … 31); 0 with a live feed: the device's configured live-feed cameras */
    liveFeedCameraMask: Type.Optional(Type.Integer({ minimum: 0, maximum: 31 })),
    /** when the user asked (the server keeps its own clock) */
    timestamp: Type.Optional(Time),
  },
  { additionalProperties: false },
);
export type AssetMonitoringRequestInput = Static<typeof AssetMonitoringRequestInput>;

/**
 * PENDING: waiting for the device to start it; ACTIVE: its monitoring runs; ENDED: its
 * monitoring ended; EXPIRED: the device did not start it in time; FAILED: the device refused.
 */
export const MONITORING_REQUEST_STATES = [
  'PENDING',
  'ACTIVE',
  'ENDED',
  'EXPIRED',
  'FAILED',
] as const;
export const MonitoringRequestState = Type.Enum(MONITORING_REQUEST_STATES);
export type MonitoringRequestState = Static<typeof MonitoringRequestState>;

/** An asset monitoring request (spec §3). syncedWithDevice is present once the device has it. */
export const AssetMonitoringRequest = Type.Object({
  id: Type.Integer(),
  assetId: Type.Integer(),
  deviceId: Type.Integer(),
  timestamp: Type.String(),
  tracingFrequency: Type.Integer(),
  liveFeed: Type.Boolean(),
  liveFeedCameraMask: Type.Integer(),
  syncedWithDevice: Type.Optional(Type.String()),
  expiresAt: Type.String(),
  state: MonitoringRequestState,
  reason: Nullable(Type.String()),
  monitoringId: Nullable(Type.Integer()),
  requestedBy: Nullable(Type.String()),
});
export type AssetMonitoringRequest = Static<typeof AssetMonitoringRequest>;
export const AssetMonitoringRequestList = Type.Array(AssetMonitoringRequest);

/** ?from&until on the list calls: [from, until), both optional. */
export const MonitoringQuery = Type.Object(
  { from: Type.Optional(Time), until: Type.Optional(Time) },
  { additionalProperties: false },
);
export type MonitoringQuery = Static<typeof MonitoringQuery>;

/** One traced position. */
export const MonitoringDataPoint = Type.Object({
  timestamp: Type.String(),
  location: Location,
  speed: Nullable(Type.Number()),
  heading: Nullable(Type.Integer()),
});
export type MonitoringDataPoint = Static<typeof MonitoringDataPoint>;

/** USER: from the portal; TOKEN: from the monitoring view; DEVICE; MAX_DURATION: by itself. */
export const MONITORING_END_REASONS = ['USER', 'TOKEN', 'DEVICE', 'MAX_DURATION'] as const;
export const MonitoringEndReason = Type.Enum(MONITORING_END_REASONS);
export type MonitoringEndReason = Static<typeof MonitoringEndReason>;

/**
 * The alarm posted to the organisation's webhook. NONE: no webhook set; PENDING: being
 * delivered (retried with backoff); DELIVERED: a 2xx answer; FAILED: every attempt failed.
 */
export const WEBHOOK_STATES = ['NONE', 'PENDING', 'DELIVERED', 'FAILED'] as const;
export const WebhookState = Type.Enum(WEBHOOK_STATES);
export type WebhookState = Static<typeof WebhookState>;

/**
 * How the last attempt went, in words a user can act on; never the control room's status code
 * or a network error (a webhook must not tell anyone which ports or services answer where).
 */
export const WEBHOOK_OUTCOMES = [
  'DELIVERED',
  'NO_ANSWER',
  'NOT_ACCEPTED',
  'ADDRESS_NOT_ALLOWED',
  'NO_WEBHOOK',
] as const;
export const WebhookOutcome = Type.Enum(WEBHOOK_OUTCOMES);
export type WebhookOutcome = Static<typeof WebhookOutcome>;
export const WEBHOOK_OUTCOME_TEXT: Record<WebhookOutcome, string> = {
  DELIVERED: 'Delivered',
  NO_ANSWER: 'The control room did not answer',
  NOT_ACCEPTED: 'The control room did not accept the alarm',
  ADDRESS_NOT_ALLOWED: 'Refused: the address is not allowed',
  NO_WEBHOOK: 'The organisation no longer has a webhook',
};

export const ControlRoomAlarm = Type.Object({
  controlRoomIdentifier: Nullable(Type.String()),
  webhook: Type.Object({
    state: WebhookState,
    attempts: Type.Integer(),
    lastAttemptAt: Nullable(Type.String()),
    deliveredAt: Nullable(Type.String()),
    /** the last attempt's outcome; null before the first */
    lastOutcome: Nullable(WebhookOutcome),
    /** why the last attempt failed, in words (WEBHOOK_OUTCOME_TEXT); null when it did not */
    lastError: Nullable(Type.String()),
  }),
});
export type ControlRoomAlarm = Static<typeof ControlRoomAlarm>;

/** A recording of the live feed, once converted to an H.264 MP4 medium. */
export const LiveFeedMedium = Type.Object({ mediaId: Type.Integer(), camera: CameraBit });

/** A STUN or TURN server for RTCPeerConnection (TURN with its credential). */
export const IceServer = Type.Object({
  urls: Type.Union([Type.String(), Type.Array(Type.String())]),
  username: Type.Optional(Type.String()),
  credential: Type.Optional(Type.String()),
});
export type IceServer = Static<typeof IceServer>;
export type LiveFeedMedium = Static<typeof LiveFeedMedium>;

/**
 * The live video of a monitoring: the Janus VideoRoom room and its pin (joinPassphrase),
 * while active; the recordings (media) once ended. available false: this server has no video
 * gateway (or it could not make the room), with the reason.
 */
export const LiveFeed = Type.Object({
  available: Type.Boolean(),
  reason: Nullable(Type.String()),
  roomId: Nullable(Type.Integer()),
  joinPassphrase: Nullable(Type.String()),
  cameraMask: Type.Integer(),
  media: Type.Array(LiveFeedMedium),
  /** recordings still being converted after the end */
  recordingsPending: Type.Integer(),
  /**
   * While live, to whoever may watch it: the STUN and TURN servers, TURN with credentials
   * (time-limited ones with TURN_SECRET). GET client-config answers STUN servers only.
   */
  iceServers: Type.Optional(Type.Array(IceServer)),
});
export type LiveFeed = Static<typeof LiveFeed>;

/** An asset monitoring (spec §3). end is absent while it is active. */
export const AssetMonitoring = Type.Object({
  id: Type.Integer(),
  requestId: Type.Integer(),
  assetId: Type.Integer(),
  deviceId: Type.Integer(),
  driverId: Type.Optional(Type.Integer()),
  start: Type.String(),
  end: Type.Optional(Type.String()),
  endedBy: Type.Optional(MonitoringEndReason),
  /** when it ends by itself (the organisation's maximum duration) */
  maxEnd: Type.String(),
  tracingFrequency: Type.Integer(),
  dataPoints: Type.Array(MonitoringDataPoint),
  controlRoomAlarm: ControlRoomAlarm,
  accessToken: Type.String(),
  liveFeed: Nullable(LiveFeed),
  deviceName: Type.String(),
  deviceIdentifier: Type.String(),
  assetName: Type.String(),
  driverName: Nullable(Type.String()),
  driverPhone: Nullable(Type.String()),
});
export type AssetMonitoring = Static<typeof AssetMonitoring>;
export const AssetMonitoringList = Type.Array(AssetMonitoring);

/** GET assetmonitorings/{id}/token. */
export const MonitoringAccessToken = Type.Object({ accessToken: Type.String() });
export type MonitoringAccessToken = Static<typeof MonitoringAccessToken>;

/** The audience of a monitoring token. */
export const MONITORING_TOKEN_AUDIENCE = 'fleetwise-monitoring';

/** Live video as the web sees it (GET client-config). */
export const LiveVideoConfig = Type.Object({
  available: Type.Boolean(),
  /** why not, in words for the user */
  reason: Nullable(Type.String()),
  /** the Janus HTTP API through the server (needs a session or a monitoring token) */
  gatewayPath: Type.String(),
  /** STUN servers for RTCPeerConnection; TURN comes with a live monitoring (liveFeed.iceServers) */
  iceServers: Type.Array(IceServer),
});
export type LiveVideoConfig = Static<typeof LiveVideoConfig>;

/** PUT/POST assetmonitorings/{id}/enhancevideo: the control room clicked a camera's video. */
export const EnhanceVideoInput = Type.Object(
  {
    camera: Type.Union([
      Type.Literal(1),
      Type.Literal(2),
      Type.Literal(4),
      Type.Literal(8),
      Type.Literal(16),
    ]),
  },
  { additionalProperties: false },
);
export type EnhanceVideoInput = Static<typeof EnhanceVideoInput>;
