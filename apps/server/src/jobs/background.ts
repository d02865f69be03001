import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { AlertWork } from '../modules/alerts/index.js';
import type { EngineWorkers } from '../modules/engine/index.js';
import type { MediaService } from '../modules/media/index.js';
import type {
  MonitoringJob,
  MonitoringJobs,
  MonitoringService,
} from '../modules/monitoring/index.js';
import type { RawDataService } from '../modules/raw-data/index.js';
import type { ReportDelivery } from '../modules/report-subscriptions/index.js';
import type { SafetyJobs } from '../modules/safety/index.js';
import type { SyncScheduler } from '../modules/sync/index.js';
import { JobRunner } from './job-runner.js';

interface Logger {
  warn(object: object, message: string): void;
  info(message: string): void;
  error(object: object, message: string): void;
}

export interface BackgroundServices {
  engineWorkers: EngineWorkers;
  media: MediaService;
  monitoring: MonitoringService;
  monitoringJobs: MonitoringJobs;
  syncScheduler: SyncScheduler;
  rawData: RawDataService;
  safetyJobs: SafetyJobs;
  alertWork: AlertWork;
  reportDelivery: Pick<ReportDelivery, 'run'>;
}

/**
 * All background work of a server process, registered in one place: the jobs and their
 * schedules (an interval of 0 keeps this process out of that job), and the loops started with
 * them. app.ts starts it when the app is ready and stops it when it closes.
 */
export function createBackgroundWork(
  db: Db,
  config: Config,
  services: BackgroundServices,
  engineWorkers: number,
  log: Logger,
): JobRunner {
  const jobs = new JobRunner(db, log);
  if (config.media.jobMinutes > 0)
    jobs.handle('media.retention', {
      everySeconds: config.media.jobMinutes * 60,
      run: () => services.media.retentionJob(),
    });
  if (config.rawData.jobMinutes > 0)
    jobs.handle('raw-data.partitions', {
      everySeconds: config.rawData.jobMinutes * 60,
      run: async (signal) => void (await services.rawData.run(signal)),
    });
  const every = config.monitoring.jobSeconds;
  if (every > 0) {
    const { monitoring, monitoringJobs: work } = services;
    jobs.handle('monitoring.checks', { everySeconds: every, run: () => work.checksJob() });
    jobs.handle('monitoring.webhooks', { everySeconds: every, run: () => work.deliverAlarms() });
    jobs.handle('monitoring.recordings', {
      everySeconds: every,
      run: (signal) => work.recordingsJob(signal),
    });
    const want = (job: MonitoringJob) => void jobs.trigger(`monitoring.${job}`);
    monitoring.onJobWanted(want);
    work.onJobWanted(want);
  }
  if (config.safety.jobSeconds > 0)
    jobs.handle('safety.clips', {
      everySeconds: config.safety.jobSeconds,
      run: () => services.safetyJobs.run(),
    });
  if (config.sync.jobSeconds > 0) {
    jobs.handle('sync.round', {
      everySeconds: config.sync.jobSeconds,
      run: (signal) => services.syncScheduler.runRound(signal),
    });
    services.syncScheduler.onJobWanted({
      trigger: () => jobs.trigger('sync.round'),
      settled: () => jobs.settled('sync.round'),
    });
  }
  if (config.alerts.jobSeconds > 0) alertJobs(jobs, config.alerts.jobSeconds, services.alertWork);
  if (config.reports.jobSeconds > 0)
    jobs.handle('reports.deliveries', {
      everySeconds: config.reports.jobSeconds,
      run: async () => void (await services.reportDelivery.run()),
    });
  // The engine keeps its own asset-day queue (faster for that work: docs/performance.md),
  // its workers in a thread of their own where ENGINE_THREAD says so (more than two cores).
  jobs.add({
    start: () => services.engineWorkers.start(engineWorkers),
    stop: () => services.engineWorkers.stop(),
  });
  return jobs;
}

/**
 * Issue 21 §2: the firing loop (LISTEN on the alerts' queue: seconds from a record to its
 * notification) and the deliveries job it wakes when notifications were made.
 */
function alertJobs(jobs: JobRunner, everySeconds: number, work: AlertWork) {
  jobs.handle('alerts.deliveries', { everySeconds, run: () => work.job() });
  const loop = work.loop((counts) => {
    if (counts.deliveries > 0) void jobs.trigger('alerts.deliveries');
  });
  jobs.add({ start: () => loop.start(), stop: () => loop.stop() });
}
