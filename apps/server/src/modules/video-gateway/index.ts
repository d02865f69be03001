// The video gateway's front door: the Janus process and the /janus proxy.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { JanusSessionsRepository } from './janus-sessions.repository.js';
import { VideoGatewayService } from './video-gateway.service.js';

export { janusProxyRoutes, type JanusProxyOptions } from './janus-proxy.routes.js';
export type { SharedJanus, VideoGatewayService } from './video-gateway.service.js';
export { findJanus } from './janus-process.repository.js';
export { firstStun, janusConfigFiles } from './janus-config.js';

export function createVideoGateway(deps: { config: Config; log: FastifyBaseLogger }) {
  return new VideoGatewayService(deps.config.videoGateway, deps.config.dataDir, deps.log);
}

/** Who made each Janus session through the proxy, in the database (several processes share it). */
export const createJanusSessions = (db: Db) => new JanusSessionsRepository(db);
