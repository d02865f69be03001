import { Type, type TObject, type TProperties } from 'typebox';
import { Binary, endpoint } from '../endpoint.js';
import {
  AssetListQuery,
  DeviceListQuery,
  DriverListQuery,
  GroupListQuery,
  UserListQuery,
} from '../management.js';
import { EXPORT_FORMATS, ExportFormatQuery, FleetExportQuery, PdfExportQuery } from '../exports.js';
import { IdParams } from '../organisations.js';
import { EntityDataQuery } from '../vehicle-data.js';
import { ReportBody } from '../reports.js';
import { MonitoringQuery } from '../monitoring.js';
import { CoachingReportQuery } from '../safety-coaching.js';
import { ZoneVisitQuery } from '../zones.js';

/**
 * Exports (issue 21 §3, docs/exports.md): what a list or report screen shows, as CSV or Excel.
 * Each export answers the rows of the screen's own call, with the same access checks; at most
 * two exports of one user run at once (429 beyond).
 */
const tags = ['exports'];
const FAILURES = [400, 401, 403, 404, 429] as const;
const description =
  'CSV (UTF-8 with BOM, RFC 4180, formula-like texts defused with a leading apostrophe) or .xlsx (typed cells, times in the fleet time zone, units in the headers), streamed; Content-Disposition names the file. At most two exports per user at once: 429 with Retry-After beyond.';

/** A list's query without its page (an export holds every matching row) and with the format. */
function listExportQuery<P extends TProperties>(query: TObject<P>) {
  const { limit: _limit, offset: _offset, ...rest } = query.properties;
  return Type.Object(
    { ...(rest as Omit<P, 'limit' | 'offset'>), format: Type.Enum(EXPORT_FORMATS) },
    { additionalProperties: false },
  );
}

/** POST organisations/{id}/exports/rankings/{kind}: the rankings of the driving-style screen. */
export const rankings = endpoint('POST', '/organisations/:id/exports/rankings/:kind', {
  tags,
  summary:
    'Driving-style rankings as CSV or Excel: every asset or driver of the report body, with distance, score and both ranks',
  description,
  params: Type.Object(
    { ...IdParams.properties, kind: Type.Enum(['assets', 'drivers'] as const) },
    { additionalProperties: false },
  ),
  querystring: ExportFormatQuery,
  body: ReportBody,
  ok: { 200: Binary },
  errors: FAILURES,
});

/** GET organisations/{id}/exports/fleet: the fleet overview list. */
export const fleet = endpoint('GET', '/organisations/:id/exports/fleet', {
  tags,
  summary:
    'The fleet overview as CSV or Excel: its cards (every asset with a device now), newest data first',
  description,
  params: IdParams,
  querystring: FleetExportQuery,
  ok: { 200: Binary },
  errors: FAILURES,
});

const list = <const R extends string, Q extends TObject>(resource: R, query: Q, what: string) =>
  endpoint('GET', `/organisations/:id/exports/${resource}`, {
    tags,
    summary: `The ${what} list as CSV or Excel: every row matching its search, filter and sort`,
    description,
    params: IdParams,
    querystring: listExportQuery(query),
    ok: { 200: Binary },
    errors: FAILURES,
  });

export const assets = list('assets', AssetListQuery, 'assets');
export const drivers = list('drivers', DriverListQuery, 'drivers');
export const devices = list('devices', DeviceListQuery, 'devices');
export const groups = list('groups', GroupListQuery, 'groups');
export const users = list('users', UserListQuery, 'users');

/** An asset's data over a window, as its tab shows it: the whole period (no page), and the format. */
const entityData = <const R extends string>(resource: R, what: string) =>
  endpoint('GET', `/assets/:id/exports/${resource}`, {
    tags,
    summary: `An asset's ${what} over the window as CSV or Excel: every one of the period`,
    description,
    params: IdParams,
    querystring: listExportQuery(EntityDataQuery),
    ok: { 200: Binary },
    errors: FAILURES,
  });

export const trips = entityData('trips', 'trips');
export const rawData = entityData('rawdatas', 'raw data');
export const media = entityData('media', 'media list');

// ── The calendar, events, zone report, monitoring history and coaching report ──

/** POST organisations/{id}/exports/calendar/{kind}: one asset's or driver's calendar tab. */
export const calendar = endpoint('POST', '/organisations/:id/exports/calendar/:kind', {
  tags,
  summary:
    "An asset's or driver's calendar as CSV or Excel: a row per interval of the report body (the tab's), with distance and score; the body's ids name the one asset or driver",
  description,
  params: Type.Object(
    { ...IdParams.properties, kind: Type.Enum(['assets', 'drivers'] as const) },
    { additionalProperties: false },
  ),
  querystring: ExportFormatQuery,
  body: ReportBody,
  ok: { 200: Binary },
  errors: FAILURES,
});

export const assetEvents = entityData('events', 'events');
export const driverEvents = endpoint('GET', '/drivers/:id/exports/events', {
  tags,
  summary: 'The events while a driver drove, over the window, as CSV or Excel: every one',
  description,
  params: IdParams,
  querystring: listExportQuery(EntityDataQuery),
  ok: { 200: Binary },
  errors: FAILURES,
});

/** GET organisations/{id}/exports/zone-visits: the zone report. */
export const zoneVisits = endpoint('GET', '/organisations/:id/exports/zone-visits', {
  tags,
  summary:
    'The zone report as CSV or Excel: every visit of the period (its zone and group), latest first',
  description,
  params: IdParams,
  querystring: listExportQuery(ZoneVisitQuery),
  ok: { 200: Binary },
  errors: FAILURES,
});

const monitorings = (entity: 'assets' | 'drivers') =>
  endpoint('GET', `/${entity}/:id/exports/monitorings`, {
    tags,
    summary: `The monitoring history of ${entity === 'assets' ? 'an asset' : 'a driver'} as CSV or Excel, newest first; never a monitoring's access token`,
    description,
    params: IdParams,
    querystring: listExportQuery(MonitoringQuery),
    ok: { 200: Binary },
    errors: FAILURES,
  });
export const assetMonitorings = monitorings('assets');
export const driverMonitorings = monitorings('drivers');

/** GET organisations/{id}/exports/coaching-report: the coaching report's cases by event type. */
export const coachingReport = endpoint('GET', '/organisations/:id/exports/coaching-report', {
  tags,
  summary:
    "The coaching report as CSV or Excel: the period's cases per event type and status, and their total",
  description,
  params: IdParams,
  querystring: listExportQuery(CoachingReportQuery),
  ok: { 200: Binary },
  errors: FAILURES,
});

const PDF =
  'A printable A4 PDF (application/pdf) in the language asked (en, nl), times in the fleet time zone; Content-Disposition names the file. Counts towards the same bound as the other exports: 429 with Retry-After beyond two at once.';

/** POST organisations/{id}/exports/rankings/{kind}/pdf: the driving-style report as a PDF. */
export const rankingsPdf = endpoint('POST', '/organisations/:id/exports/rankings/:kind/pdf', {
  tags,
  summary:
    'The driving-style report as a PDF: header, the score distribution chart and the ranking table of the report body (the rankings export’s order)',
  description: PDF,
  params: rankings.schema.params,
  querystring: PdfExportQuery,
  body: ReportBody,
  ok: { 200: Binary },
  errors: FAILURES,
});

/** GET assets/{id}/exports/trips/{tripId}/pdf: one trip as a PDF. */
export const tripPdf = endpoint('GET', '/assets/:id/exports/trips/:tripId/pdf', {
  tags,
  summary:
    'One trip of the asset as a PDF: summary, the route on a map with its events, speed over time and the events table',
  description: PDF,
  params: Type.Object(
    { ...IdParams.properties, tripId: IdParams.properties.id },
    { additionalProperties: false },
  ),
  querystring: PdfExportQuery,
  ok: { 200: Binary },
  errors: FAILURES,
});
