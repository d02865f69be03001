import {
  DEFAULT_PAGE_SIZE,
  endpoints,
  type EventRecord,
  type ExportFormat,
  type Location,
} from '@fleet/contract';
import { toLocalIso } from '@/lib/fleet-time';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EntityType } from '@/config/paths';
import { api } from '@/lib/auth';
import { downloadCall, type DownloadProgress } from '@/lib/download';
import { endpointKey } from '@/lib/endpoint-key';
import { datapointsWindow } from '../trips';

/** update: the filter's Update time; in the query keys so that pressing Update asks again. */
type Window = { from: Date | string; until: Date | string; update?: number };
const query = ({ from, until }: Window) => ({ from: toLocalIso(from), until: toLocalIso(until) });

const table = endpoints.vehicleData;

export const getTrips = (assetId: number, window: Window) =>
  api.call(table.assetTrips, { params: { id: assetId }, query: query(window) });

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

function getEventRecords(type: EntityType, id: number, window: Window) {
  const input = { params: { id }, query: query(window) };
  return type === 'ASSET'
    ? api.call(table.assetEvents, input)
    : api.call(table.driverEvents, input);
}

export const getEvents = async (type: EntityType, id: number, window: Window) =>
  eventsOf(await getEventRecords(type, id, window));

/** GET assets|drivers/{id}/heatmap: events of one type counted per grid cell, up to a year. */
export const getHeatmap = (type: EntityType, id: number, eventType: string, window: Window) =>
  api.call(type === 'ASSET' ? table.assetHeatmap : table.driverHeatmap, {
    params: { id },
    query: { ...query(window), eventType },
  });

/**
 * GET assets/{id}/rawdatas: one page of the period's records, newest first, each with its
 * differences (computed by the server, right on any page), and how many the period holds.
 */
export const getRawData = async (assetId: number, window: Window, page: number) => {
  const { items, total } = await api.callPage(table.rawData, {
    params: { id: assetId },
    query: {
      ...query(window),
      limit: DEFAULT_PAGE_SIZE,
      offset: (page - 1) * DEFAULT_PAGE_SIZE,
    },
  });
  return { records: items, total: total ?? items.length };
};

/**
 * Spec §7: the client asks from 1 s earlier until 1 s later; the server takes them as sent. With
 * the events and the media of each point: one call for the trip's map and its events list.
 */
export const getDatapoints = (assetId: number, window: Window) =>
  api.call(table.datapoints, {
    params: { id: assetId },
    query: { ...query(datapointsWindow(window.from, window.until)), events: true, media: true },
  });

const driverLinksOf = (type: EntityType) =>
  type === 'ASSET' ? endpoints.links.driver.ofAsset : endpoints.links.driver.ofTarget;

export const getDriverLinks = (type: EntityType, id: number, window: Window) =>
  api.call(driverLinksOf(type), { params: { id }, query: query(window) });

/** A call's key derived from the table of endpoints; the filter's Update comes last. */
const key = (
  endpoint: Parameters<typeof endpointKey>[0],
  id: number,
  window: Window,
  extra: object = {},
) =>
  endpointKey(endpoint, { params: { id }, query: { ...query(window), ...extra } }, window.update);

export const useTrips = (assetId: number, window: Window, enabled = true) =>
  useQuery({
    queryKey: key(table.assetTrips, assetId, window),
    queryFn: () => getTrips(assetId, window),
    enabled,
  });

export const useEvents = (type: EntityType, id: number, window: Window, enabled = true) =>
  useQuery({
    queryKey: key(type === 'ASSET' ? table.assetEvents : table.driverEvents, id, window),
    queryFn: () => getEvents(type, id, window),
    enabled,
  });

export const useHeatmap = (type: EntityType, id: number, eventType: string, window: Window) =>
  useQuery({
    queryKey: key(type === 'ASSET' ? table.assetHeatmap : table.driverHeatmap, id, window, {
      eventType,
    }),
    queryFn: () => getHeatmap(type, id, eventType, window),
  });

/** One page (from 1) of the raw-data timeline; the page shown stays until the next arrives. */
export const useRawData = (assetId: number, window: Window, page: number) =>
  useQuery({
    queryKey: [...key(table.rawData, assetId, window), page],
    queryFn: () => getRawData(assetId, window, page),
    placeholderData: keepPreviousData,
  });

export const useDatapoints = (assetId: number, window: Window, enabled = true) =>
  useQuery({
    queryKey: key(table.datapoints, assetId, window),
    queryFn: () => getDatapoints(assetId, window),
    enabled,
  });

export const useDriverLinks = (type: EntityType, id: number, window: Window) =>
  useQuery({
    queryKey: key(driverLinksOf(type), id, window),
    queryFn: () => getDriverLinks(type, id, window),
  });

/** Issue 21 §3: an asset's trips or raw data over the window shown (the whole period), as a file. */
export const exportAssetData = (
  kind: 'trips' | 'rawData',
  assetId: number,
  window: Window,
  format: ExportFormat,
  onProgress: DownloadProgress,
) =>
  downloadCall(
    endpoints.exports[kind],
    { params: { id: assetId }, query: { ...query(window), format } },
    { fallbackName: `${kind}.${format}`, onProgress },
  );

/** Issue 21 §3: the events of an asset or of a driver's driving over the window, as a file. */
export const exportEvents = (
  type: EntityType,
  id: number,
  window: Window,
  format: ExportFormat,
  onProgress: DownloadProgress,
) =>
  downloadCall(
    type === 'ASSET' ? endpoints.exports.assetEvents : endpoints.exports.driverEvents,
    { params: { id }, query: { ...query(window), format } },
    { fallbackName: `events.${format}`, onProgress },
  );
