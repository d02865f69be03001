import {
  ErrorCode,
  MAX_LIST_DAYS,
  MAX_LONG_DAYS,
  MAX_UNPAGED_ROWS,
  RAW_RECORD_METRICS,
  UNKNOWN,
  type AccessTokenClaims,
  type Datapoint,
  type DataPage,
  type DatapointQuery,
  type EntityDataQuery,
  type EventRecord,
  type HeatmapCell,
  type HeatmapQuery,
  type RawData,
  type Trip,
} from '@fleet/contract';
import type { AccessService } from '../access/index.js';
import { HttpError } from '../../lib/http-error.js';
import { onLease, type HeavyWork } from '../../db/heavy-work.js';
import { toLocation } from '../../lib/location.js';
import { dataWindow, windowDays, type Window } from '../../lib/window.js';
import type { Page } from '../../lib/page.js';
import type { FleetAccess } from '../access/index.js';
import type { AssetReads } from '../assets/index.js';
import type { DriverReads } from '../drivers/index.js';
import { deriveStats } from '../drivingstyle/index.js';
import type { ScoreSettingsService } from '../configurations/index.js';
import { score, scoreDriven } from '../drivingstyle/index.js';
import { UNKNOWN_DRIVER } from '../engine/index.js';
import type { ReportReads } from '../reports/index.js';
import { pageDifferences } from './raw-differences.js';
import type { VehicleDataRepository } from './vehicle-data.repository.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Heatmap grid: 0.001° (about 110 m) up to a month, 0.005° (about 550 m) for longer periods. */
export const heatmapCell = (days: number) => (days <= 31 ? 100 : 500);

interface EventRow {
  asset_id: number;
  driver_id: number | null;
  timestamp: Date;
  event_type: string;
  latitude: number | null;
  longitude: number | null;
}

/** Rows in time order → one record per moment (and asset) with its events together (spec §3). */
export function eventRecords(rows: EventRow[]): EventRecord[] {
  const records: EventRecord[] = [];
  let last: { key: string; record: EventRecord } | undefined;
  for (const row of rows) {
    const key = `${row.timestamp.getTime()}|${row.asset_id}`;
    if (last?.key === key) {
      last.record.events.push({ eventType: row.event_type });
      continue;
    }
    const record: EventRecord = {
      timestamp: row.timestamp.toISOString(),
      location: toLocation(row.latitude, row.longitude),
      events: [{ eventType: row.event_type }],
      assetId: row.asset_id,
      driverId: row.driver_id,
    };
    records.push(record);
    last = { key, record };
  }
  return records;
}

/** The page asked for: limit and offset, or none. */
export const pageOf = (query: { limit?: number; offset?: number }): DataPage =>
  query.limit === undefined ? undefined : { limit: query.limit, offset: query.offset ?? 0 };

/**
 * Whether a call reads enough to count as heavy work: a window longer than MAX_LIST_DAYS
 * without a page (a year of positions is a few hundred thousand rows).
 */
export const isHeavyRead = (window: Window, page: DataPage) =>
  page === undefined && windowDays(window) > MAX_LIST_DAYS;

/**
 * The stretch of time a page of positions covers: the window for the whole window, else from
 * its first position (the window's from for the first page) to its last (the window's until
 * for the last page).
 */
export function pageSpan(
  window: Window,
  page: DataPage,
  total: number,
  points: { timestamp: Date }[],
): Window {
  if (!page) return window;
  const first = points[0]?.timestamp;
  const last = points.at(-1)?.timestamp;
  return {
    from: page.offset === 0 || !first ? window.from : first,
    until: page.offset + page.limit >= total || !last ? window.until : last,
  };
}

/** A stored raw record as the spec shows it: its metrics as fields of the record. */
export function rawDataRecord(row: {
  timestamp: Date;
  transfer_reason: string;
  device_id: number;
  latitude: number | null;
  longitude: number | null;
  speed: number | null;
  events: { eventType: string }[] | null;
  metrics: Record<string, number>;
}): RawData {
  const metrics = Object.fromEntries(
    RAW_RECORD_METRICS.flatMap((m) =>
      typeof row.metrics[m] === 'number' ? [[m, row.metrics[m]]] : [],
    ),
  );
  return {
    timestamp: row.timestamp.toISOString(),
    transferReason: row.transfer_reason,
    deviceId: row.device_id,
    location: toLocation(row.latitude, row.longitude),
    speed: row.speed,
    events: (row.events ?? []).map((e) => ({ eventType: e.eventType })),
    ...metrics,
  };
}

/**
 * What an asset or driver did: trips, events, heatmaps, raw data and positions. The reads of
 * each call run on a connection of its own, stopped on PostgreSQL when the client goes away
 * (`signal`): a year's heatmap nobody waits for no longer runs to the end.
 */
export class VehicleDataService {
  constructor(
    private readonly data: VehicleDataRepository,
    private readonly reports: ReportReads,
    private readonly assets: AssetReads,
    private readonly drivers: DriverReads,
    private readonly access: AccessService,
    private readonly fleetAccess: FleetAccess,
    private readonly scoreSettings: ScoreSettingsService,
    private readonly work: HeavyWork,
  ) {}

  /**
   * Runs `reads` on the call's cancellable connection; as heavy work (per-user and
   * per-organisation limits, a few connections) when `heavy` is the caller.
   */
  private read<T>(
    signal: AbortSignal | undefined,
    reads: (data: VehicleDataRepository, reports: ReportReads) => Promise<T>,
    heavy?: AccessTokenClaims,
  ): Promise<T> {
    const lease = heavy ? this.work.heavy(heavy, signal) : this.work.light(signal);
    return onLease(lease, (db) => reads(this.data.on(db), this.reports.on(db)));
  }

  /** The window of a call, and whether its read is heavy. */
  private span(user: AccessTokenClaims, query: EntityDataQuery | DatapointQuery) {
    const window = dataWindow(query, MAX_LONG_DAYS);
    const page = pageOf(query);
    return { window, page, heavy: isHeavyRead(window, page) ? user : undefined };
  }

  private async readAsset(user: AccessTokenClaims, assetId: number) {
    return this.fleetAccess.record(
      user,
      await this.assets.find(assetId),
      `Asset ${assetId}`,
      'read',
    );
  }

  private async readDriver(user: AccessTokenClaims, driverId: number) {
    return this.fleetAccess.record(
      user,
      await this.drivers.find(driverId),
      `Driver ${driverId}`,
      'read',
    );
  }

  async trips(
    user: AccessTokenClaims,
    assetId: number,
    query: EntityDataQuery,
    signal?: AbortSignal,
  ): Promise<Page<Trip>> {
    const asset = await this.readAsset(user, assetId);
    const { window, page, heavy } = this.span(user, query);
    const { trips, total, parts } = await this.read(
      signal,
      async (data, reports) => {
        const { rows: trips, total } = await data.trips(assetId, window, page);
        return { trips, total, parts: await reports.tripParts(trips.map((t) => t.id)) };
      },
      heavy,
    );
    const settings = await this.scoreSettings.forAssets([asset]);
    const names = await this.drivers.namesByIds([...new Set(parts.map((p) => p.driverId))]);
    const rows = trips.map((t) => {
      const stats = deriveStats(t.stats);
      return {
        id: t.id,
        assetId,
        startTime: t.start.toISOString(),
        endTime: iso(t.end),
        startLocation: t.startLocation,
        endLocation: t.endLocation,
        drivingStyleData: stats,
        scoreData: score(stats, settings(assetId)),
        drivers: parts
          .filter((p) => p.tripId === t.id)
          .map((p) => {
            const partStats = deriveStats(p.stats);
            const partScores = scoreDriven(partStats, settings(assetId));
            return {
              id: p.driverId,
              name: p.driverId === UNKNOWN_DRIVER ? UNKNOWN : (names.get(p.driverId) ?? ''),
              drivingStyleData: partStats,
              ...(partScores ? { scoreData: partScores } : {}),
            };
          }),
      };
    });
    return { rows, total };
  }

  /**
   * One trip of an asset as its card shows it, with its positions and the events at them (the
   * trip's PDF, issue 21 §3): 404 when the asset has no such trip.
   */
  async trip(
    user: AccessTokenClaims,
    assetId: number,
    tripId: number,
    signal?: AbortSignal,
  ): Promise<{ assetName: string; organisationId: number; trip: Trip; positions: Datapoint[] }> {
    const asset = await this.readAsset(user, assetId);
    const span = await this.read(signal, (data) => data.tripSpan(assetId, tripId));
    if (!span)
      throw new HttpError(404, ErrorCode.NOT_FOUND, `Trip ${tripId} of asset ${assetId} not found`);
    const from = span.start_time.toISOString();
    const end = span.end_time ?? new Date();
    // trips overlapping [from, end + 1 ms): this one even when it lasted no time at all
    const { rows } = await this.trips(
      user,
      assetId,
      { from, until: new Date(end.getTime() + 1).toISOString() },
      signal,
    );
    const trip = rows.find((r) => r.id === tripId)!;
    const { rows: positions } = await this.datapoints(
      user,
      assetId,
      { from, until: end.toISOString(), events: true },
      signal,
    );
    return { assetName: asset.name, organisationId: asset.organisationId, trip, positions };
  }

  async assetEvents(
    user: AccessTokenClaims,
    assetId: number,
    query: EntityDataQuery,
    signal?: AbortSignal,
  ): Promise<Page<EventRecord>> {
    await this.readAsset(user, assetId);
    return this.eventPage(user, 'asset_id', assetId, query, signal);
  }

  async driverEvents(
    user: AccessTokenClaims,
    driverId: number,
    query: EntityDataQuery,
    signal?: AbortSignal,
  ): Promise<Page<EventRecord>> {
    await this.readDriver(user, driverId);
    return this.eventPage(user, 'driver_id', driverId, query, signal);
  }

  /** A page (or all) of the event records, one per moment, oldest first. */
  private async eventPage(
    user: AccessTokenClaims,
    by: 'asset_id' | 'driver_id',
    id: number,
    query: EntityDataQuery,
    signal: AbortSignal | undefined,
  ): Promise<Page<EventRecord>> {
    const { window, page, heavy } = this.span(user, query);
    const { rows, total } = await this.read(
      signal,
      (data) => data.eventPage(by, id, window, page),
      heavy,
    );
    return { rows: eventRecords(rows), total };
  }

  /** Events of one type per grid cell, for a heatmap of up to a year. */
  async heatmap(
    user: AccessTokenClaims,
    type: 'ASSET' | 'DRIVER',
    id: number,
    query: HeatmapQuery,
    signal?: AbortSignal,
  ): Promise<HeatmapCell[]> {
    if (type === 'ASSET') await this.readAsset(user, id);
    else await this.readDriver(user, id);
    const window = dataWindow(query, MAX_LONG_DAYS);
    return this.read(signal, (data) =>
      data.heatmap(
        type === 'ASSET' ? 'asset_id' : 'driver_id',
        id,
        query.eventType,
        window,
        heatmapCell(windowDays(window)),
      ),
    );
  }

  /**
   * The records as devices sent them, newest first, each with its differences (against the
   * record before it, the trip start and the period's first record): a page, or the whole period
   * without one. For OEM and INTEGRATOR only (spec §6).
   */
  async rawData(
    user: AccessTokenClaims,
    assetId: number,
    query: EntityDataQuery,
    signal?: AbortSignal,
  ): Promise<Page<RawData>> {
    await this.readAsset(user, assetId);
    this.access.assertMayReadRawData(user);
    const { window, page, heavy } = this.span(user, query);
    const { limit, offset } = page ?? { limit: MAX_UNPAGED_ROWS, offset: 0 };
    const { rows, total, context } = await this.read(
      signal,
      (data) => data.rawData(assetId, window, limit, offset),
      heavy,
    );
    const oldestFirst = [...rows].reverse();
    const differences = pageDifferences(oldestFirst, context).reverse();
    return {
      rows: rows.map((row, i) => ({ ...rawDataRecord(row), differences: differences[i]! })),
      total,
    };
  }

  /** Positions for maps, in [from, until] as sent (the portal widens it by a second itself, spec §7). */
  async datapoints(
    user: AccessTokenClaims,
    assetId: number,
    query: DatapointQuery,
    signal?: AbortSignal,
  ): Promise<Page<Datapoint>> {
    await this.readAsset(user, assetId);
    const { window, page, heavy } = this.span(user, query);
    const { points, total, events, media } = await this.read(
      signal,
      async (data) => {
        const { rows: points, total } = await data.datapoints(assetId, window, page);
        // The events and media of a page: those of the stretch of time its positions cover.
        const span = pageSpan(window, page, total, points);
        return {
          points,
          total,
          events: query.events ? await data.events('asset_id', assetId, span) : [],
          media: query.media ? await data.media(assetId, span) : [],
        };
      },
      heavy,
    );
    const byTime = new Map<number, Datapoint>();
    for (const p of points) {
      byTime.set(p.timestamp.getTime(), {
        timestamp: p.timestamp.toISOString(),
        identifier: p.identifier,
        location: toLocation(p.latitude, p.longitude),
        speed: p.speed,
        ...(query.events ? { events: [] } : {}),
        ...(query.media ? { media: [] } : {}),
      });
    }
    // A medium at a moment without a position is still a point of its own (spec §3).
    for (const m of media) {
      const key = m.timestamp.getTime();
      let point = byTime.get(key);
      if (!point) {
        point = {
          timestamp: m.timestamp.toISOString(),
          identifier: m.identifier ?? '',
          location: null,
          speed: null,
          ...(query.events ? { events: [] } : {}),
          media: [],
        };
        byTime.set(key, point);
      }
      point.media!.push({ id: m.id, mimeType: m.mime_type });
    }
    for (const e of events) {
      const point = byTime.get(e.timestamp.getTime());
      if (point) point.events!.push({ eventType: e.event_type });
    }
    const rows = [...byTime.values()].sort(
      (a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp),
    );
    return { rows, total };
  }
}
