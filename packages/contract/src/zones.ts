import { Type, type Static, type TSchema } from 'typebox';
import { Id } from './organisations.js';

/**
 * Issue 21 §1: zones (geofences) of an organisation, drawn on the map, and the visits the
 * engine derives from the positions. Coordinates are GeoJSON's order, [longitude, latitude].
 * An edit makes a new version valid from then: data before it keeps the old shape.
 */

const Time = Type.String({ format: 'date-time' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ZONE_LIMITS = {
  name: { min: 1, max: 100 },
  polygonPoints: { min: 3, max: 500 },
  radius: { min: 10, max: 50_000 },
  speedLimit: { min: 1, max: 250 },
  /** longest period of one visits report */
  visitDays: 93,
} as const;

/** [longitude, latitude] in degrees (WGS 84). */
export const LonLat = Type.Tuple([
  Type.Number({ minimum: -180, maximum: 180 }),
  Type.Number({ minimum: -90, maximum: 90 }),
]);
export type LonLat = Static<typeof LonLat>;

/** A polygon's ring: 3–500 points, closed (last = first) or not. */
export const ZonePolygon = Type.Object(
  {
    type: Type.Literal('polygon'),
    coordinates: Type.Array(LonLat, {
      minItems: ZONE_LIMITS.polygonPoints.min,
      maxItems: ZONE_LIMITS.polygonPoints.max + 1,
    }),
  },
  { additionalProperties: false },
);
export type ZonePolygon = Static<typeof ZonePolygon>;

/** A circle: its centre and radius in metres (10–50 000). */
export const ZoneCircle = Type.Object(
  {
    type: Type.Literal('circle'),
    center: LonLat,
    radius: Type.Number({ minimum: ZONE_LIMITS.radius.min, maximum: ZONE_LIMITS.radius.max }),
  },
  { additionalProperties: false },
);
export type ZoneCircle = Static<typeof ZoneCircle>;

export const ZoneShape = Type.Union([ZonePolygon, ZoneCircle]);
export type ZoneShape = Static<typeof ZoneShape>;

export const ZONE_COLOUR_PATTERN = '^#[0-9a-fA-F]{6}$';

const zoneFields = {
  name: Type.String({
    minLength: ZONE_LIMITS.name.min,
    maxLength: ZONE_LIMITS.name.max,
    pattern: '\\S',
  }),
  shape: ZoneShape,
  /** km/h; null: no limit */
  speedLimit: Nullable(
    Type.Integer({ minimum: ZONE_LIMITS.speedLimit.min, maximum: ZONE_LIMITS.speedLimit.max }),
  ),
  /** scope: only the assets of this group (of the organisation's subtree); null: every asset */
  groupId: Nullable(Id),
  /** '#rrggbb' */
  colour: Type.String({ pattern: ZONE_COLOUR_PATTERN }),
};

export const Zone = Type.Object({
  id: Type.Integer(),
  organisationId: Type.Integer(),
  ...zoneFields,
  createdAt: Time,
  updatedAt: Time,
});
export type Zone = Static<typeof Zone>;
export const ZoneList = Type.Array(Zone);

/** Create and PUT (the whole zone). */
export const ZoneInput = Type.Object(zoneFields, { additionalProperties: false });
export type ZoneInput = Static<typeof ZoneInput>;

/** ?from&until[&zoneId][&groupId]: visits overlapping [from, until), at most 93 days. */
export const ZoneVisitQuery = Type.Object(
  {
    from: Time,
    until: Time,
    zoneId: Type.Optional(Id),
    groupId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type ZoneVisitQuery = Static<typeof ZoneVisitQuery>;

/**
 * One stay of an asset in a zone. A stay over midnight is one visit (the engine's asset-days
 * are joined). `exitedAt` null: still inside at the last position.
 */
export const ZoneVisit = Type.Object({
  zoneId: Type.Integer(),
  zoneName: Type.String(),
  assetId: Type.Integer(),
  assetName: Type.String(),
  driverId: Nullable(Type.Integer()),
  driverName: Nullable(Type.String()),
  enteredAt: Time,
  exitedAt: Nullable(Time),
  seconds: Type.Integer(),
  /** km/h */
  maxSpeed: Type.Number(),
  /** seconds above the zone's speed limit; 0 without one */
  speedingSeconds: Type.Integer(),
});
export type ZoneVisit = Static<typeof ZoneVisit>;
export const ZoneVisitList = Type.Array(ZoneVisit);

/** The zone report's order (the screen and its export): the latest visit first, then by asset. */
export const byEnteredDesc = (a: ZoneVisit, b: ZoneVisit) =>
  Date.parse(b.enteredAt) - Date.parse(a.enteredAt) || a.assetName.localeCompare(b.assetName);
