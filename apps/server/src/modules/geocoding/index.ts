// The geocoding module's front door: addresses of positions, cached.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { createGeocoder } from './geocoders.repository.js';
import { GeocodeCacheRepository } from './geocoding.repository.js';
import { GeocodingService } from './geocoding.service.js';

export { geocodingRoutes } from './geocoding.routes.js';
export type { GeocodingService } from './geocoding.service.js';
export { GEOCODER_KINDS, type GeocoderConfig, type GeocoderKind } from './geocoders.repository.js';

export function createGeocoding(deps: {
  db: Db;
  config: Config;
  version: string;
  log: FastifyBaseLogger;
}) {
  return new GeocodingService(
    new GeocodeCacheRepository(deps.db),
    createGeocoder({ ...deps.config.geocoder, userAgent: `Fleetwise/${deps.version}` }),
    deps.log,
  );
}
