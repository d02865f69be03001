import { describe, expect, it } from 'vitest';
import { reprocessDays } from './reprocess';

const NOW = new Date('2026-03-10T12:00:00Z');
const ZONE = 'Europe/Amsterdam';

describe('reprocessDays', () => {
  it.each([
    // linked now: today only
    ['2026-03-10T12:00:00Z', null, { first: '2026-03-10', last: '2026-03-10' }],
    // linked from a past moment, still open: that day to today
    ['2026-03-07T08:00:00Z', null, { first: '2026-03-07', last: '2026-03-10' }],
    // an ended link: its own days
    ['2026-03-01T08:00:00Z', '2026-03-03T09:00:00Z', { first: '2026-03-01', last: '2026-03-03' }],
    // the fleet's day, not UTC's: 23:30 UTC is the next day in Amsterdam
    ['2026-03-05T23:30:00Z', '2026-03-06T10:00:00Z', { first: '2026-03-06', last: '2026-03-06' }],
    // an end in the future counts to now
    ['2026-03-09T08:00:00Z', '2026-04-01T00:00:00Z', { first: '2026-03-09', last: '2026-03-10' }],
    // wholly in the future: nothing to re-process
    ['2026-03-11T08:00:00Z', null, undefined],
    ['not a time', null, undefined],
  ])('from %s until %s', (from, until, days) => {
    expect(reprocessDays(from, until, NOW, ZONE)).toEqual(days);
  });
});
