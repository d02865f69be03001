import { Type, type Static } from 'typebox';
import { RawRecordMetrics } from './driving-style.js';

/** The device API: what vehicles send. See docs/device-protocol.md. */
export const DEVICE_API_BASE = '/device-api/v1';
export const MAX_BATCH = 1000;

/** Integer degrees × 100000 (spec §9). */
export const Location = Type.Object(
  {
    latitude: Type.Integer({ minimum: -9_000_000, maximum: 9_000_000 }),
    longitude: Type.Integer({ minimum: -18_000_000, maximum: 18_000_000 }),
  },
  { additionalProperties: false },
);
export type Location = Static<typeof Location>;

export const EVENT_TYPES = [
  'HARSH_BRAKE',
  'HARSH_ACCELERATION',
  'OVER_SPEED_START',
  'OVER_SPEED_STOP',
  'OVER_RPM_START',
  'OVER_RPM_STOP',
  'IDLE_START',
  'IDLE_STOP',
  'EMERGENCY_BRAKE',
] as const;
export const EventType = Type.Enum(EVENT_TYPES);
export type EventType = Static<typeof EventType>;

export const TRANSFER_REASONS = ['TRIP_START', 'TRIP_STOP', 'PERIODIC', 'EVENTS'] as const;
export const TransferReason = Type.Enum(TRANSFER_REASONS);
export type TransferReason = Static<typeof TransferReason>;

export const DeviceEvent = Type.Object(
  { eventType: EventType, timestamp: Type.Optional(Type.String({ format: 'date-time' })) },
  { additionalProperties: false },
);
export type DeviceEvent = Static<typeof DeviceEvent>;

/** One raw record: the counters at that moment, why it was sent, where, and what happened. */
export const RawRecordInput = Type.Object(
  {
    timestamp: Type.String({ format: 'date-time' }),
    transferReason: TransferReason,
    location: Type.Optional(Location),
    /** km/h at that moment */
    speed: Type.Optional(Type.Number({ minimum: 0, maximum: 300 })),
    events: Type.Optional(Type.Array(DeviceEvent, { maxItems: 100 })),
    ...RawRecordMetrics.properties,
  },
  { additionalProperties: false },
);
export type RawRecordInput = Static<typeof RawRecordInput>;

/** A GPS point between records, for route lines and the live position. */
export const DatapointInput = Type.Object(
  {
    timestamp: Type.String({ format: 'date-time' }),
    location: Location,
    speed: Type.Optional(Type.Number({ minimum: 0, maximum: 300 })),
    heading: Type.Optional(Type.Integer({ minimum: 0, maximum: 359 })),
  },
  { additionalProperties: false },
);
export type DatapointInput = Static<typeof DatapointInput>;

/** Items are checked one by one, so one bad item does not cost the batch. */
export const RecordBatch = Type.Object(
  { records: Type.Array(Type.Unknown(), { minItems: 1, maxItems: MAX_BATCH }) },
  { additionalProperties: false },
);
export const DatapointBatch = Type.Object(
  { datapoints: Type.Array(Type.Unknown(), { minItems: 1, maxItems: MAX_BATCH }) },
  { additionalProperties: false },
);

export const BatchResult = Type.Object({
  /** new items, durably stored before this answer */
  stored: Type.Integer(),
  /** items already stored earlier (same device, timestamp and reason): not counted twice */
  duplicates: Type.Integer(),
  /** items refused, by their index in the batch, with the reason */
  rejected: Type.Array(Type.Object({ index: Type.Integer(), reason: Type.String() })),
});
export type BatchResult = Static<typeof BatchResult>;

// ── The device channel: commands from the server (docs/device-protocol.md) ──

export const COMMAND_KINDS = [
  'MEDIA_REQUEST',
  'MONITORING_REQUEST',
  'CONFIGURATION',
  /** the monitoring ended (not by the device itself): stop tracing and publishing */
  'MONITORING_END',
  'MONITORING_ENHANCE',
] as const;
export const CommandKind = Type.Enum(COMMAND_KINDS);
export type CommandKind = Static<typeof CommandKind>;

/** Longest long-poll a device may ask for, in seconds. */
export const MAX_COMMAND_WAIT_SECONDS = 30;
/** A device counts as online when it was heard from within this many seconds. */
export const ONLINE_WITHIN_SECONDS = 90;

/** GET /device-api/v1/commands?wait=N */
export const CommandQuery = Type.Object(
  { wait: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_COMMAND_WAIT_SECONDS })) },
  { additionalProperties: false },
);

/** A command as the device receives it. */
export const DeviceCommand = Type.Object({
  id: Type.Integer(),
  kind: CommandKind,
  payload: Type.Record(Type.String(), Type.Unknown()),
  createdAt: Type.String(),
  expiresAt: Type.String(),
});
export type DeviceCommand = Static<typeof DeviceCommand>;
export const CommandBatch = Type.Object({ commands: Type.Array(DeviceCommand) });
export type CommandBatch = Static<typeof CommandBatch>;

/** The payload of a MEDIA_REQUEST command. */
export const MediaRequestCommand = Type.Object({
  mediaRequestId: Type.Integer(),
  mediaType: Type.Enum(['PICTURE', 'VIDEO']),
  /** seconds of video, centred on mediaTimestamp */
  duration: Type.Union([Type.Integer(), Type.Null()]),
  cameraMask: Type.Integer(),
  mediaTimestamp: Type.String(),
  /**
   * USER: a person waits for the answer (the device makes it before anything else);
   * AUTOMATIC: asked by the portal itself (a safety case's clip), made when the device has time.
   */
  priority: Type.Enum(['USER', 'AUTOMATIC']),
});
export type MediaRequestCommand = Static<typeof MediaRequestCommand>;

/** POST /device-api/v1/commands/{id}/progress: how each camera of a request stands. */
export const CommandProgress = Type.Object(
  {
    cameras: Type.Array(
      Type.Object(
        {
          camera: Type.Union([
            Type.Literal(1),
            Type.Literal(2),
            Type.Literal(4),
            Type.Literal(8),
            Type.Literal(16),
          ]),
          availability: Type.Enum(['NOT_AVAILABLE', 'UPLOADING', 'FAILED']),
          reason: Type.Optional(Type.String({ maxLength: 500 })),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 5 },
    ),
  },
  { additionalProperties: false },
);
export type CommandProgress = Static<typeof CommandProgress>;

/** POST /device-api/v1/commands/{id}/result: the command is finished. */
export const CommandResult = Type.Object(
  {
    status: Type.Enum(['DONE', 'FAILED']),
    reason: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type CommandResult = Static<typeof CommandResult>;

// ── Monitoring (docs/device-protocol.md, "Monitoring") ──

/** The payload of a MONITORING_REQUEST command. */
export const MonitoringRequestCommand = Type.Object({
  monitoringRequestId: Type.Integer(),
  tracingFrequency: Type.Integer(),
  liveFeed: Type.Boolean(),
  /** 0: the device's configured live-feed cameras */
  liveFeedCameraMask: Type.Integer(),
});
export type MonitoringRequestCommand = Static<typeof MonitoringRequestCommand>;

/** The payload of a MONITORING_END command. */
export const MonitoringEndCommand = Type.Object({ monitoringId: Type.Integer() });
export type MonitoringEndCommand = Static<typeof MonitoringEndCommand>;

/** How long a camera stays enhanced after the control room asked (spec §2 'Enhance video'). */
export const ENHANCE_SECONDS = 60;

/** The payload of a MONITORING_ENHANCE command: that camera at a higher quality for a while. */
export const MonitoringEnhanceCommand = Type.Object({
  monitoringId: Type.Integer(),
  camera: Type.Integer(),
  seconds: Type.Integer(),
});
export type MonitoringEnhanceCommand = Static<typeof MonitoringEnhanceCommand>;

/** POST /device-api/v1/monitorings: the device starts the monitoring a command asked for. */
export const StartMonitoring = Type.Object(
  { commandId: Type.Integer({ minimum: 1, maximum: 2147483647 }) },
  { additionalProperties: false },
);
export type StartMonitoring = Static<typeof StartMonitoring>;

/** A monitoring as the device sees it: how often to trace and where to publish the cameras. */
export const DeviceMonitoring = Type.Object({
  id: Type.Integer(),
  tracingFrequency: Type.Integer(),
  start: Type.String(),
  /** it ends by itself at the latest then */
  maxEnd: Type.String(),
  /** true once ended (by anyone): stop tracing and publishing */
  ended: Type.Boolean(),
  liveFeed: Type.Union([
    Type.Object({
      /** false: no video gateway; trace only */
      available: Type.Boolean(),
      reason: Type.Union([Type.String(), Type.Null()]),
      /** the Janus HTTP API to publish to */
      gatewayUrl: Type.Union([Type.String(), Type.Null()]),
      roomId: Type.Union([Type.Integer(), Type.Null()]),
      /** the room's pin */
      pin: Type.Union([Type.String(), Type.Null()]),
      /** camera bits to publish, one publisher per camera named FRONT, REAR, LEFT, RIGHT, DRIVER; 0: the configured ones */
      cameraMask: Type.Integer(),
      iceServers: Type.Array(Type.Unknown()),
    }),
    Type.Null(),
  ]),
});
export type DeviceMonitoring = Static<typeof DeviceMonitoring>;

/** POST /device-api/v1/monitorings/{id}/positions */
export const MonitoringPositions = Type.Object(
  { positions: Type.Array(DatapointInput, { minItems: 1, maxItems: 100 }) },
  { additionalProperties: false },
);
export type MonitoringPositions = Static<typeof MonitoringPositions>;

export const MonitoringPositionsResult = Type.Object({
  stored: Type.Integer(),
  /** true: the monitoring ended; nothing was stored, stop tracing */
  ended: Type.Boolean(),
  tracingFrequency: Type.Integer(),
});
export type MonitoringPositionsResult = Static<typeof MonitoringPositionsResult>;
