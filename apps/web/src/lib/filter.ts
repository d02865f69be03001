import { createStore, useStore } from './store';

export const PERIODS = [
  'TODAY',
  'YESTERDAY',
  'THIS_WEEK',
  'THIS_MONTH',
  'LAST_WEEK',
  'LAST_MONTH',
  'THIS_YEAR',
  'CUSTOM',
] as const;
export type Period = (typeof PERIODS)[number];

/** 'ALL' or a group id. */
export type GroupFilter = 'ALL' | number;

/** The filter the dashboards share (spec §3); the period filter component fills in the rest. */
export type Filter = { period: Period; group: GroupFilter };

export const filterStore = createStore<Filter>({ period: 'TODAY', group: 'ALL' });

export const useFilter = () => useStore(filterStore);

export const setFilter = (change: Partial<Filter>) =>
  filterStore.set({ ...filterStore.get(), ...change });
