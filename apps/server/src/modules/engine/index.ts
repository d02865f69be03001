// The engine's front door: ingestion, the queue of asset-days and the pure processDay.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { EngineRepository } from './engine.repository.js';
import { EngineService } from './engine.service.js';
import { IngestRepository } from './ingest.repository.js';
import { IngestService, type IngestLimits } from './ingest.service.js';
import { StepTimer } from './step-timer.js';

export { ROLLUP_EXTEND_SECONDS, type EngineService } from './engine.service.js';
export type { IngestService } from './ingest.service.js';
export { dismissedKey, processDay, UNKNOWN_DRIVER } from './process-day.js';

export function createEngine(deps: {
  db: Db;
  timezone: string;
  log: FastifyBaseLogger;
  /** issue 18: ENGINE_PROFILE, the step timings' file */
  profileFile?: string;
  /** issue 18 §3: the engine's and ingestion's own pools (default: db's), ingestion's limits */
  engineDb?: Db;
  ingestDb?: Db;
  ingestLimits?: IngestLimits;
  /** the assets whose latest position a device batch moved */
  positionsMoved?: (assetIds: number[]) => void;
}) {
  const timer = new StepTimer(deps.profileFile);
  const engineDb = deps.engineDb ?? deps.db;
  const ingestDb = deps.ingestDb ?? deps.db;
  return {
    engine: new EngineService(new EngineRepository(engineDb, deps.timezone, timer), deps.log),
    ingest: new IngestService(
      new IngestRepository(ingestDb, deps.timezone),
      Date.now,
      deps.ingestLimits,
      deps.positionsMoved,
    ),
  };
}
