import type { GeocodeLanguage } from './geocoders.repository.js';
import { PLACES_NL, type PlaceRow } from './places-nl.js';

/** Within this distance the answer is the place itself. */
export const IN_PLACE_KM = 2;
/** Beyond this distance from every known place the answer is null: 'Near' would mislead. */
export const MAX_NEAR_KM = 40;

const NEAR: Record<GeocodeLanguage, (place: string) => string> = {
  en: (place) => `Near ${place}`,
  nl: (place) => `Nabij ${place}`,
};

const EARTH_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The nearest place and its distance; null for an empty list. */
export function nearestPlace(
  latitude: number,
  longitude: number,
  places: readonly PlaceRow[] = PLACES_NL,
): { name: string; km: number } | null {
  let best: { name: string; km: number } | null = null;
  for (const [name, lat, lon] of places) {
    const km = distanceKm(latitude, longitude, lat, lon);
    if (!best || km < best.km) best = { name, km };
  }
  return best;
}

/**
 * The offline answer for decimal degrees: the place name within IN_PLACE_KM, 'Near <place>' up to
 * MAX_NEAR_KM, otherwise null.
 */
export function describePosition(
  latitude: number,
  longitude: number,
  language: GeocodeLanguage = 'en',
  places: readonly PlaceRow[] = PLACES_NL,
): string | null {
  const nearest = nearestPlace(latitude, longitude, places);
  if (!nearest || nearest.km > MAX_NEAR_KM) return null;
  return nearest.km <= IN_PLACE_KM ? nearest.name : NEAR[language](nearest.name);
}
