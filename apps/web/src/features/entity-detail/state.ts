import type { EventType } from '@fleet/contract';
import { dayBounds, formatDate } from '@/lib/fleet-time';
import { useMemo } from 'react';
import { defaultFilter, filterRange, setFilter, useFilter } from '@/lib/filter';
import { createStore } from '@/lib/store';

/** The shared filter's period (spec §3): the tabs that carry the period filter read it. */
export type EntityPeriod = { from: Date; until: Date; update: number };

export function useEntityPeriod(): EntityPeriod {
  const filter = useFilter();
  return useMemo(() => {
    const range = filterRange(filter) ?? filterRange(defaultFilter(new Date()))!;
    return { ...range, update: filter.update };
  }, [filter]);
}

/** The Trips tab's day: the shared filter's trip_day, so it is remembered across tabs. */
export const useTripDay = () => useFilter().trip_day;
export const setTripDay = (trip_day: string) => setFilter({ trip_day });

/** The day's window for the API: 00:00:00 to 23:59:59 in the fleet's zone (today if no day). */
export const dayWindow = (day: string): { from: Date; until: Date } =>
  dayBounds(day) ?? dayBounds(formatDate(new Date()))!;

/** The heatmap's event types (spec §2), in the order of the radio. */
export const HEATMAP_EVENT_TYPES = [
  'HARSH_ACCELERATION',
  'HARSH_BRAKE',
  'OVER_SPEED_START',
  'OVER_SPEED_STOP',
  'OVER_RPM_START',
  'OVER_RPM_STOP',
  'IDLE_START',
] as const satisfies readonly EventType[];
export type HeatmapEventType = (typeof HEATMAP_EVENT_TYPES)[number];

/** Spec §3 Heatmap state, remembered in local storage. */
const HEATMAP_KEY = 'heatmap';
export const DEFAULT_HEATMAP_EVENT_TYPE: HeatmapEventType = 'HARSH_ACCELERATION';

function readHeatmapEventType(): HeatmapEventType {
  try {
    const stored = JSON.parse(localStorage.getItem(HEATMAP_KEY) ?? 'null') as {
      eventType?: unknown;
    } | null;
    const value = stored?.eventType;
    return (HEATMAP_EVENT_TYPES as readonly unknown[]).includes(value)
      ? (value as HeatmapEventType)
      : DEFAULT_HEATMAP_EVENT_TYPE;
  } catch {
    return DEFAULT_HEATMAP_EVENT_TYPE;
  }
}

export const heatmapStore = createStore<HeatmapEventType>(readHeatmapEventType());
heatmapStore.subscribe(() =>
  localStorage.setItem(HEATMAP_KEY, JSON.stringify({ eventType: heatmapStore.get() })),
);
