import { Type, type Static } from 'typebox';

export const Health = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Literal('ok'),
  version: Type.String(),
  /** asset-days waiting for the engine: how far derived data lags behind what devices sent */
  engineQueue: Type.Integer({ minimum: 0 }),
  /** the video gateway (Janus): up, down (configured but not answering), absent (none) */
  videoGateway: Type.Enum(['up', 'down', 'absent']),
});
export type Health = Static<typeof Health>;

/** 503 of GET /api/health: the error shape, and what is known of the outage (issue 16). */
export const HealthUnavailable = Type.Object({
  code: Type.Literal('DATABASE_UNAVAILABLE'),
  message: Type.String(),
  status: Type.Literal('unavailable'),
  database: Type.Literal('unavailable'),
  /** when this process found the database unavailable (absent when it just failed to answer) */
  databaseUnavailableSince: Type.Optional(Type.String({ format: 'date-time' })),
  version: Type.String(),
  videoGateway: Type.Enum(['up', 'down', 'absent']),
});
export type HealthUnavailable = Static<typeof HealthUnavailable>;
