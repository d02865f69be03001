// The engine's front door: ingestion, the queue of asset-days and the pure processDay.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { EngineRepository } from './engine.repository.js';
import { EngineService } from './engine.service.js';
import { IngestRepository } from './ingest.repository.js';
import { IngestService } from './ingest.service.js';

export { ROLLUP_EXTEND_SECONDS, type EngineService } from './engine.service.js';
export type { IngestService } from './ingest.service.js';
export { processDay, UNKNOWN_DRIVER } from './process-day.js';

export function createEngine(deps: { db: Db; timezone: string; log: FastifyBaseLogger }) {
  return {
    engine: new EngineService(new EngineRepository(deps.db, deps.timezone), deps.log),
    ingest: new IngestService(new IngestRepository(deps.db, deps.timezone)),
  };
}
