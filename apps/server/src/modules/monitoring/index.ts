// The monitoring module's front door: live monitorings, their tokens, recordings and webhooks.
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { OutboundPolicy } from '../../lib/outbound.js';
import { MonitoringAccess, type AccessService, type FleetAccess } from '../access/index.js';
import type { AssetReads } from '../assets/index.js';
import type { DeviceChannelService } from '../device-channel/index.js';
import type { DriverReads } from '../drivers/index.js';
import { mediaStorage } from '../media/index.js';
import type { OrganisationSettingsService } from '../organisation-settings/index.js';
import type { VideoGatewayService } from '../video-gateway/index.js';
import { MonitoringRepository } from './monitoring.repository.js';
import { MonitoringDevices } from './monitoring-devices.service.js';
import { MonitoringEnd } from './monitoring-end.js';
import { MonitoringJobs } from './monitoring-jobs.service.js';
import { MonitoringRooms } from './monitoring-rooms.js';
import { MonitoringTokens } from './monitoring-tokens.js';
import { MonitoringUsers } from './monitoring-users.service.js';
import { MonitoringViewers } from './monitoring-viewers.service.js';
import { MonitoringService } from './monitoring.service.js';
import { RecordingsRepository } from './recordings.repository.js';
import { WebhookRepository } from './webhook.repository.js';

export {
  deviceMonitoringRoutes,
  monitoringRoutes,
  monitoringViewRoutes,
} from './monitoring.routes.js';
export type { MonitoringJob } from './monitoring-end.js';
export type { MonitoringService } from './monitoring.service.js';
export type { MonitoringJobs } from './monitoring-jobs.service.js';
export { MonitoringTokens } from './monitoring-tokens.js';
export { tokenOpens } from './monitoring-rules.js';

/** A monitoring's end (null while active; undefined when there is none): its token's reach. */
export function monitoringEnds(
  db: Db,
): (id: number) => Promise<{ end_at: Date | null } | undefined> {
  const repository = new MonitoringRepository(db);
  return (id) => repository.endOf(id);
}

export function createMonitoring(deps: {
  db: Db;
  config: Config;
  secret: string;
  assets: AssetReads;
  drivers: DriverReads;
  access: AccessService;
  fleetAccess: FleetAccess;
  deviceChannel: DeviceChannelService;
  organisationSettings: OrganisationSettingsService;
  videoGateway: VideoGatewayService;
  outbound: OutboundPolicy;
  log: FastifyBaseLogger;
}) {
  const { config } = deps;
  const { files, store } = mediaStorage(config);
  const repository = new MonitoringRepository(deps.db);
  const ending = new MonitoringEnd(repository, deps.deviceChannel);
  const rooms = new MonitoringRooms(repository, deps.videoGateway, deps.log);
  const viewers = new MonitoringViewers(
    repository,
    ending,
    new MonitoringAccess(deps.access, deps.fleetAccess),
    new MonitoringTokens(deps.secret),
    deps.deviceChannel,
    deps.videoGateway,
    store,
    config.monitoring,
    deps.log,
  );
  const monitoring = new MonitoringService({
    users: new MonitoringUsers(
      repository,
      viewers,
      deps.assets,
      deps.drivers,
      deps.access,
      deps.fleetAccess,
      deps.deviceChannel,
    ),
    viewers,
    devices: new MonitoringDevices(
      repository,
      ending,
      rooms,
      deps.deviceChannel,
      deps.organisationSettings,
      deps.videoGateway,
    ),
    ending,
  });
  // Issue 17: the module's background work (jobs of the runner), apart from requests and views.
  const monitoringJobs = new MonitoringJobs(
    repository,
    monitoring,
    deps.organisationSettings,
    deps.videoGateway,
    new RecordingsRepository(path.join(config.dataDir, 'tmp')),
    new WebhookRepository(config.monitoring.webhookTimeoutMs, deps.outbound),
    files,
    store,
    config.monitoring,
    deps.log,
  );
  return { monitoring, monitoringJobs };
}
