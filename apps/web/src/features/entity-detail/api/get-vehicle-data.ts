import {
  MAX_PAGE_SIZE,
  type Datapoint,
  type DriverLink,
  type EventRecord,
  type HeatmapCell,
  type Location,
  type RawData,
  type Trip,
} from '@fleet/contract';
import { toLocalIso } from '@/lib/fleet-time';
import { useQuery } from '@tanstack/react-query';
import type { EntityType } from '@/config/paths';
import { api } from '@/lib/auth';
import { datapointsWindow } from '../trips';

/** update: the filter's Update time; in the query keys so that pressing Update asks again. */
type Window = { from: Date | string; until: Date | string; update?: number };
const query = ({ from, until }: Window) => ({ from: toLocalIso(from), until: toLocalIso(until) });

export const getTrips = (assetId: number, window: Window) =>
  api.get<Trip[]>(`assets/${assetId}/trips`, { query: query(window) });

/** One event of an event record, with the record's time and place: what the lists and maps show. */
export type VehicleEvent = {
  timestamp: string;
  eventType: string;
  location: Location | null;
  assetId: number;
  driverId: number | null;
};

/** Event records (spec §3: one per moment, its events together) → one entry per event. */
export const eventsOf = (records: EventRecord[]): VehicleEvent[] =>
  records.flatMap(({ events, ...record }) =>
    events.map(({ eventType }) => ({ ...record, eventType })),
  );

export const getEvents = async (type: EntityType, id: number, window: Window) =>
  eventsOf(
    await api.get<EventRecord[]>(`${type === 'ASSET' ? 'assets' : 'drivers'}/${id}/events`, {
      query: query(window),
    }),
  );

/** GET assets|drivers/{id}/heatmap: events of one type counted per grid cell, up to a year. */
export const getHeatmap = (type: EntityType, id: number, eventType: string, window: Window) =>
  api.get<HeatmapCell[]>(`${type === 'ASSET' ? 'assets' : 'drivers'}/${id}/heatmap`, {
    query: { ...query(window), eventType },
  });

/**
 * GET assets/{id}/rawdatas: a page of the records, newest first (the server says how many the
 * window holds in X-Total-Count). Without a page, the newest MAX_PAGE_SIZE.
 */
export const getRawData = (
  assetId: number,
  window: Window,
  page: { limit: number; offset: number } = { limit: MAX_PAGE_SIZE, offset: 0 },
) => api.get<RawData[]>(`assets/${assetId}/rawdatas`, { query: { ...query(window), ...page } });

/**
 * Spec §7: the client asks from 1 s earlier until 1 s later; the server takes them as sent. With
 * the events and the media of each point: one call for the trip's map and its events list.
 */
export const getDatapoints = (assetId: number, window: Window) =>
  api.get<Datapoint[]>(`assets/${assetId}/datapoints`, {
    query: { ...query(datapointsWindow(window.from, window.until)), events: true, media: true },
  });

export const getDriverLinks = (type: EntityType, id: number, window: Window) =>
  api.get<DriverLink[]>(`${type === 'ASSET' ? 'assets' : 'drivers'}/${id}/driverlinks`, {
    query: query(window),
  });

const key = (window: Window) => [toLocalIso(window.from), toLocalIso(window.until), window.update];

export const useTrips = (assetId: number, window: Window, enabled = true) =>
  useQuery({
    queryKey: ['trips', assetId, ...key(window)],
    queryFn: () => getTrips(assetId, window),
    enabled,
  });

export const useEvents = (type: EntityType, id: number, window: Window, enabled = true) =>
  useQuery({
    queryKey: ['events', type, id, ...key(window)],
    queryFn: () => getEvents(type, id, window),
    enabled,
  });

export const useHeatmap = (type: EntityType, id: number, eventType: string, window: Window) =>
  useQuery({
    queryKey: ['heatmap', type, id, eventType, ...key(window)],
    queryFn: () => getHeatmap(type, id, eventType, window),
  });

export const useRawData = (assetId: number, window: Window) =>
  useQuery({
    queryKey: ['rawdatas', assetId, ...key(window)],
    queryFn: () => getRawData(assetId, window),
  });

export const useDatapoints = (assetId: number, window: Window, enabled = true) =>
  useQuery({
    queryKey: ['datapoints', assetId, ...key(window)],
    queryFn: () => getDatapoints(assetId, window),
    enabled,
  });

export const useDriverLinks = (type: EntityType, id: number, window: Window) =>
  useQuery({
    queryKey: ['driverlinks', type, id, ...key(window)],
    queryFn: () => getDriverLinks(type, id, window),
  });
