import { Type, type Static } from 'typebox';

/** One queue of the job runner (issue 17). */
export const JobQueueDepth = Type.Object({
  name: Type.String(),
  /** jobs waiting to run, retries waiting for their backoff included */
  waiting: Type.Integer({ minimum: 0 }),
  /** seconds the oldest due job has waited; 0 when none is due */
  oldestWaitingSeconds: Type.Integer({ minimum: 0 }),
});
export type JobQueueDepth = Static<typeof JobQueueDepth>;

export const Health = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Literal('ok'),
  version: Type.String(),
  /** asset-days waiting for the engine: how far derived data lags behind what devices sent */
  engineQueue: Type.Integer({ minimum: 0 }),
  /** the job runner's queues: a due job waiting long means no server is working that queue */
  jobs: Type.Array(JobQueueDepth),
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
