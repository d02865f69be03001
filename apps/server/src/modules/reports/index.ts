// The reports module's front door.
import type { Db } from '../../db/database.js';
import type { HeavyWork } from '../../db/heavy-work.js';
import type { AccessService } from '../access/index.js';
import type { AssetReads } from '../assets/index.js';
import type { ScoreSettingsService } from '../configurations/index.js';
import type { DriverReads } from '../drivers/index.js';
import type { GroupMembers } from '../groups/index.js';
import { ReportsRepository } from './reports.repository.js';
import { ReportsService } from './reports.service.js';

export { reportRoutes } from './reports.routes.js';
export { ReportCache } from './report-cache.js';
export type { ReportsService } from './reports.service.js';
/** The rounding of statistics and scores the fleet overview shares with the reports. */
export { scoresToThousandths, statsToThousandths } from './report-entry.js';

/** The trip reads vehicle data shares with the reports. */
export type ReportReads = Pick<ReportsRepository, 'on' | 'tripParts'>;
export const reportReads = (db: Db, timezone: string): ReportReads =>
  new ReportsRepository(db, timezone);

export function createReports(deps: {
  db: Db;
  timezone: string;
  assets: AssetReads;
  drivers: DriverReads;
  groups: GroupMembers;
  access: AccessService;
  scoreSettings: ScoreSettingsService;
  heavyWork: HeavyWork;
}) {
  return new ReportsService(
    new ReportsRepository(deps.db, deps.timezone),
    deps.assets,
    deps.drivers,
    deps.groups,
    deps.access,
    deps.scoreSettings,
    deps.heavyWork,
  );
}
