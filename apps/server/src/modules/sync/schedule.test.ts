import { SYNC_MAX_RETRIES } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { afterRun, retryDelaySeconds, triggerOf } from './schedule.js';

const NOW = new Date('2026-11-25T10:00:00Z');
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000).toISOString();
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('retryDelaySeconds', () => {
  it.each([
    [0, 60, 60, undefined],
    [1, 60, 60, 60],
    [2, 60, 60, 120],
    [3, 60, 60, 240],
    [4, 60, 60, 480],
    [5, 60, 60, 960],
    [SYNC_MAX_RETRIES + 1, 60, 60, undefined],
    // never later than the interval
    [5, 60, 5, 300],
    [3, 1, 60, 4],
  ])('after %i failures, base %i s, interval %i min: %s', (failures, base, interval, expected) => {
    expect(retryDelaySeconds(failures, base, interval)).toBe(expected);
  });
});

describe('afterRun', () => {
  it.each([
    [
      'success: the interval',
      { enabled: true, intervalMinutes: 60, failures: 3 },
      false,
      0,
      at(3600),
      null,
    ],
    [
      'success while disabled: no next run',
      { enabled: false, intervalMinutes: 60, failures: 0 },
      false,
      0,
      null,
      null,
    ],
    [
      'first failure: retry after the base',
      { enabled: true, intervalMinutes: 60, failures: 0 },
      true,
      1,
      at(60),
      at(60),
    ],
    [
      'third failure: 4 × the base',
      { enabled: true, intervalMinutes: 60, failures: 2 },
      true,
      3,
      at(240),
      at(240),
    ],
    [
      'out of retries: back to the interval',
      { enabled: true, intervalMinutes: 60, failures: SYNC_MAX_RETRIES },
      true,
      SYNC_MAX_RETRIES + 1,
      at(3600),
      null,
    ],
    [
      'failure while disabled: no retry',
      { enabled: false, intervalMinutes: 60, failures: 0 },
      true,
      1,
      null,
      null,
    ],
  ])('%s', (_, state, failed, failures, nextRunAt, nextRetryAt) => {
    const next = afterRun(state, failed, NOW, 60);
    expect({ ...next, nextRunAt: iso(next.nextRunAt), nextRetryAt: iso(next.nextRetryAt) }).toEqual(
      { failures, nextRunAt, nextRetryAt },
    );
  });
});

describe('triggerOf', () => {
  it.each([
    [true, 0, 'MANUAL'],
    [true, 2, 'MANUAL'],
    [false, 0, 'SCHEDULED'],
    [false, 1, 'RETRY'],
    [false, SYNC_MAX_RETRIES, 'RETRY'],
    [false, SYNC_MAX_RETRIES + 1, 'SCHEDULED'],
  ] as const)('by hand %s, %i failures: %s', (byHand, failures, expected) => {
    expect(triggerOf(byHand, failures)).toBe(expected);
  });
});
