// The push channel's front door (issue 19 §3): GET /api/events, fed by the database's NOTIFY.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { AccessService } from '../access/index.js';
import { EventsService } from './events.service.js';
import type { PushLimits } from './push-hub.js';

export { eventRoutes } from './events.routes.js';
export { AssetAnnouncer } from './asset-announcer.js';
export type { EventsService } from './events.service.js';

export function createEvents(deps: {
  db: Db;
  access: AccessService;
  log: FastifyBaseLogger;
  limits?: PushLimits;
}) {
  return new EventsService(deps.db, deps.access, deps.log, deps.limits);
}
