import type { ZoneShape } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import {
  drawnShape,
  haversineMetres,
  shapeCentre,
  shapeFeature,
  shapeRing,
  shapesBounds,
} from './zone-shape';

const square: ZoneShape = {
  type: 'polygon',
  coordinates: [
    [5, 52],
    [5.01, 52],
    [5.01, 52.01],
    [5, 52.01],
  ],
};
const circle: ZoneShape = { type: 'circle', center: [5, 52], radius: 500 };

describe('zone shapes on the map', () => {
  it.each([
    ['a polygon closes its ring', square, 5],
    ['a circle is a closed ring of 64 points', circle, 65],
  ])('%s', (_, shape, points) => {
    const ring = shapeRing(shape);
    expect(ring).toHaveLength(points);
    expect(ring[0]).toEqual(ring[ring.length - 1]);
  });

  it("a circle's ring lies at its radius", () => {
    for (const point of shapeRing(circle)) {
      expect(haversineMetres(circle.center, point)).toBeCloseTo(500, -0.5);
    }
  });

  it('a polygon already closed stays as it is', () => {
    const ring = shapeRing({ ...square, coordinates: [...square.coordinates, [5, 52]] });
    expect(ring).toHaveLength(5);
  });

  it("the label sits at a circle's centre and at the mean of a polygon's corners", () => {
    expect(shapeCentre(circle)).toEqual([5, 52]);
    const [lon, lat] = shapeCentre(square);
    expect(lon).toBeCloseTo(5.005, 6);
    expect(lat).toBeCloseTo(52.005, 6);
  });

  it('bounds cover every shape; none without shapes', () => {
    expect(shapesBounds([])).toBeNull();
    const [[w, s], [e, n]] = shapesBounds([square, circle])!;
    expect(w).toBeLessThan(5);
    expect(s).toBeLessThan(52);
    expect(e).toBeCloseTo(5.01, 6);
    expect(n).toBeCloseTo(52.01, 6);
  });
});

describe('a drawn feature as a zone shape', () => {
  it('a drawn polygon loses its closing point and keeps six decimals', () => {
    const shape = drawnShape({
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [5.1234567891, 52],
            [5.2, 52],
            [5.2, 52.1],
            [5.1234567891, 52],
          ],
        ],
      },
      properties: { mode: 'polygon' },
    });
    expect(shape).toEqual({
      type: 'polygon',
      coordinates: [
        [5.123457, 52],
        [5.2, 52],
        [5.2, 52.1],
      ],
    });
  });

  it('a circle comes back as the circle it was drawn from', () => {
    const shape = drawnShape(shapeFeature(circle));
    expect(shape?.type).toBe('circle');
    if (shape?.type !== 'circle') return;
    expect(shape.radius).toBe(500);
    expect(haversineMetres(shape.center, circle.center)).toBeLessThan(1);
  });

  it('a circle without its radius property takes the distance of its ring', () => {
    const feature = shapeFeature(circle);
    const shape = drawnShape({ ...feature, properties: { mode: 'circle' } });
    expect(shape?.type === 'circle' && Math.abs(shape.radius - 500)).toBeLessThanOrEqual(1);
  });

  it.each([
    ['nothing', undefined],
    ['a line', { geometry: { type: 'LineString', coordinates: [] }, properties: {} }],
    [
      'two corners',
      {
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [5, 52],
              [5.1, 52],
              [5, 52],
            ],
          ],
        },
        properties: { mode: 'polygon' },
      },
    ],
  ])('%s is no shape', (_, feature) => {
    expect(drawnShape(feature)).toBeNull();
  });
});
