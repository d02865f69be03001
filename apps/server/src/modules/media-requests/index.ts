// The media requests module's front door.
import type { Db } from '../../db/database.js';
import type { FleetAccess } from '../access/index.js';
import type { AssetReads } from '../assets/index.js';
import type { DeviceChannelService } from '../device-channel/index.js';
import type { DriverReads } from '../drivers/index.js';
import { MediaRequestRepository } from './media-requests.repository.js';
import { MediaRequestService } from './media-requests.service.js';

export { mediaRequestRoutes } from './media-requests.routes.js';
export type { MediaRequestService } from './media-requests.service.js';
export { EXPIRED_REASON, NOT_SENT_REASON } from './media-request-rules.js';

export function createMediaRequests(deps: {
  db: Db;
  assets: AssetReads;
  drivers: DriverReads;
  fleetAccess: FleetAccess;
  deviceChannel: DeviceChannelService;
}) {
  return new MediaRequestService(
    new MediaRequestRepository(deps.db),
    deps.assets,
    deps.drivers,
    deps.fleetAccess,
    deps.deviceChannel,
  );
}
