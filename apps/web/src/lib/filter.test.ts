import { describe, expect, it } from 'vitest';
import type { KeyValueStorage } from './session';

// lib/filter.ts creates the browser's store on import; give it a storage first.
const memory = () => {
  const items = new Map<string, string>();
  const storage: KeyValueStorage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
  return { items, storage };
};
(globalThis as { window?: unknown }).window = { localStorage: memory().storage };
const { choosePeriod, createFilterStore, defaultFilter, editTime, filterRange, readFilter } =
  await import('./filter');

// Wednesday 18 March 2026, 15:30 local.
const now = new Date(2026, 2, 18, 15, 30);

describe('the shared filter (spec §3)', () => {
  it('defaults to today from 00:00:01 to 23:59:59, all groups', () => {
    expect(defaultFilter(now)).toEqual({
      period: 'TODAY',
      group: 'ALL',
      from: '2026-03-18T00:00:01',
      until: '2026-03-18T23:59:59',
      trip_day: '2026-03-18',
      update: now.getTime(),
    });
  });

  it.each([
    ['YESTERDAY', '2026-03-17T00:00:01', '2026-03-17T23:59:59'],
    ['THIS_WEEK', '2026-03-16T00:00:01', '2026-03-18T23:59:59'],
    ['LAST_MONTH', '2026-02-01T00:00:01', '2026-02-28T23:59:59'],
  ] as const)('choosing %s recomputes From and Until and updates', (period, from, until) => {
    const before = { ...defaultFilter(now), update: 0 };
    expect(choosePeriod(before, period, now)).toMatchObject({
      period,
      from,
      until,
      update: now.getTime(),
    });
  });

  it('choosing CUSTOM keeps the times and does not update', () => {
    const before = { ...defaultFilter(now), update: 0 };
    expect(choosePeriod(before, 'CUSTOM', now)).toEqual({ ...before, period: 'CUSTOM' });
  });

  it('editing From or Until switches to CUSTOM', () => {
    const edited = editTime(defaultFilter(now), 'from', '2026-03-10T08:00:00');
    expect(edited).toMatchObject({ period: 'CUSTOM', from: '2026-03-10T08:00:00' });
    expect(editTime(defaultFilter(now), 'until', '')).toMatchObject({
      period: 'CUSTOM',
      until: '',
    });
  });

  it('reads From and Until as local dates, null when one is missing', () => {
    expect(filterRange({ from: '2026-03-10T08:00:00', until: '2026-03-11T09:00' })).toEqual({
      from: new Date(2026, 2, 10, 8),
      until: new Date(2026, 2, 11, 9),
    });
    expect(filterRange({ from: '', until: '2026-03-11T09:00' })).toBeNull();
  });
});

describe('persistence', () => {
  it('survives a reload: the store writes, a new store reads', () => {
    const { storage } = memory();
    const store = createFilterStore(storage, now);
    store.set({ ...choosePeriod(store.get(), 'LAST_WEEK', now), group: 7, trip_day: '2026-03-12' });
    expect(createFilterStore(storage, now).get()).toMatchObject({
      period: 'LAST_WEEK',
      group: 7,
      from: '2026-03-09T00:00:01',
      until: '2026-03-15T23:59:59',
    });
  });

  it('starts a new visit on today’s trips, not the day stored by the last one (spec §3)', () => {
    const { storage } = memory();
    createFilterStore(storage, now).set({ ...defaultFilter(now), trip_day: '2026-03-12' });
    const nextDay = new Date(2026, 2, 19, 9);
    expect(createFilterStore(storage, nextDay).get().trip_day).toBe('2026-03-19');
  });

  it('recomputes a preset for the day of the reload, keeps a custom period', () => {
    const { storage } = memory();
    createFilterStore(storage, now).set(defaultFilter(now));
    const nextDay = new Date(2026, 2, 19, 9);
    expect(readFilter(storage, nextDay)).toMatchObject({
      period: 'TODAY',
      from: '2026-03-19T00:00:01',
    });

    const custom = editTime(defaultFilter(now), 'from', '2026-01-02T03:04:05');
    createFilterStore(storage, now).set(custom);
    expect(readFilter(storage, nextDay)).toMatchObject({
      period: 'CUSTOM',
      from: '2026-01-02T03:04:05',
      until: '2026-03-18T23:59:59',
    });
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', '{'],
    ['not an object', '42'],
    ['bad fields', JSON.stringify({ period: 'NEXT_WEEK', group: -1, trip_day: 'soon' })],
    ['a custom period without times', JSON.stringify({ period: 'CUSTOM', from: '', until: 'x' })],
  ])('falls back to the defaults for %s', (_, stored) => {
    const { storage } = memory();
    if (stored !== null) storage.setItem('filter', stored);
    expect(readFilter(storage, now)).toEqual(defaultFilter(now));
  });
});
