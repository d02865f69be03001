import {
  UNKNOWN,
  type AccessTokenClaims,
  type Datapoint,
  type DataQuery,
  type DatapointQuery,
  type FleetEntry,
  type RawData,
  type Trip,
  type VehicleEvent,
} from '@fleet/contract';
import { badRequest } from '../../lib/http-error.js';
import type { AccessService } from '../access/access.service.js';
import type { FleetAccess } from '../access/fleet-access.js';
import type { AssetRepository } from '../assets/assets.repository.js';
import type { DriverRepository } from '../drivers/drivers.repository.js';
import { deriveStats } from '../drivingstyle/driving-style.js';
import type { ScoreSettingsService } from '../drivingstyle/score-settings.js';
import { score } from '../drivingstyle/scoring.js';
import { UNKNOWN_DRIVER } from '../engine/process-day.js';
import type { OrganisationRepository } from '../organisations/organisations.repository.js';
import type { ReportsRepository, ScopeRepository } from '../reports/reports.repository.js';
import type { VehicleDataRepository, Window } from './vehicle-data.repository.js';

const MAX_WINDOW_DAYS = 93;
const iso = (d: Date | null) => d?.toISOString() ?? null;

function window(query: DataQuery, widen = 0): Window {
  const from = new Date(Date.parse(query.from) - widen);
  const until = new Date((query.until ? Date.parse(query.until) : Date.now()) + widen);
  if (!(from < until)) throw badRequest('from must be before until');
  if (until.getTime() - from.getTime() > MAX_WINDOW_DAYS * 86_400_000 + 2 * widen) {
    throw badRequest(`ask for at most ${MAX_WINDOW_DAYS} days at a time`);
  }
  return { from, until };
}

/** What an asset or driver did: the fleet overview, trips, events, raw data and positions. */
export class VehicleDataService {
  constructor(
    private readonly data: VehicleDataRepository,
    private readonly reports: ReportsRepository,
    private readonly scope: ScopeRepository,
    private readonly organisations: OrganisationRepository,
    private readonly assets: AssetRepository,
    private readonly drivers: DriverRepository,
    private readonly access: AccessService,
    private readonly fleetAccess: FleetAccess,
    private readonly scoreSettings: ScoreSettingsService,
  ) {}

  /** The fleet overview: every asset, newest data first; with entities, those of child organisations too. */
  async fleet(
    user: AccessTokenClaims,
    organisationId: number,
    { entities = false, datapoints = false }: { entities?: boolean; datapoints?: boolean } = {},
  ): Promise<FleetEntry[]> {
    await this.access.organisation(user, organisationId);
    const organisationIds = entities
      ? (await this.organisations.subtree(organisationId)).map((o) => o.id)
      : [organisationId];
    const rows = await this.data.fleet(organisationIds);
    const settings = await this.scoreSettings.forAssets(
      rows.map((r) => ({ id: r.assetId, configurationGroupId: r.configurationGroupId })),
    );
    // For 1000 assets the event points are most of the answer's weight: asked for, not by default.
    const events = datapoints
      ? await this.data.tripEvents(
          rows.flatMap((r) => (r.trip ? [{ ...r.trip, assetId: r.assetId }] : [])),
        )
      : undefined;
    return rows.map((r) => {
      const stats = r.stats && deriveStats(r.stats);
      const driving = r.trip !== null && r.trip.end === null;
      return {
        assetId: r.assetId,
        assetName: r.assetName,
        organisationId: r.organisationId,
        driverId: r.driverId,
        driverName: r.driverName,
        deviceId: r.deviceId,
        trip: driving ? { id: r.trip!.id, startTime: r.trip!.start.toISOString() } : null,
        tripStartTime: iso(r.trip?.start ?? null),
        tripEndTime: iso(r.trip?.end ?? null),
        tripStartLocation: r.trip?.startLocation ?? null,
        tripEndLocation: r.trip?.endLocation ?? null,
        time: iso(r.time),
        location: r.location,
        speed: r.speed,
        ...(stats ? { drivingStyleData: stats, scoreData: score(stats, settings(r.assetId)) } : {}),
        ...(datapoints && {
          datapoints: (r.trip ? (events?.get(r.trip.id) ?? []) : []).map((e) => ({
            timestamp: e.timestamp.toISOString(),
            identifier: '',
            location:
              e.latitude === null ? null : { latitude: e.latitude, longitude: e.longitude! },
            speed: null,
            events: [{ eventType: e.eventType }],
          })),
        }),
      };
    });
  }

  async trips(user: AccessTokenClaims, assetId: number, query: DataQuery): Promise<Trip[]> {
    const asset = await this.fleetAccess.record(
      user,
      await this.assets.find(assetId),
      `Asset ${assetId}`,
      'read',
    );
    const trips = await this.data.trips(assetId, window(query));
    const settings = await this.scoreSettings.forAssets([asset]);
    const parts = await this.reports.tripParts(trips.map((t) => t.id));
    const names = await this.scope.driverNames([...new Set(parts.map((p) => p.driverId))]);
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
            return {
              id: p.driverId,
              name: p.driverId === UNKNOWN_DRIVER ? UNKNOWN : (names.get(p.driverId) ?? ''),
              drivingStyleData: partStats,
              scoreData: score(partStats, settings(assetId)),
            };
          }),
      };
    });
  }

  async assetEvents(
    user: AccessTokenClaims,
    assetId: number,
    query: DataQuery,
  ): Promise<VehicleEvent[]> {
    await this.fleetAccess.record(
      user,
      await this.assets.find(assetId),
      `Asset ${assetId}`,
      'read',
    );
    return (await this.data.events('asset_id', assetId, window(query))).map(toEvent);
  }

  async driverEvents(
    user: AccessTokenClaims,
    driverId: number,
    query: DataQuery,
  ): Promise<VehicleEvent[]> {
    await this.fleetAccess.record(
      user,
      await this.drivers.find(driverId),
      `Driver ${driverId}`,
      'read',
    );
    return (await this.data.events('driver_id', driverId, window(query))).map(toEvent);
  }

  /** The records as devices sent them: for OEM and INTEGRATOR only (spec §6). */
  async rawData(user: AccessTokenClaims, assetId: number, query: DataQuery): Promise<RawData[]> {
    await this.fleetAccess.record(
      user,
      await this.assets.find(assetId),
      `Asset ${assetId}`,
      'read',
    );
    this.access.assertMayReadRawData(user);
    const rows = await this.data.rawData(assetId, window(query));
    return rows.map((r) => ({
      timestamp: r.timestamp.toISOString(),
      transferReason: r.transfer_reason,
      deviceId: r.device_id,
      location: r.latitude === null ? null : { latitude: r.latitude, longitude: r.longitude! },
      speed: r.speed,
      events: (r.events ?? []).map((e) => ({ eventType: e.eventType })),
      metrics: r.metrics,
    }));
  }

  /** Positions for maps; the window is widened by a second on each side (spec §7). */
  async datapoints(
    user: AccessTokenClaims,
    assetId: number,
    query: DatapointQuery,
  ): Promise<Datapoint[]> {
    await this.fleetAccess.record(
      user,
      await this.assets.find(assetId),
      `Asset ${assetId}`,
      'read',
    );
    const span = window(query, 1000);
    const points = await this.data.datapoints(assetId, span);
    const events = query.events ? await this.data.events('asset_id', assetId, span) : [];
    const byTime = new Map<number, Datapoint>();
    for (const p of points) {
      byTime.set(p.timestamp.getTime(), {
        timestamp: p.timestamp.toISOString(),
        identifier: p.identifier,
        location: p.latitude === null ? null : { latitude: p.latitude, longitude: p.longitude! },
        speed: p.speed,
        ...(query.events ? { events: [] } : {}),
        ...(query.media ? { media: [] } : {}),
      });
    }
    for (const e of events) {
      const point = byTime.get(e.timestamp.getTime());
      if (point) point.events!.push({ eventType: e.event_type });
    }
    return [...byTime.values()];
  }
}

function toEvent(e: {
  asset_id: number;
  driver_id: number | null;
  timestamp: Date;
  event_type: string;
  latitude: number | null;
  longitude: number | null;
}): VehicleEvent {
  return {
    timestamp: e.timestamp.toISOString(),
    eventType: e.event_type,
    assetId: e.asset_id,
    driverId: e.driver_id,
    location: e.latitude === null ? null : { latitude: e.latitude, longitude: e.longitude! },
  };
}
