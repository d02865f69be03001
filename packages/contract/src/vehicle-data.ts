import { Type, type Static } from 'typebox';
import { DrivingStyleData, RawRecordMetrics, ScoreData } from './driving-style.js';
import { Location, TransferReason } from './device-api.js';
import { ReportPart } from './reports.js';

const Time = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Union([t, Type.Null()]);

/** Longest window of every entity-data call: 'This year' (and a leap year's). */
export const MAX_LONG_DAYS = 366;
/**
 * A window up to this long is read as any call; a longer one without a page runs as heavy work
 * (counted per user and organisation, on a few connections: db/heavy-work.ts).
 */
export const MAX_LIST_DAYS = 93;
export const MAX_PAGE_SIZE = 1000;
/** Most positions one datapoints page may ask for (a map's worth). */
export const MAX_DATAPOINT_PAGE = 10_000;
/** The most rows an entity-data call without a page answers; X-Total-Count says how many there are. */
export const MAX_UNPAGED_ROWS = 50_000;

const pageFields = (maxLimit: number, rows: string) => ({
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: maxLimit,
      description: `one page of at most this many ${rows}; without it the whole period (up to ${MAX_UNPAGED_ROWS}); X-Total-Count holds how many the period has`,
    }),
  ),
  offset: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 10_000_000,
      description: 'with limit: how many come before the page (default 0)',
    }),
  ),
});

/** from and (optional) until of a window. */
export const DataQuery = Type.Object(
  { from: Time, until: Type.Optional(Time) },
  { additionalProperties: false },
);
export type DataQuery = Static<typeof DataQuery>;

/** from and (optional) until of the entity data calls (spec §7), and an optional page. */
export const EntityDataQuery = Type.Object(
  { from: Time, until: Type.Optional(Time), ...pageFields(MAX_PAGE_SIZE, 'records') },
  { additionalProperties: false },
);
export type EntityDataQuery = Static<typeof EntityDataQuery>;

/** A page asked for: limit and offset as sent, or none (the whole period). */
export type DataPage = { limit: number; offset: number } | undefined;

/**
 * GET assets/{id}/rawdatas: the window's records, newest first, each with its differences; a
 * page with limit and offset, the whole period without.
 */
export const RawDataQuery = EntityDataQuery;
export type RawDataQuery = Static<typeof RawDataQuery>;

/** GET assets/{id}/heatmap and drivers/{id}/heatmap: events of one type, counted per grid cell. */
export const HeatmapQuery = Type.Object(
  {
    from: Time,
    until: Type.Optional(Time),
    eventType: Type.String({ minLength: 1, maxLength: 40 }),
  },
  { additionalProperties: false },
);
export type HeatmapQuery = Static<typeof HeatmapQuery>;

/** A grid cell of a heatmap: its centre and how many events fell in it. */
export const HeatmapCell = Type.Object({
  latitude: Type.Integer(),
  longitude: Type.Integer(),
  weight: Type.Integer({ minimum: 1 }),
});
export type HeatmapCell = Static<typeof HeatmapCell>;

export const DatapointQuery = Type.Object(
  {
    from: Time,
    until: Type.Optional(Time),
    events: Type.Optional(Type.Boolean({ description: 'include the events at each point' })),
    media: Type.Optional(Type.Boolean({ description: 'include the media of each point' })),
    ...pageFields(MAX_DATAPOINT_PAGE, 'positions'),
  },
  { additionalProperties: false },
);
export type DatapointQuery = Static<typeof DatapointQuery>;

export const EventItem = Type.Object({ eventType: Type.String() });

/** What happened at one moment (spec §3 Event record): the events of that moment together. */
export const EventRecord = Type.Object({
  timestamp: Type.String(),
  location: Nullable(Location),
  events: Type.Array(EventItem),
  assetId: Type.Integer(),
  driverId: Nullable(Type.Integer()),
});
export type EventRecord = Static<typeof EventRecord>;

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

/** Each metric minus the same metric of another record; absent where either lacks it. */
const MetricDifferences = Type.Record(Type.String(), Type.Number());
/**
 * A raw record's differences, computed by the server so that any page is right on its own:
 * against the record before it, the latest trip start at or before it and the first record of
 * the period (null when there is no such record in the period).
 */
export const RawDataDifferences = Type.Object({
  previous: Nullable(MetricDifferences),
  tripStart: Nullable(MetricDifferences),
  first: Nullable(MetricDifferences),
});
export type RawDataDifferences = Static<typeof RawDataDifferences>;

/**
 * A raw record as the device sent it (spec §3 Raw data record): the metrics are fields of the
 * record, each present when the device sent it.
 */
export const RawData = Type.Object({
  timestamp: Type.String(),
  transferReason: Type.Union([TransferReason, Type.String()]),
  deviceId: Type.Integer(),
  location: Nullable(Location),
  speed: Nullable(Type.Number()),
  events: Type.Array(EventItem),
  ...RawRecordMetrics.properties,
  differences: Type.Optional(RawDataDifferences),
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
  /** with ?datapoints=true: the events of the latest trip, one point per moment with its events */
  datapoints: Type.Optional(Type.Array(Datapoint)),
});
export type FleetEntry = Static<typeof FleetEntry>;

/** Most cards one fleet overview page may ask for; the portal shows 10 (spec §9). */
export const MAX_FLEET_LIMIT = 100;

export const FleetQuery = Type.Object(
  {
    entities: Type.Optional(
      Type.Boolean({ description: 'include the assets of child organisations' }),
    ),
    datapoints: Type.Optional(
      Type.Boolean({
        description:
          "include the events of each asset's latest trip (default false: they cost the overview a third of its time)",
      }),
    ),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_FLEET_LIMIT,
        description:
          'one page of the cards: only assets with a device now, newest data first (never sent last), then by name and id; X-Total-Count holds how many there are. Without limit every asset, as before',
      }),
    ),
    offset: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 10_000_000,
        description: 'with limit: how many cards come before the page (default 0)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type FleetQuery = Static<typeof FleetQuery>;

/**
 * GET organisations/{id}/assets/fleet/organisations: how many cards (assets with a device now)
 * each organisation of the subtree has, the organisation itself included; only those with cards.
 */
export const FleetOrganisationCount = Type.Object({
  organisationId: Type.Integer(),
  count: Type.Integer({ minimum: 1 }),
});
export type FleetOrganisationCount = Static<typeof FleetOrganisationCount>;
