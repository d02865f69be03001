import { describe, expect, it } from 'vitest';
import { checkPeriod, yesterday } from './period';

const AMS = 'Europe/Amsterdam';

describe('yesterday', () => {
  it.each([
    ['2026-11-24T10:00:00Z', { from: '2026-11-23T00:00:00', until: '2026-11-24T00:00:00' }],
    // just after midnight in Amsterdam, still the day before in UTC
    ['2026-11-23T23:30:00Z', { from: '2026-11-23T00:00:00', until: '2026-11-24T00:00:00' }],
    ['2026-03-01T12:00:00Z', { from: '2026-02-28T00:00:00', until: '2026-03-01T00:00:00' }],
  ])('at %s is %j', (now, expected) => {
    expect(yesterday(new Date(now), AMS)).toEqual(expected);
  });
});

describe('checkPeriod', () => {
  it.each([
    [
      { from: '2026-11-23T00:00:00', until: '2026-11-24T00:00:00' },
      {
        ok: true,
        window: { from: '2026-11-23T00:00:00+01:00', until: '2026-11-24T00:00:00+01:00' },
      },
    ],
    // summer time: the offset of each moment
    [
      { from: '2026-03-28T12:00', until: '2026-03-29T12:00' },
      {
        ok: true,
        window: { from: '2026-03-28T12:00:00+01:00', until: '2026-03-29T12:00:00+02:00' },
      },
    ],
    [
      { from: '', until: '2026-11-24T00:00:00' },
      { ok: false, from: 'required', until: undefined },
    ],
    [
      { from: '2026-11-23T00:00', until: 'soon' },
      { ok: false, from: undefined, until: 'required' },
    ],
    [
      { from: '2026-11-24T00:00', until: '2026-11-24T00:00' },
      { ok: false, until: 'fromAfterUntil' },
    ],
    [
      { from: '2026-11-25T00:00', until: '2026-11-24T00:00' },
      { ok: false, until: 'fromAfterUntil' },
    ],
  ])('%j → %j', (draft, expected) => {
    expect(checkPeriod(draft, AMS)).toEqual(expected);
  });
});
