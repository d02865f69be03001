import { expect, it } from 'vitest';
import { STAT_FIELDS } from './engine.repository.js';

it('pairs every drivingStyleData counter with its rollup column', () => {
  for (const { field, column } of STAT_FIELDS) {
    expect(column.replaceAll('_', ''), field).toBe(field.toLowerCase());
  }
});
