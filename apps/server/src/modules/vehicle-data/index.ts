// The vehicle data module's front door: an asset's trips, positions and events.
import type { Db } from '../../db/database.js';
import type { HeavyWork } from '../../db/heavy-work.js';
import type { AccessService, FleetAccess } from '../access/index.js';
import type { AssetReads } from '../assets/index.js';
import type { ScoreSettingsService } from '../configurations/index.js';
import type { DriverReads } from '../drivers/index.js';
import type { ReportReads } from '../reports/index.js';
import { VehicleDataRepository } from './vehicle-data.repository.js';
import { VehicleDataService } from './vehicle-data.service.js';

export { vehicleDataRoutes } from './vehicle-data.routes.js';
export type { VehicleDataService } from './vehicle-data.service.js';

export function createVehicleData(deps: {
  db: Db;
  reports: ReportReads;
  assets: AssetReads;
  drivers: DriverReads;
  access: AccessService;
  fleetAccess: FleetAccess;
  scoreSettings: ScoreSettingsService;
  heavyWork: HeavyWork;
}) {
  return new VehicleDataService(
    new VehicleDataRepository(deps.db),
    deps.reports,
    deps.assets,
    deps.drivers,
    deps.access,
    deps.fleetAccess,
    deps.scoreSettings,
    deps.heavyWork,
  );
}
