import { Type, type Static } from 'typebox';
import { DrivingStyleData, ScoreData } from './driving-style.js';
import { Location } from './device-api.js';
import { Id } from './organisations.js';

export const REPORT_INTERVALS = ['DAY', 'WEEK', 'MONTH'] as const;
export const DEFAULT_MINIMUM_DISTANCE = 100;
export const DEFAULT_DRIVER_LINK_EXTEND_TIME = 300;
/** Name of the entry that holds driving with no linked driver. */
export const UNKNOWN = 'UNKNOWN';
/** The group list's 'every group': the whole organisation (spec §7, §3 Filter). */
export const ALL_GROUPS = 'ALL';
/** Longest period of one report: 'This year' of a leap year and then some. */
export const MAX_REPORT_DAYS = 400;

const GroupRef = Type.Union([Id, Type.Literal(ALL_GROUPS)]);

/** POST organisations/{id}/reports/assets and …/drivers (spec §7 Reports). */
export const ReportBody = Type.Object(
  {
    from: Type.String({ format: 'date-time' }),
    until: Type.String({ format: 'date-time' }),
    scoreData: Type.Optional(Type.Boolean({ default: true })),
    drivingStyleData: Type.Optional(Type.Boolean({ default: true })),
    /** one entry per trip instead of one per interval */
    trips: Type.Optional(Type.Boolean({ default: false })),
    /** metres; shorter trips are left out */
    minimumDistance: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    /** seconds a driver link still counts after it ended; any value, with or without trips */
    driverLinkExtendTime: Type.Optional(Type.Integer({ minimum: 0, maximum: 86_400 })),
    /** assets only: with trips, include the trip under way at `from` */
    includePreviousData: Type.Optional(Type.Boolean()),
    interval: Type.Optional(Type.Enum(REPORT_INTERVALS)),
    /** asset ids (asset report) or driver ids (driver report); default all */
    ids: Type.Optional(Type.Array(Id, { maxItems: 5000 })),
    /** group ids, or 'ALL' or ['ALL'] (the default): members of any of the groups */
    groups: Type.Optional(
      Type.Union([Type.Array(GroupRef, { maxItems: 500 }), Type.Literal(ALL_GROUPS)]),
    ),
    /** one group id, or 'ALL' (the default); the same as groups: [group] */
    group: Type.Optional(GroupRef),
  },
  { additionalProperties: false },
);
export type ReportBody = Static<typeof ReportBody>;

export const ReportTrip = Type.Object({
  tripId: Type.Integer(),
  startTime: Type.String(),
  endTime: Type.Union([Type.String(), Type.Null()]),
  startLocation: Type.Union([Location, Type.Null()]),
  endLocation: Type.Union([Location, Type.Null()]),
});
export type ReportTrip = Static<typeof ReportTrip>;

/** Who drove a trip (asset report) or which asset a driver drove (driver report), and how. */
export const ReportPart = Type.Object({
  id: Type.Integer({ description: 'driver id (0 for UNKNOWN) or asset id' }),
  name: Type.String(),
  drivingStyleData: Type.Optional(DrivingStyleData),
  scoreData: Type.Optional(ScoreData),
});

export const ReportData = Type.Object({
  drivingStyleData: Type.Optional(DrivingStyleData),
  /** absent when nothing was driven (no score without exposure) */
  scoreData: Type.Optional(ScoreData),
  trips: Type.Optional(Type.Array(ReportTrip)),
  parts: Type.Optional(Type.Array(ReportPart)),
});
export type ReportData = Static<typeof ReportData>;

export const AssetPeriodData = Type.Object({
  assetId: Type.Integer(),
  assetName: Type.String(),
  assetData: Type.Array(ReportData),
});
export const DriverPeriodData = Type.Object({
  driverId: Type.Integer({ description: '0 for UNKNOWN' }),
  driverName: Type.String(),
  driverData: Type.Array(ReportData),
});

export const ReportInterval = Type.Object({
  from: Type.String(),
  until: Type.String(),
  /** the local date (fleet time zone, YYYY-MM-DD) the interval's day, week or month starts on */
  day: Type.Optional(Type.String()),
  assetPeriodData: Type.Optional(Type.Array(AssetPeriodData)),
  driverPeriodData: Type.Optional(Type.Array(DriverPeriodData)),
});
export type ReportInterval = Static<typeof ReportInterval>;
export const Report = Type.Array(ReportInterval);
export type Report = Static<typeof Report>;
