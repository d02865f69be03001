import { describe, expect, it } from 'vitest';
import { cacheCell } from './geocoding.service.js';
import { describePosition, distanceKm, nearestPlace } from './offline-geocoder.js';
import { PLACES_NL } from './places-nl.js';

describe('offline geocoder', () => {
  it('bundles over 300 places, all inside the Netherlands', () => {
    expect(PLACES_NL.length).toBeGreaterThan(300);
    for (const [name, lat, lon] of PLACES_NL) {
      expect(lat, name).toBeGreaterThan(50.7);
      expect(lat, name).toBeLessThan(53.6);
      expect(lon, name).toBeGreaterThan(3.3);
      expect(lon, name).toBeLessThan(7.3);
    }
  });

  it.each([
    [52.091, 5.121, 'en', 'Utrecht'],
    [52.373, 4.893, 'en', 'Amsterdam'],
    [50.851, 5.691, 'nl', 'Maastricht'],
    [51.887, 4.432, 'en', 'Rotterdam'], // Waalhaven, 5 km from the centre
    [51.99, 4.76, 'en', 'Near Gouda'],
    [51.99, 4.76, 'nl', 'Nabij Gouda'],
    [54.5, 3.0, 'en', null],
    [0, 0, 'en', null],
  ] as const)('%f, %f (%s) → %s', (lat, lon, language, answer) => {
    expect(describePosition(lat, lon, language)).toBe(answer);
  });

  it('measures great-circle distances', () => {
    // Utrecht to Amsterdam is about 35 km as the crow flies.
    expect(distanceKm(52.091, 5.121, 52.373, 4.893)).toBeCloseTo(35, 0);
    expect(nearestPlace(52, 5, [])).toBeNull();
  });

  it.each([
    [5209149, 5209100],
    [5209151, 5209200],
    [-512149, -512100],
    [0, 0],
  ])('caches %i in the cell %i', (coordinate, cell) => {
    expect(cacheCell(coordinate)).toBe(cell);
  });
});
