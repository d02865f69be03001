import {
  byEnteredDesc,
  ErrorCode,
  type CoachingReportQuery,
  type MonitoringQuery,
  type ZoneVisitQuery,
  type AccessTokenClaims,
  type AssetListQuery,
  type DeviceListQuery,
  type DriverListQuery,
  type EntityDataQuery,
  type ExportFormat,
  type GroupListQuery,
  type Report,
  type ReportBody,
  type UserListQuery,
} from '@fleet/contract';
import { badRequest, HttpError } from '../../lib/http-error.js';
import { ConcurrencyLimits } from '../../lib/limits.js';
import type { Page } from '../../lib/page.js';
import { fileNamePart, type Column, type Table } from '../../lib/table-export.js';
import type { AssetService } from '../assets/index.js';
import type { DeviceService } from '../devices/index.js';
import type { DriverService } from '../drivers/index.js';
import type { FleetService } from '../fleet/index.js';
import type { GroupService } from '../groups/index.js';
import type { ReportsService } from '../reports/index.js';
import type { MediaService } from '../media/index.js';
import type { UserService } from '../users/index.js';
import type { VehicleDataService } from '../vehicle-data/index.js';
import { PdfExports } from './pdf/pdf-exports.js';
import type { PdfLanguage } from './pdf/pdf-texts.js';
import type { MonitoringService } from '../monitoring/index.js';
import type { CoachingReportService } from '../safety/index.js';
import type { ZonesService } from '../zones/index.js';
import {
  assetColumns,
  deviceColumns,
  driverColumns,
  fleetColumns,
  groupColumns,
  mediaColumns,
  rankingColumns,
  rawDataColumns,
  tripColumns,
  rankingRows,
  userColumns,
  calendarColumns,
  calendarRows,
  coachingColumns,
  coachingRows,
  eventColumns,
  eventRows,
  monitoringColumns,
  zoneVisitColumns,
} from './export-tables.js';

/** At most this many exports of one user run at once (issue 21 §3); 429 beyond. */
export const EXPORTS_PER_USER = 2;
/** …and of one organisation (the caller's). */
export const EXPORTS_PER_ORGANISATION = 10;

/** What the exports read: the screens' own services, whose access checks they keep. */
export interface ExportSources {
  reports: Pick<ReportsService, 'assets' | 'drivers'>;
  fleet: Pick<FleetService, 'fleet'>;
  assets: Pick<AssetService, 'list'>;
  drivers: Pick<DriverService, 'list'>;
  devices: Pick<DeviceService, 'list'>;
  groups: Pick<GroupService, 'list'>;
  users: Pick<UserService, 'list'>;
  vehicleData: Pick<
    VehicleDataService,
    'trips' | 'rawData' | 'assetEvents' | 'driverEvents' | 'trip'
  >;
  media: Pick<MediaService, 'listForAsset'>;
  zones: Pick<ZonesService, 'visits'>;
  monitoring: Pick<MonitoringService, 'list'>;
  coachingReport: Pick<CoachingReportService, 'report'>;
  /** The organisation's name, for the file name (asked after the screen's call checked access). */
  organisationName: (id: number) => Promise<string>;
  timezone: string;
}

/** One export ready to stream: its table and its file name (without extension). */
export interface Export<R = unknown> {
  table: Table<R>;
  name: string;
}

/** A slot of the per-user bound; released once, when the answer has been sent or abandoned. */
export type Release = () => void;

/**
 * Exports (issue 21 §3, docs/exports.md): every export reads the rows through the screen's own
 * service call (same access checks, same period, group, filters and sort), then hands a table
 * to the writers of lib/table-export.ts.
 */
export class ExportsService {
  private readonly limits = new ConcurrencyLimits({
    perUser: EXPORTS_PER_USER,
    perOrganisation: EXPORTS_PER_ORGANISATION,
    initialEstimateMs: 10_000,
  });

  constructor(private readonly sources: ExportSources) {}

  /** Admits an export of `user` or refuses it with 429 and Retry-After. */
  admit(user: AccessTokenClaims): Release {
    const admission = this.limits.admit(
      { user: user.user_id, organisation: user.organisation_id },
      Date.now(),
    );
    if (!admission.admitted) {
      const who = admission.scope === 'user' ? 'You have' : 'Your organisation has';
      throw new HttpError(
        429,
        ErrorCode.TOO_MANY_REQUESTS,
        `${who} as many exports under way as allowed; try again when one has finished`,
        { 'retry-after': String(admission.retryAfterSeconds) },
      );
    }
    return () => this.limits.release(admission.ticket, Date.now());
  }

  async rankings(
    user: AccessTokenClaims,
    organisationId: number,
    kind: 'assets' | 'drivers',
    body: ReportBody,
    signal?: AbortSignal,
  ): Promise<Export> {
    const report: Report = [];
    for await (const interval of this.sources.reports[kind](user, organisationId, body, signal))
      report.push(interval);
    const entity = kind === 'assets' ? 'asset' : 'driver';
    return this.export(
      organisationId,
      `rankings-${kind}`,
      `${body.from.slice(0, 10)}-${body.until.slice(0, 10)}`,
      kind === 'assets' ? 'Asset rankings' : 'Driver rankings',
      rankingColumns(entity),
      rankingRows(report, entity),
    );
  }

  async fleet(
    user: AccessTokenClaims,
    organisationId: number,
    entities: boolean,
    signal?: AbortSignal,
  ): Promise<Export> {
    const { entries } = await this.sources.fleet.fleet(user, organisationId, { entities }, signal);
    // The screen's cards: the assets with a device now, in the same order (fleet.repository.ts).
    const cards = entries.filter((e) => e.deviceId !== null);
    const today = new Date().toISOString().slice(0, 10);
    return this.export(organisationId, 'fleet', today, 'Fleet overview', fleetColumns, cards);
  }

  assets = this.list('assets', 'Assets', assetColumns, (u, id, q: AssetListQuery) =>
    this.sources.assets.list(u, id, q),
  );
  drivers = this.list('drivers', 'Drivers', driverColumns, (u, id, q: DriverListQuery) =>
    this.sources.drivers.list(u, id, q),
  );
  devices = this.list('devices', 'Devices', deviceColumns, (u, id, q: DeviceListQuery) =>
    this.sources.devices.list(u, id, q),
  );
  groups = this.list('groups', 'Groups', groupColumns, (u, id, q: GroupListQuery) =>
    this.sources.groups.list(u, id, q),
  );
  users = this.list('users', 'Users', userColumns, (u, id, q: UserListQuery) =>
    this.sources.users.list(u, id, q),
  );

  /** An asset's trips over the window, as its Trips tab reads them (the whole period). */
  async trips(
    user: AccessTokenClaims,
    assetId: number,
    query: EntityDataQuery,
    signal?: AbortSignal,
  ): Promise<Export> {
    const { rows } = await this.sources.vehicleData.trips(user, assetId, window(query), signal);
    return this.entityExport(`asset-${assetId}`, 'trips', query, 'Trips', tripColumns, rows);
  }

  /** An asset's raw data over the window, newest first, as its Raw data tab reads it. */
  async rawData(
    user: AccessTokenClaims,
    assetId: number,
    query: EntityDataQuery,
    signal?: AbortSignal,
  ): Promise<Export> {
    const { rows } = await this.sources.vehicleData.rawData(user, assetId, window(query), signal);
    return this.entityExport(
      `asset-${assetId}`,
      'raw-data',
      query,
      'Raw data',
      rawDataColumns,
      rows,
    );
  }

  /** An asset's media list over the window, newest first, as its Media tab reads it. */
  async media(user: AccessTokenClaims, assetId: number, query: EntityDataQuery): Promise<Export> {
    const { rows } = await this.sources.media.listForAsset(user, assetId, window(query));
    return this.entityExport(`asset-${assetId}`, 'media', query, 'Media', mediaColumns, rows);
  }

  /** An asset's or driver's calendar tab: the report body the tab sends, its one id. */
  async calendar(
    user: AccessTokenClaims,
    organisationId: number,
    kind: 'assets' | 'drivers',
    body: ReportBody,
    signal?: AbortSignal,
  ): Promise<Export> {
    const id = body.ids?.length === 1 ? body.ids[0]! : undefined;
    if (id === undefined) throw badRequest('ids must name the one asset or driver of the calendar');
    const report: Report = [];
    for await (const interval of this.sources.reports[kind](user, organisationId, body, signal))
      report.push(interval);
    const entity = kind === 'assets' ? 'asset' : 'driver';
    const rows = calendarRows(report, entity, id);
    return this.entityExport(
      `${entity}-${id}`,
      'calendar',
      body,
      'Calendar',
      calendarColumns,
      rows,
    );
  }

  /** The events of an asset or of a driver's driving over the window, one row per event. */
  async events(
    user: AccessTokenClaims,
    entity: 'asset' | 'driver',
    id: number,
    query: EntityDataQuery,
    signal?: AbortSignal,
  ): Promise<Export> {
    const read = entity === 'asset' ? 'assetEvents' : 'driverEvents';
    const { rows } = await this.sources.vehicleData[read](user, id, window(query), signal);
    return this.entityExport(
      `${entity}-${id}`,
      'events',
      query,
      'Events',
      eventColumns,
      eventRows(rows),
    );
  }

  /** The zone report: the period's visits (its zone and group), latest first as on the screen. */
  async zoneVisits(
    user: AccessTokenClaims,
    organisationId: number,
    query: ZoneVisitQuery & { format?: ExportFormat },
  ): Promise<Export> {
    const { format: _format, ...visitQuery } = query;
    const visits = await this.sources.zones.visits(user, organisationId, visitQuery);
    return this.export(
      organisationId,
      'zone-visits',
      period(query.from, query.until),
      'Zone visits',
      zoneVisitColumns,
      [...visits].sort(byEnteredDesc),
    );
  }

  /** The monitoring history of an asset or driver, newest first; without access tokens. */
  async monitorings(
    user: AccessTokenClaims,
    entity: 'asset' | 'driver',
    id: number,
    query: MonitoringQuery & { format?: ExportFormat },
  ): Promise<Export> {
    const { format: _format, ...monitoringQuery } = query;
    const rows = await this.sources.monitoring.list(user, entity, id, monitoringQuery);
    const today = new Date().toISOString().slice(0, 10);
    return {
      table: {
        title: 'Monitorings',
        columns: monitoringColumns,
        rows,
        timeZone: this.sources.timezone,
      } as Table<unknown>,
      name: `${entity}-${id}-monitorings-${period(query.from ?? today, query.until ?? today)}`,
    };
  }

  /** The coaching report's cases per event type and status, and their total. */
  async coachingReport(
    user: AccessTokenClaims,
    organisationId: number,
    query: CoachingReportQuery & { format?: ExportFormat },
  ): Promise<Export> {
    const { format: _format, ...reportQuery } = query;
    const report = await this.sources.coachingReport.report(user, organisationId, reportQuery);
    return this.export(
      organisationId,
      'coaching-report',
      period(query.from, query.until),
      'Coaching report',
      coachingColumns,
      coachingRows(report),
    );
  }

  /** The printable PDFs: the driving-style report and a trip (pdf/, issue 21 §3). */
  get pdf(): PdfExports {
    return new PdfExports(this.sources);
  }

  /**
   * The driving-style report of `body` (the rankings export's body) as a PDF, for the scheduled
   * reports' e-mail attachment. Not bounded here: the caller bounds its own work.
   */
  async drivingStylePdf(
    user: AccessTokenClaims,
    organisationId: number,
    kind: 'assets' | 'drivers',
    body: ReportBody,
    language: PdfLanguage,
  ): Promise<Buffer> {
    return (await this.pdf.drivingStyle(user, organisationId, kind, body, language)).pdf;
  }

  private entityExport<R>(
    prefix: string,
    screen: string,
    query: EntityDataQuery,
    title: string,
    columns: Column<R>[],
    rows: R[],
  ): Export {
    const period = `${query.from.slice(0, 10)}-${(query.until ?? new Date().toISOString()).slice(0, 10)}`;
    return {
      table: { title, columns, rows, timeZone: this.sources.timezone } as Table<unknown>,
      name: `${prefix}-${screen}-${period}`,
    };
  }

  /** A management list: every row matching the screen's search, filter and sort (no page). */
  private list<R, Q extends object>(
    screen: string,
    title: string,
    columns: Column<R>[],
    read: (user: AccessTokenClaims, organisationId: number, query: Q) => Promise<Page<R>>,
  ) {
    return async (
      user: AccessTokenClaims,
      organisationId: number,
      query: Q & { format?: ExportFormat },
    ): Promise<Export> => {
      const { format: _format, ...listQuery } = query;
      const { rows } = await read(user, organisationId, listQuery as Q);
      const today = new Date().toISOString().slice(0, 10);
      return this.export(organisationId, screen, today, title, columns, rows);
    };
  }

  private async export<R>(
    organisationId: number,
    screen: string,
    period: string,
    title: string,
    columns: Column<R>[],
    rows: R[],
  ): Promise<Export> {
    const organisation = await this.sources.organisationName(organisationId);
    return {
      table: { title, columns, rows, timeZone: this.sources.timezone } as Table<unknown>,
      name: `${fileNamePart(organisation)}-${screen}-${period}`,
    };
  }
}

/** The window of an entity-data call without its page or format: the whole period. */
function window(query: EntityDataQuery & { format?: ExportFormat }): EntityDataQuery {
  return { from: query.from, ...(query.until ? { until: query.until } : {}) };
}

/** A file name's period: the first and the last day. */
const period = (from: string, until: string) => `${from.slice(0, 10)}-${until.slice(0, 10)}`;
