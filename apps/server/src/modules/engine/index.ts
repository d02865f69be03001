// The engine's front door: ingestion, the queue of asset-days and the pure processDay.
import type { FastifyBaseLogger } from 'fastify';
import { connectionSettings, type Db } from '../../db/database.js';
import { EngineRepository } from './engine.repository.js';
import { EngineService } from './engine.service.js';
import { EngineThread } from './engine-thread.js';
import { IngestRepository } from './ingest.repository.js';
import { IngestService, type IngestLimits } from './ingest.service.js';
import { StepTimer } from './step-timer.js';

export { ROLLUP_EXTEND_SECONDS, type EngineService } from './engine.service.js';
export type { IngestService } from './ingest.service.js';

/** The engine's workers, in the server's thread or their own: started and stopped as one. */
export type EngineWorkers = Pick<EngineService, 'start' | 'stop'>;
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
  /**
   * issue 18: the workers in a thread of their own (ENGINE_THREAD) with a pool of this many
   * connections; absent: in this thread, on engineDb
   */
  thread?: { connections: number };
}) {
  const engineDb = deps.engineDb ?? deps.db;
  const ingestDb = deps.ingestDb ?? deps.db;
  // The thread keeps the step timings when it runs the workers: one writer of the file.
  const timer = new StepTimer(deps.thread ? undefined : deps.profileFile);
  const engine = new EngineService(new EngineRepository(engineDb, deps.timezone, timer), deps.log);
  const thread =
    deps.thread &&
    new EngineThread(
      {
        ...connectionSettings(engineDb),
        connections: deps.thread.connections,
        timezone: deps.timezone,
        profileFile: deps.profileFile,
      },
      deps.log,
    );
  return {
    engine,
    /** where the engine's workers run: started and stopped with the background work */
    engineWorkers: thread ?? engine,
    ingest: new IngestService(
      new IngestRepository(ingestDb, deps.timezone),
      Date.now,
      deps.ingestLimits,
      deps.positionsMoved,
    ),
  };
}
