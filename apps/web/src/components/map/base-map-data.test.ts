import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { baseMapData } from './base-map-data';
import { baseMapStyle, BASE_LAYERS } from './base-map';

const world = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('world-atlas/countries-50m.json'), 'utf8'),
) as Parameters<typeof baseMapData>[0];
const data = baseMapData(world);

/** Ray casting over one ring. */
function inRing([x, y]: Position, ring: Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi! > y! !== yj! > y! && x! < ((xj! - xi!) * (y! - yi!)) / (yj! - yi!) + xi!)
      inside = !inside;
  }
  return inside;
}

/** Whether the base map draws land at the point (in a polygon's outer ring, outside its holes). */
function onLand(point: Position): boolean {
  return data.land.features.some((feature) => {
    const geometry = feature.geometry;
    const polygons =
      geometry.type === 'MultiPolygon'
        ? geometry.coordinates
        : geometry.type === 'Polygon'
          ? [geometry.coordinates]
          : [];
    return polygons.some(
      ([outer, ...holes]) => inRing(point, outer!) && !holes.some((hole) => inRing(point, hole)),
    );
  });
}

describe('the built-in base map (Natural Earth 1:50m)', () => {
  it.each<[string, [number, number], boolean]>([
    ['Utrecht', [5.12, 52.09], true],
    ['the trips map start (spec §9)', [4.9, 51.84], true],
    ['Amsterdam', [4.9, 52.37], true],
    ['the North Sea off IJmuiden', [4.0, 52.6], false],
    ['the Wadden Sea north of Harlingen', [5.2, 53.25], false],
    ['Madrid', [-3.7, 40.42], true],
    ['the Atlantic', [-30, 40], false],
  ])('%s is %s land', (_, point, land) => expect(onLand(point)).toBe(land));

  it('draws borders between countries, not along the coast', () => {
    const [borders] = data.borders.features;
    expect(borders?.geometry.type).toBe('MultiLineString');
    const lines = borders!.geometry.type === 'MultiLineString' ? borders!.geometry.coordinates : [];
    // Where borders cross 52° N between the North Sea and Poland: the Dutch-German one near
    // Winterswijk (6.8° E), no coast (the Dutch coast is at 4.3° E there).
    const crossings = lines.flatMap((line) =>
      line.flatMap(([x, y], i) => {
        const next = line[i + 1];
        return next && (y! - 52) * (next[1]! - 52) <= 0 && x! > 3 && x! < 14 ? [x!] : [];
      }),
    );
    expect(crossings.some((x) => x > 6.6 && x < 7.1)).toBe(true);
    expect(crossings.some((x) => x < 5)).toBe(false);
  });

  it('is a style of fill and line layers over the sea, with no glyphs or sprites', () => {
    const style = baseMapStyle(data);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(BASE_LAYERS.map((layer) => layer.type)).toEqual(['background', 'fill', 'line', 'line']);
    expect(Object.keys(style.sources)).toEqual(['base-map-land', 'base-map-borders']);
  });
});
