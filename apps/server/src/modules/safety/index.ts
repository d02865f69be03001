// The safety module's front door: cases from events, their review and coaching, the footage audit.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { SafetyAccess, type AccessService } from '../access/index.js';
import { CaseActionsService, type ScoreChanged } from './case-actions.service.js';
import { CaseWritesRepository } from './case-writes.repository.js';
import { ClipsRepository } from './clips.repository.js';
import { SafetyClips, type RequestClip } from './safety-clips.js';
import { FootageAuditRepository } from './footage-audit.repository.js';
import { SafetyRepository } from './safety.repository.js';
import { SafetyService } from './safety.service.js';
import { CoachingReportRepository } from './coaching-report.repository.js';
import { CoachingReportService } from './coaching-report.service.js';
import { MySafetyRepository } from './my-safety.repository.js';
import { MySafetyService, type OwnCases } from './my-safety.service.js';
import type { DriverReports } from './my-safety.scores.js';

export { safetyRoutes } from './safety.routes.js';
export type { SafetyService } from './safety.service.js';
export type { FootageView } from './footage-audit.repository.js';
export type { ScoreChanged } from './case-actions.service.js';

/** Where the media module reports each view, play and download it serves (issue 20 §6). */
export type FootageAudit = Pick<FootageAuditRepository, 'record'>;

export function createFootageAudit(db: Db): FootageAudit {
  return new FootageAuditRepository(db);
}

export function createSafety(deps: {
  db: Db;
  timezone: string;
  access: AccessService;
  /** the engine derives the asset-day of an event dismissed or brought back */
  scoreChanged: ScoreChanged;
  log: FastifyBaseLogger;
}) {
  const repository = new SafetyRepository(deps.db, deps.timezone);
  const safetyAccess = new SafetyAccess(deps.access);
  const actions = new CaseActionsService(
    repository,
    new CaseWritesRepository(deps.db),
    safetyAccess,
    deps.scoreChanged,
    (error) => deps.log.error({ err: error }, 'safety: the score of a dismissal was not queued'),
  );
  return new SafetyService(
    repository,
    new FootageAuditRepository(deps.db),
    deps.access,
    safetyAccess,
    actions,
  );
}

/** The `safety.clips` job: clips for new cases without one, then the demo's first reviews. */
export interface SafetyJobs {
  run(): Promise<void>;
}

export function createSafetyJobs(deps: {
  db: Db;
  /** the media requests module's system request */
  requestClip: RequestClip;
  log: FastifyBaseLogger;
  /** the demo's first reviews (modules/demo), when the demo is seeded */
  demo?: { run(): Promise<boolean> };
}): SafetyJobs {
  const clips = new SafetyClips(new ClipsRepository(deps.db), deps.requestClip, deps.log);
  return {
    async run() {
      const asked = await clips.run();
      if (asked) deps.log.info(`safety: ${asked} clips asked for new cases`);
      if (deps.demo && (await deps.demo.run()))
        deps.log.info('safety: the demo cases were reviewed');
    },
  };
}
export { SafetyClips, clipDecision, CLIP_GRACE_SECONDS } from './safety-clips.js';
export { ClipsRepository } from './clips.repository.js';

// ── My safety and the coaching report (issue 20 §4, §5) ────────────────────

export { mySafetyRoutes } from './my-safety.routes.js';
export { coachingReportRoutes } from './coaching-report.routes.js';
export type { MySafetyService, OwnCases } from './my-safety.service.js';
export type { CoachingReportService } from './coaching-report.service.js';
export type { DriverReports } from './my-safety.scores.js';

/** A DRIVER's own page: their cases through the safety service, their score from the reports. */
export function createMySafety(deps: {
  db: Db;
  timezone: string;
  cases: OwnCases;
  reports: DriverReports;
}) {
  return new MySafetyService(
    new MySafetyRepository(deps.db, deps.timezone),
    deps.cases,
    deps.reports,
  );
}

export function createCoachingReport(deps: {
  db: Db;
  timezone: string;
  access: AccessService;
  reports: DriverReports;
}) {
  return new CoachingReportService(
    new CoachingReportRepository(deps.db, deps.timezone),
    deps.access,
    deps.reports,
  );
}
