import { Type } from 'typebox';
import { endpoint } from '../endpoint.js';
import { MediaList, MediaQuery } from '../media.js';
import { IdParams } from '../organisations.js';
import {
  Datapoint,
  DatapointQuery,
  EntityDataQuery,
  EventRecord,
  HeatmapCell,
  HeatmapQuery,
  RawData,
  RawDataQuery,
  Trip,
} from '../vehicle-data.js';

/**
 * The entity-data calls of spec §7 (from and optional until): every one takes any window up to
 * 'This year'. Trips, events, raw data, datapoints and media take a page (limit, offset); without
 * one they answer the whole period. X-Total-Count always holds how many the period has.
 */
const tags = ['vehicle data'];
const FAILURES = [400, 401, 403, 404, 429] as const;
const PAGED =
  'Any window up to 366 days. limit and offset ask for one page; without them the whole period (up to 50,000). X-Total-Count holds how many the period has.';

export const assetTrips = endpoint('GET', '/assets/:id/trips', {
  tags,
  summary: 'Trips of an asset overlapping the window, latest first',
  description: PAGED,
  params: IdParams,
  querystring: EntityDataQuery,
  ok: { 200: Type.Array(Trip) },
  errors: FAILURES,
});

export const assetEvents = endpoint('GET', '/assets/:id/events', {
  tags,
  summary: 'Events of an asset, one record per moment, oldest first',
  description: `${PAGED} A page counts moments: the events of one moment stay together.`,
  params: IdParams,
  querystring: EntityDataQuery,
  ok: { 200: Type.Array(EventRecord) },
  errors: FAILURES,
});

export const driverEvents = endpoint('GET', '/drivers/:id/events', {
  tags,
  summary: 'Events while the driver drove, one record per moment, oldest first',
  description: `${PAGED} A page counts moments: the events of one moment stay together.`,
  params: IdParams,
  querystring: EntityDataQuery,
  ok: { 200: Type.Array(EventRecord) },
  errors: FAILURES,
});

export const assetHeatmap = endpoint('GET', '/assets/:id/heatmap', {
  tags,
  summary: 'Events of one type per grid cell, up to a year',
  params: IdParams,
  querystring: HeatmapQuery,
  ok: { 200: Type.Array(HeatmapCell) },
  errors: FAILURES,
});

export const driverHeatmap = endpoint('GET', '/drivers/:id/heatmap', {
  tags,
  summary: 'Events of one type per grid cell while the driver drove, up to a year',
  params: IdParams,
  querystring: HeatmapQuery,
  ok: { 200: Type.Array(HeatmapCell) },
  errors: FAILURES,
});

export const rawData = endpoint('GET', '/assets/:id/rawdatas', {
  tags,
  summary:
    'Raw records as sent, newest first, each with its differences against the record before it, the trip start and the first record of the period (OEM, INTEGRATOR)',
  description: PAGED,
  params: IdParams,
  querystring: RawDataQuery,
  ok: { 200: Type.Array(RawData) },
  errors: FAILURES,
});

export const datapoints = endpoint('GET', '/assets/:id/datapoints', {
  tags,
  summary: 'Positions, oldest first, with events and media when asked',
  description: `${PAGED} A page holds up to 10,000 positions, with the events and media of the stretch of time they cover.`,
  params: IdParams,
  querystring: DatapointQuery,
  ok: { 200: Type.Array(Datapoint) },
  errors: FAILURES,
});

export const assetMedia = endpoint('GET', '/assets/:id/media', {
  tags: ['media'],
  summary: 'Media of an asset in the window, newest first',
  description: PAGED,
  params: IdParams,
  querystring: MediaQuery,
  ok: { 200: MediaList },
  errors: FAILURES,
});

export const driverMedia = endpoint('GET', '/drivers/:id/media', {
  tags: ['media'],
  summary: 'Media made while the driver drove, newest first',
  description: PAGED,
  params: IdParams,
  querystring: MediaQuery,
  ok: { 200: MediaList },
  errors: FAILURES,
});
