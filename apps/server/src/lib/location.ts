import type { Location } from '@fleet/contract';

/** A location from its two columns: null unless both are set (integer degrees × 100000). */
export const toLocation = (
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): Location | null =>
  latitude === null || latitude === undefined || longitude === null || longitude === undefined
    ? null
    : { latitude, longitude };
