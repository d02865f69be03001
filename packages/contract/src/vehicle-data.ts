import { Type, type Static } from 'typebox';
import { DrivingStyleData, ScoreData } from './driving-style.js';
import { Location, TransferReason } from './device-api.js';
import { ReportPart } from './reports.js';

const Time = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Union([t, Type.Null()]);

/** from and (optional) until of the entity data calls. */
export const DataQuery = Type.Object(
  { from: Time, until: Type.Optional(Time) },
  { additionalProperties: false },
);
export type DataQuery = Static<typeof DataQuery>;

export const DatapointQuery = Type.Object(
  {
    from: Time,
    until: Type.Optional(Time),
    events: Type.Optional(Type.Boolean({ description: 'include the events at each point' })),
    media: Type.Optional(Type.Boolean({ description: 'include the media of each point' })),
  },
  { additionalProperties: false },
);
export type DatapointQuery = Static<typeof DatapointQuery>;

export const EventItem = Type.Object({ eventType: Type.String() });

export const VehicleEvent = Type.Object({
  timestamp: Type.String(),
  eventType: Type.String(),
  assetId: Type.Integer(),
  driverId: Nullable(Type.Integer()),
  location: Nullable(Location),
});
export type VehicleEvent = Static<typeof VehicleEvent>;

/** A position (and what happened there): spec §3 Datapoint. */
export const Datapoint = Type.Object({
  timestamp: Type.String(),
  identifier: Type.String({ description: 'the device identifier' }),
  location: Nullable(Location),
  speed: Nullable(Type.Number()),
  events: Type.Optional(Type.Array(EventItem)),
  media: Type.Optional(Type.Array(Type.Object({ id: Type.Integer(), mimeType: Type.String() }))),
});
export type Datapoint = Static<typeof Datapoint>;

export const Trip = Type.Object({
  id: Type.Integer(),
  assetId: Type.Integer(),
  startTime: Type.String(),
  endTime: Nullable(Type.String()),
  startLocation: Nullable(Location),
  endLocation: Nullable(Location),
  drivingStyleData: DrivingStyleData,
  scoreData: ScoreData,
  drivers: Type.Array(ReportPart),
});
export type Trip = Static<typeof Trip>;

/** A raw record as the device sent it (spec §3 Raw data record). */
export const RawData = Type.Object({
  timestamp: Type.String(),
  transferReason: Type.Union([TransferReason, Type.String()]),
  deviceId: Type.Integer(),
  location: Nullable(Location),
  speed: Nullable(Type.Number()),
  events: Type.Array(EventItem),
  metrics: Type.Record(Type.String(), Type.Number()),
});
export type RawData = Static<typeof RawData>;

/** One asset in the fleet overview (spec §3 Fleet overview entry). */
export const FleetEntry = Type.Object({
  assetId: Type.Integer(),
  assetName: Type.String(),
  organisationId: Type.Integer(),
  driverId: Nullable(Type.Integer()),
  driverName: Nullable(Type.String()),
  deviceId: Nullable(Type.Integer()),
  /** the trip under way, or null when stationary */
  trip: Nullable(Type.Object({ id: Type.Integer(), startTime: Type.String() })),
  tripStartTime: Nullable(Type.String()),
  tripEndTime: Nullable(Type.String()),
  tripStartLocation: Nullable(Location),
  tripEndLocation: Nullable(Location),
  /** last data */
  time: Nullable(Type.String()),
  location: Nullable(Location),
  speed: Nullable(Type.Number()),
  /** of the latest trip; absent without one (optional rather than null: serialises much faster) */
  drivingStyleData: Type.Optional(DrivingStyleData),
  scoreData: Type.Optional(ScoreData),
  /** the events of the latest trip, with ?datapoints=true (the portal loads a card's events when its Details opens) */
  datapoints: Type.Optional(Type.Array(Datapoint)),
});
export type FleetEntry = Static<typeof FleetEntry>;

export const FleetQuery = Type.Object(
  {
    entities: Type.Optional(
      Type.Boolean({ description: 'include the assets of child organisations' }),
    ),
    datapoints: Type.Optional(
      Type.Boolean({ description: "include the events of each asset's latest trip" }),
    ),
  },
  { additionalProperties: false },
);
