// The raw-data module's front door: month partitions of raw records and datapoints, and their retention.
import type { Db } from '../../db/database.js';
import { RawDataRepository } from './raw-data.repository.js';
import { RawDataService } from './raw-data.service.js';

export type { RawDataKept, RawDataService, RawDataRun } from './raw-data.service.js';
export { MONTHS_AHEAD } from './raw-data.service.js';

export function createRawData(deps: { db: Db }) {
  return new RawDataService(new RawDataRepository(deps.db));
}
