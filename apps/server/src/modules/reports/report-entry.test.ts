import { describe, expect, it } from 'vitest';
import { DRIVING_STYLE_COUNTERS, type DrivingStyleData } from '@fleet/contract';
import { STAT_FIELDS } from '../../db/stat-columns.js';
import { deriveStats, emptyStats } from '../drivingstyle/driving-style.js';
import { DEFAULT_SCORE_SETTINGS, score } from '../drivingstyle/scoring.js';
import {
  reportEntry,
  scoresToThousandths,
  statsToThousandths,
  toThousandths,
} from './report-entry.js';
import { statsFromValues } from './reports.repository.js';

/** Statistics whose every field has a value of its own, with float noise. */
const noisy = (): DrivingStyleData =>
  deriveStats({
    ...emptyStats(),
    ...Object.fromEntries(DRIVING_STYLE_COUNTERS.map((key, i) => [key, (i + 1) * 1234.5678901])),
  });

describe('statsFromValues', () => {
  it('reads the sums in the order the query writes them (STAT_FIELDS), after the id', () => {
    const values = [7, ...STAT_FIELDS.map((_, i) => i + 1)];
    const stats = statsFromValues(values);
    for (const [i, { field }] of STAT_FIELDS.entries()) expect(stats[field]).toBe(i + 1);
    expect(Object.keys(stats).sort()).toEqual(Object.keys(emptyStats()).sort());
  });
});

describe('rounding written out per shape', () => {
  it('gives what toThousandths gives, for statistics and for scores', () => {
    const stats = noisy();
    expect(statsToThousandths(stats)).toStrictEqual(toThousandths(stats));
    const scores = score(stats, DEFAULT_SCORE_SETTINGS);
    expect(scoresToThousandths(scores)).toStrictEqual(toThousandths(scores));
  });
});

describe('reportEntry', () => {
  const driven = noisy();
  const parked = { ...emptyStats(), totalTime: 3600 };
  it.each([
    ['driven, both', driven, { stats: true, scores: true }, ['drivingStyleData', 'scoreData']],
    ['driven, statistics only', driven, { stats: true, scores: false }, ['drivingStyleData']],
    ['driven, scores only', driven, { stats: false, scores: true }, ['scoreData']],
    [
      'parked: no score without distance',
      parked,
      { stats: true, scores: true },
      ['drivingStyleData'],
    ],
    ['nothing at all', undefined, { stats: true, scores: true }, ['drivingStyleData']],
  ])('%s', (_what, stats, parts, keys) => {
    const entry = reportEntry(stats, DEFAULT_SCORE_SETTINGS, parts);
    expect(Object.keys(entry)).toEqual(keys);
    if (entry.drivingStyleData)
      expect(entry.drivingStyleData).toStrictEqual(
        toThousandths(deriveStats(stats ?? emptyStats())),
      );
    if (entry.scoreData)
      expect(entry.scoreData).toStrictEqual(toThousandths(score(driven, DEFAULT_SCORE_SETTINGS)));
  });
});
