import { DEFAULT_PERIOD, isPeriod, PERIODS, type Period } from '@fleet/contract';
import { formatDate, fromDateTimeLocal, periodRange, toDateTimeLocal } from './fleet-time';
import type { KeyValueStorage } from './session';
import { createStore, useStore, type Store } from './store';

export { PERIODS, type Period };

/** 'ALL' or a group id. */
export type GroupFilter = 'ALL' | number;

/**
 * The filter the dashboards share (spec §3). from and until are datetime-local values
 * ('YYYY-MM-DDTHH:MM:SS', local time), trip_day is 'YYYY-MM-DD', update is when Update was last
 * pressed (ms): screens put it in their query keys, so pressing Update asks again.
 */
export type Filter = {
  period: Period;
  group: GroupFilter;
  from: string;
  until: string;
  trip_day: string;
  update: number;
};

export const FILTER_KEY = 'filter';

/** The defaults of spec §3 and §9: today from 00:00:01 to 23:59:59, all groups. */
export function defaultFilter(now: Date): Filter {
  return {
    ...presetTimes(DEFAULT_PERIOD, now),
    group: 'ALL',
    trip_day: formatDate(now),
    update: now.getTime(),
  };
}

function presetTimes(period: Period, now: Date) {
  const { from, until } = periodRange(period, now);
  return { period, from: toDateTimeLocal(from), until: toDateTimeLocal(until) };
}

/** Choosing a period: a preset recomputes From and Until and counts as an update (spec §4). */
export function choosePeriod(filter: Filter, period: Period, now: Date): Filter {
  if (period === 'CUSTOM') return { ...filter, period };
  return { ...filter, ...presetTimes(period, now), update: now.getTime() };
}

/** Editing From or Until switches to CUSTOM (spec §4). */
export function editTime(filter: Filter, field: 'from' | 'until', value: string): Filter {
  return { ...filter, [field]: value, period: 'CUSTOM' };
}

/** From and Until as dates; null when either is missing or not a time. */
export function filterRange(
  filter: Pick<Filter, 'from' | 'until'>,
): { from: Date; until: Date } | null {
  const from = fromDateTimeLocal(filter.from);
  const until = fromDateTimeLocal(filter.until);
  return from && until ? { from, until } : null;
}

const isGroup = (value: unknown): value is GroupFilter =>
  value === 'ALL' || (typeof value === 'number' && Number.isInteger(value) && value > 0);

/**
 * The stored filter, checked field by field (a bad field takes its default). A preset's From and
 * Until are recomputed for `now`: TODAY chosen yesterday means today after a reload. A custom
 * period keeps its times. The trips day starts at today again.
 */
export function readFilter(storage: KeyValueStorage, now: Date): Filter {
  const fallback = defaultFilter(now);
  let raw: Partial<Record<keyof Filter, unknown>> = {};
  try {
    const parsed: unknown = JSON.parse(storage.getItem(FILTER_KEY) ?? 'null');
    if (parsed && typeof parsed === 'object') raw = parsed;
  } catch {
    // unreadable: the defaults
  }
  const period = isPeriod(raw.period) ? raw.period : fallback.period;
  const custom =
    period === 'CUSTOM' && typeof raw.from === 'string' && typeof raw.until === 'string'
      ? filterRange({ from: raw.from, until: raw.until })
      : null;
  return {
    ...(custom
      ? { period, from: toDateTimeLocal(custom.from), until: toDateTimeLocal(custom.until) }
      : presetTimes(period === 'CUSTOM' ? DEFAULT_PERIOD : period, now)),
    group: isGroup(raw.group) ? raw.group : fallback.group,
    // Spec §3: trip_day is today on a new visit; it is remembered across tabs, not visits.
    trip_day: fallback.trip_day,
    update: fallback.update,
  };
}

/** A store of the filter that writes every change to storage, so it survives reloads. */
export function createFilterStore(storage: KeyValueStorage, now = new Date()): Store<Filter> {
  const store = createStore(readFilter(storage, now));
  return {
    ...store,
    set: (filter) => {
      try {
        storage.setItem(FILTER_KEY, JSON.stringify(filter));
      } catch {
        // storage full or refused: the filter still holds for this page's life
      }
      store.set(filter);
    },
  };
}

// Created on first use rather than on import: by then the fleet's time zone is known (see
// app/query-provider.tsx), and today and the presets are the fleet's.
let shared: Store<Filter> | undefined;
const sharedStore = () => (shared ??= createFilterStore(window.localStorage));
export const filterStore: Store<Filter> = {
  get: () => sharedStore().get(),
  set: (filter) => sharedStore().set(filter),
  subscribe: (listener) => sharedStore().subscribe(listener),
};

export const useFilter = () => useStore(filterStore);

export const setFilter = (change: Partial<Filter>) =>
  filterStore.set({ ...filterStore.get(), ...change });
