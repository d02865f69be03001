import { describe, expect, it } from 'vitest';
import { DRIVING_STYLE_COUNTERS } from '@fleet/contract';
import { STAT_COLUMNS, STAT_FIELDS, statsFromRow } from './stat-columns.js';

describe('stat columns', () => {
  it('name each counter of the contract once, in its order', () => {
    expect(STAT_COLUMNS).toHaveLength(DRIVING_STYLE_COUNTERS.length);
    expect(STAT_FIELDS.slice(0, 3)).toEqual([
      { field: 'drivingDistance', column: 'driving_distance' },
      { field: 'drivingTime', column: 'driving_time' },
      { field: 'totalTime', column: 'total_time' },
    ]);
    for (const { field, column } of STAT_FIELDS)
      expect(column).toBe(
        field
          .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
          .replace(/([a-z])([A-Z])/g, '$1_$2')
          .toLowerCase(),
      );
  });

  it.each([
    ['by column', { driving_distance: 1200, stops: 3 }, { drivingDistance: 1200, stops: 3 }],
    ['by field', { drivingDistance: 1200, stops: 3 }, { drivingDistance: 1200, stops: 3 }],
    ['numeric text', { driving_distance: '1200.5' }, { drivingDistance: 1200.5 }],
    ['SQL null', { driving_distance: null }, { drivingDistance: 0 }],
    ['absent', {}, { drivingDistance: 0, fuelUsedPTO: 0 }],
  ])('statsFromRow reads a row %s', (_what, row, expected) => {
    const stats = statsFromRow(row);
    expect(Object.keys(stats)).toEqual([...DRIVING_STYLE_COUNTERS]);
    expect(stats).toMatchObject(expected);
  });
});
