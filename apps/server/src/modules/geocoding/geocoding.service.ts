import type { FastifyBaseLogger } from 'fastify';
import type { GeocodeAnswer, GeocodeQuery } from '@fleet/contract';
import type { GeocodeCacheRepository } from './geocoding.repository.js';
import { OfflineGeocoder, type Geocoder } from './geocoders.repository.js';

/** Coordinates are cached at 0.001° (100 units of degrees × 100000): about 100 m. */
export const CACHE_GRID = 100;
const SCALE = 100_000;

export const cacheCell = (coordinate: number) => Math.round(coordinate / CACHE_GRID) * CACHE_GRID;

/**
 * Reverse geocoding for the portal (spec §7 Other services, §8): cached answers first, then the
 * configured provider. A provider that fails is logged and the offline answer given instead, not
 * cached, so the provider is asked again next time.
 */
export class GeocodingService {
  private readonly offline = new OfflineGeocoder();

  constructor(
    private readonly cache: GeocodeCacheRepository,
    private readonly geocoder: Geocoder,
    private readonly log: FastifyBaseLogger,
  ) {}

  async address({ latitude, longitude, language = 'en' }: GeocodeQuery): Promise<GeocodeAnswer> {
    const key = {
      provider: this.geocoder.name,
      language,
      latitude: cacheCell(latitude),
      longitude: cacheCell(longitude),
    };
    const cached = await this.cache.get(key);
    if (cached !== undefined) return { address: cached };
    // Ask for the middle of the cell: every position in it gets the same answer.
    const lat = key.latitude / SCALE;
    const lon = key.longitude / SCALE;
    try {
      const address = await this.geocoder.reverse(lat, lon, language);
      await this.cache.put(key, address);
      return { address };
    } catch (error) {
      this.log.warn(
        { err: error, provider: this.geocoder.name, latitude: lat, longitude: lon },
        'reverse geocoding failed; answering from the offline list',
      );
      return { address: await this.offline.reverse(lat, lon, language) };
    }
  }
}
