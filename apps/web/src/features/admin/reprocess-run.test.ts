import type { ImportProgress } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { runPercent, runVariant, type Run } from './reprocess-run';

const halfway: ImportProgress = {
  status: 'running',
  devices: 2,
  reattributed: 1,
  total: 0,
  remaining: 0,
  processed: 0,
};

describe('runPercent and runVariant', () => {
  it.each<[string, Run, number, 'warning' | 'success' | undefined]>([
    ['idle', { phase: 'idle' }, 0, undefined],
    ['running, no line yet', { phase: 'running', progress: null }, 0, undefined],
    ['running, half re-attributed', { phase: 'running', progress: halfway }, 10, undefined],
    ['finished', { phase: 'finished', result: halfway }, 100, 'success'],
    [
      'cancelled half-way',
      { phase: 'failed', error: null, cancelled: true, progress: halfway },
      10,
      'warning',
    ],
    [
      'failed at once',
      { phase: 'failed', error: null, cancelled: false, progress: null },
      0,
      'warning',
    ],
  ])('%s', (_, run, percent, variant) => {
    expect(runPercent(run)).toBe(percent);
    expect(runVariant(run)).toBe(variant);
  });
});
