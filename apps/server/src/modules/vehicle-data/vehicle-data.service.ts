import {
  DEFAULT_PAGE_SIZE,
  MAX_LIST_DAYS,
  MAX_LONG_DAYS,
  RAW_RECORD_METRICS,
  UNKNOWN,
  type AccessTokenClaims,
  type Datapoint,
  type DataQuery,
  type DatapointQuery,
  type EventRecord,
  type HeatmapCell,
  type HeatmapQuery,
  type RawData,
  type RawDataQuery,
  type Trip,
} from '@fleet/contract';
import type { AccessService } from '../access/index.js';
import { onLease, type HeavyWork } from '../../db/heavy-work.js';
import { toLocation } from '../../lib/location.js';
import { dataWindow, windowDays } from '../../lib/window.js';
import type { FleetAccess } from '../access/index.js';
import type { AssetReads } from '../assets/index.js';
import type { DriverReads } from '../drivers/index.js';
import { deriveStats } from '../drivingstyle/index.js';
import type { ScoreSettingsService } from '../configurations/index.js';
import { score, scoreDriven } from '../drivingstyle/index.js';
import { UNKNOWN_DRIVER } from '../engine/index.js';
import type { ReportReads } from '../reports/index.js';
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

  /** Runs `reads` on the call's cancellable connection. */
  private read<T>(
    signal: AbortSignal | undefined,
    reads: (data: VehicleDataRepository, reports: ReportReads) => Promise<T>,
  ): Promise<T> {
    return onLease(this.work.light(signal), (db) => reads(this.data.on(db), this.reports.on(db)));
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
    query: DataQuery,
    signal?: AbortSignal,
  ): Promise<Trip[]> {
    const asset = await this.readAsset(user, assetId);
    const { trips, parts } = await this.read(signal, async (data, reports) => {
      const trips = await data.trips(assetId, dataWindow(query, MAX_LIST_DAYS));
      return { trips, parts: await reports.tripParts(trips.map((t) => t.id)) };
    });
    const settings = await this.scoreSettings.forAssets([asset]);
    const names = await this.drivers.namesByIds([...new Set(parts.map((p) => p.driverId))]);
    return trips.map((t) => {
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
  }

  async assetEvents(
    user: AccessTokenClaims,
    assetId: number,
    query: DataQuery,
    signal?: AbortSignal,
  ): Promise<EventRecord[]> {
    await this.readAsset(user, assetId);
    return eventRecords(
      await this.read(signal, (data) =>
        data.events('asset_id', assetId, dataWindow(query, MAX_LIST_DAYS)),
      ),
    );
  }

  async driverEvents(
    user: AccessTokenClaims,
    driverId: number,
    query: DataQuery,
    signal?: AbortSignal,
  ): Promise<EventRecord[]> {
    await this.readDriver(user, driverId);
    return eventRecords(
      await this.read(signal, (data) =>
        data.events('driver_id', driverId, dataWindow(query, MAX_LIST_DAYS)),
      ),
    );
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

  /** A page of the records as devices sent them, newest first: for OEM and INTEGRATOR only (spec §6). */
  async rawData(
    user: AccessTokenClaims,
    assetId: number,
    query: RawDataQuery,
    signal?: AbortSignal,
  ): Promise<{ records: RawData[]; total: number }> {
    await this.readAsset(user, assetId);
    this.access.assertMayReadRawData(user);
    const { rows, total } = await this.read(signal, (data) =>
      data.rawData(
        assetId,
        dataWindow(query, MAX_LONG_DAYS),
        query.limit ?? DEFAULT_PAGE_SIZE,
        query.offset ?? 0,
      ),
    );
    return { records: rows.map(rawDataRecord), total };
  }

  /** Positions for maps, in [from, until] as sent (the portal widens it by a second itself, spec §7). */
  async datapoints(
    user: AccessTokenClaims,
    assetId: number,
    query: DatapointQuery,
    signal?: AbortSignal,
  ): Promise<Datapoint[]> {
    await this.readAsset(user, assetId);
    const span = dataWindow(query, MAX_LIST_DAYS);
    const { points, events, media } = await this.read(signal, async (data) => ({
      points: await data.datapoints(assetId, span),
      events: query.events ? await data.events('asset_id', assetId, span) : [],
      media: query.media ? await data.media(assetId, span) : [],
    }));
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
    return [...byTime.values()].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
  }
}
