/** The job schema of pg-boss in the product's database. */
export const JOB_SCHEMA = 'pgboss';

export interface JobOptions {
  /** Tries after the first failure; each waits longer (pg-boss's backoff: delay · 2^n, jittered). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A job running longer (its process died) is taken back and retried. */
  expireInSeconds: number;
}

/**
 * Every job of the server, by name: what it does is registered by its module (app.ts).
 * Names are stable: they are rows in the database.
 */
export const JOBS = {
  /** Media retention, the clean-up of deleted files and the temp sweep (media module). */
  'media.retention': { retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 3600 },
  /** Monitorings past their maximum duration end; ended ones' rooms close (monitoring module). */
  'monitoring.checks': { retryLimit: 2, retryDelaySeconds: 2, expireInSeconds: 900 },
  /** The control room's alarm webhook deliveries (they keep their own tries and state). */
  'monitoring.webhooks': { retryLimit: 2, retryDelaySeconds: 2, expireInSeconds: 900 },
  /** Recordings of ended monitorings become media (ffmpeg; each recording keeps its attempts). */
  'monitoring.recordings': { retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 3600 },
  /** Raw records and datapoints: month partitions ahead, whole months dropped, retention (raw-data module). */
  'raw-data.partitions': { retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 3600 },
  /** Issue 20: a clip asked for each new safety case without one; the demo's first reviews (safety module). */
  'safety.clips': { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 900 },
  /** Synchronisation: runs the configurations that are due (sync module). */
  'sync.round': { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 3600 },
  /** Alert e-mails and webhooks due, and the silent-device rules (alerts module). */
  'alerts.deliveries': { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 900 },
  /** Issue 21 §4: the periods due of report subscriptions, and their e-mails (report-subscriptions module). */
  'reports.deliveries': { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 1800 },
} as const satisfies Record<string, JobOptions>;

export type JobName = keyof typeof JOBS;
