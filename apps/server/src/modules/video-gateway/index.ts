// The video gateway's front door: the Janus process and the /janus proxy.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { VideoGatewayService } from './video-gateway.service.js';

export { janusProxyRoutes, type JanusProxyOptions } from './janus-proxy.routes.js';
export type { VideoGatewayService } from './video-gateway.service.js';
export { findJanus } from './janus-process.repository.js';
export { firstStun, janusConfigFiles } from './janus-config.js';

export function createVideoGateway(deps: { config: Config; log: FastifyBaseLogger }) {
  return new VideoGatewayService(deps.config.videoGateway, deps.config.dataDir, deps.log);
}
