import {
  type Datapoint,
  type DriverLink,
  type RawData,
  type Trip,
  type VehicleEvent,
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

export const getEvents = (type: EntityType, id: number, window: Window) =>
  api.get<VehicleEvent[]>(`${type === 'ASSET' ? 'assets' : 'drivers'}/${id}/events`, {
    query: query(window),
  });

export const getRawData = (assetId: number, window: Window) =>
  api.get<RawData[]>(`assets/${assetId}/rawdatas`, { query: query(window) });

/** Spec §7: the client asks from 1 s earlier until 1 s later; the server takes them as sent. */
export const getDatapoints = (assetId: number, window: Window) =>
  api.get<Datapoint[]>(`assets/${assetId}/datapoints`, {
    query: { ...query(datapointsWindow(window.from, window.until)), events: true },
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

export const useRawData = (assetId: number, window: Window) =>
  useQuery({
    queryKey: ['rawdatas', assetId, ...key(window)],
    queryFn: () => getRawData(assetId, window),
  });

export const useDatapoints = (assetId: number, window: Window) =>
  useQuery({
    queryKey: ['datapoints', assetId, ...key(window)],
    queryFn: () => getDatapoints(assetId, window),
  });

export const useDriverLinks = (type: EntityType, id: number, window: Window) =>
  useQuery({
    queryKey: ['driverlinks', type, id, ...key(window)],
    queryFn: () => getDriverLinks(type, id, window),
  });
