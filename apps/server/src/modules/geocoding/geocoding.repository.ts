import type { Db } from '../../db/database.js';

export interface CacheKey {
  provider: string;
  language: string;
  /** integer degrees × 100000, rounded (see GeocodingService) */
  latitude: number;
  longitude: number;
}

/** The geocode_cache table. */
export class GeocodeCacheRepository {
  constructor(private readonly db: Db) {}

  /** The cached answer: undefined when none is cached, null when the provider knew no address. */
  async get(key: CacheKey): Promise<string | null | undefined> {
    const row = await this.db
      .selectFrom('geocode_cache')
      .select('address')
      .where('provider', '=', key.provider)
      .where('language', '=', key.language)
      .where('latitude', '=', key.latitude)
      .where('longitude', '=', key.longitude)
      .executeTakeFirst();
    return row ? row.address : undefined;
  }

  async put(key: CacheKey, address: string | null): Promise<void> {
    await this.db
      .insertInto('geocode_cache')
      .values({ ...key, address })
      .onConflict((oc) =>
        oc.columns(['provider', 'language', 'latitude', 'longitude']).doUpdateSet({ address }),
      )
      .execute();
  }
}
