import {
  ALL_GROUPS,
  DEFAULT_DRIVER_LINK_EXTEND_TIME,
  DEFAULT_MINIMUM_DISTANCE,
  MAX_REPORT_DAYS,
  UNKNOWN,
  type AccessTokenClaims,
  type DrivingStyleData,
  type ReportBody,
  type ReportData,
  type ReportInterval,
  type ReportTrip,
} from '@fleet/contract';
import { badRequest } from '../../lib/http-error.js';
import { mapInTurns } from '../../lib/json-array-stream.js';
import type { HeavyWork, WorkLease } from '../../db/heavy-work.js';
import { localDate } from '../../lib/local-date.js';
import { toLocation } from '../../lib/location.js';
import type { AccessService } from '../access/index.js';
import type { AssetReads as AssetRepository } from '../assets/index.js';
import type { DriverReads as DriverRepository } from '../drivers/index.js';
import { addStats, emptyStats, subtractStats } from '../drivingstyle/index.js';
import type { ScoreSettingsService } from '../configurations/index.js';
import type { ScoreSettings } from '../drivingstyle/index.js';
import { processDay, ROLLUP_EXTEND_SECONDS, UNKNOWN_DRIVER } from '../engine/index.js';
import type { GroupMembers as GroupRepository } from '../groups/index.js';
import { reportEntry } from './report-entry.js';
import type { Period, ReportsRepository, TripRow } from './reports.repository.js';

interface ScopeEntity {
  id: number;
  name: string;
  configurationGroupId: number | null;
}
/** Trips split again from raw records when driverLinkExtendTime is not the rollups'. */
const MAX_RESPLIT_TRIPS = 500;
/**
 * Intervals whose sums one query reads: a week of days. The rows held at once stay a few
 * intervals' (7000 for 1000 assets), and the first bytes leave soon.
 */
const PERIODS_PER_QUERY = 7;

/**
 * Each period with its sums when there is `read`: read for a batch of periods at a time, the
 * next batch asked for before this one's intervals are made, so PostgreSQL sums them while
 * Node makes and sends these (two cores at work, not one after the other).
 */
async function* withSums<P extends Period>(
  periods: P[],
  read?: (batch: P[]) => Promise<Map<number, DrivingStyleData>[]>,
): AsyncGenerator<[P, Map<number, DrivingStyleData> | undefined]> {
  const batches: P[][] = [];
  for (let at = 0; at < periods.length; at += PERIODS_PER_QUERY)
    batches.push(periods.slice(at, at + PERIODS_PER_QUERY));
  const ask = (batch: P[] | undefined) => {
    const sums = read && batch && read(batch);
    // Its failure is the caller's when it gets there; until then it is not unhandled.
    sums?.catch(() => {});
    return sums;
  };
  let next = ask(batches[0]);
  try {
    for (const [i, batch] of batches.entries()) {
      const sums = await next;
      next = ask(batches[i + 1]);
      for (const [j, period] of batch.entries()) yield [period, sums?.[j]];
    }
  } finally {
    // A read still under way (the client went away) ends before its connection is given back.
    await next?.catch(() => {});
  }
}

interface Options {
  scores: boolean;
  stats: boolean;
  minimumDistance: number;
  extendSeconds: number;
}

const toTrip = (t: TripRow): ReportTrip => ({
  tripId: t.id,
  startTime: t.start_time.toISOString(),
  endTime: t.end_time?.toISOString() ?? null,
  startLocation: toLocation(t.start_latitude, t.start_longitude),
  endLocation: toLocation(t.end_latitude, t.end_longitude),
});

/** The group ids of a body (groups and group together); undefined for everyone (none, or ALL). */
export function groupFilter(body: Pick<ReportBody, 'groups' | 'group'>): number[] | undefined {
  const groups = body.groups === undefined ? [] : [body.groups].flat();
  const refs = [...groups, ...(body.group === undefined ? [] : [body.group])];
  if (!refs.length || refs.includes(ALL_GROUPS)) return undefined;
  return [...new Set(refs as number[])];
}

/**
 * Driving-style reports (spec §7 Reports): per interval, per asset or driver,
 * the summed statistics with their scores, or one entry per trip. Periods read
 * the rollups; trips read the trips table; nothing here scans raw records.
 *
 * A report answers its intervals one after another (the route streams them), on one
 * connection of its own that is cancelled when the client goes away; a heavy one (many
 * entities over many days) counts against the caller's limits (db/heavy-work.ts).
 */
export class ReportsService {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly assetRepository: AssetRepository,
    private readonly driverRepository: DriverRepository,
    private readonly groups: GroupRepository,
    private readonly access: AccessService,
    private readonly scoreSettings: ScoreSettingsService,
    private readonly work: HeavyWork,
  ) {}

  /** The connection for the report's reads: a heavy report's counts against the limits. */
  private lease(
    user: AccessTokenClaims,
    entities: number,
    period: Period,
    signal: AbortSignal | undefined,
  ): Promise<WorkLease> {
    const days = (period.until.getTime() - period.from.getTime()) / 86_400_000;
    return this.work.isHeavyReport(entities, days)
      ? this.work.heavy(user, signal)
      : this.work.light(signal);
  }

  /** The organisation's assets, narrowed to ids and to members of the groups when given. */
  private async scopeAssets(organisationId: number, ids?: number[], groups?: number[]) {
    const members = groups && new Set(await this.groups.assetIdsOf(groups));
    const wanted = ids?.length ? new Set(ids) : undefined;
    return (await this.assetRepository.listByOrganisation(organisationId))
      .filter((a) => (!wanted || wanted.has(a.id)) && (!members || members.has(a.id)))
      .map((a) => ({ id: a.id, name: a.name, configurationGroupId: a.configurationGroupId }));
  }

  /** The organisation's drivers, narrowed to ids and to members of the groups when given. */
  private async scopeDrivers(organisationId: number, ids?: number[], groups?: number[]) {
    const members = groups && new Set(await this.groups.driverIdsOf(groups));
    const wanted = ids?.length ? new Set(ids) : undefined;
    return (await this.driverRepository.listByOrganisation(organisationId))
      .filter((d) => (!wanted || wanted.has(d.id)) && (!members || members.has(d.id)))
      .map((d) => ({
        id: d.id,
        name: `${d.firstName} ${d.lastName}`.trim(),
        configurationGroupId: null,
      }));
  }

  async *assets(
    user: AccessTokenClaims,
    organisationId: number,
    body: ReportBody,
    signal?: AbortSignal,
  ): AsyncGenerator<ReportInterval> {
    const { span, periods, options, groups } = await this.prepare(user, organisationId, body);
    const assets = await this.scopeAssets(organisationId, body.ids, groups);
    this.checkIds(body.ids, assets, 'Asset');
    const settings = await this.scoreSettings.forAssets(assets);
    const ids = assets.map((a) => a.id);
    const lease = await this.lease(user, assets.length, span, signal);
    const reports = this.reports.on(lease.db);
    try {
      const read = body.trips
        ? undefined
        : (batch: Period[]) => this.periodSums(reports, ids, batch, 'asset_id', options);
      for await (const [period, sums] of withSums(periods, read)) {
        let data: (asset: ScopeEntity) => ReportData[];
        if (body.trips) {
          const trips = await reports.trips(
            ids,
            period,
            options.minimumDistance,
            body.includePreviousData ?? false,
          );
          const byAsset = await this.assetTrips(reports, trips, settings, options);
          data = (a) => byAsset.get(a.id) ?? [];
        } else {
          // An asset's sums do not depend on who drove: any driverLinkExtendTime gives the same.
          data = (a) => [reportEntry(sums!.get(a.id), settings(a.id), options)];
        }
        yield {
          from: period.from.toISOString(),
          until: period.until.toISOString(),
          day: period.day,
          assetPeriodData: await mapInTurns(assets, (a) => ({
            assetId: a.id,
            assetName: a.name,
            assetData: data(a),
          })),
        };
      }
    } catch (error) {
      throw lease.translate(error);
    } finally {
      await lease.release();
    }
  }

  async *drivers(
    user: AccessTokenClaims,
    organisationId: number,
    body: ReportBody,
    signal?: AbortSignal,
  ): AsyncGenerator<ReportInterval> {
    const { span, periods, options, groups } = await this.prepare(user, organisationId, body);
    const drivers = await this.scopeDrivers(organisationId, body.ids, groups);
    this.checkIds(body.ids, drivers, 'Driver');
    // Driving with no linked driver is UNKNOWN's, shown when the report is for everyone.
    const everyone = !body.ids?.length && !groups;
    const entities: ScopeEntity[] = everyone
      ? [...drivers, { id: UNKNOWN_DRIVER, name: UNKNOWN, configurationGroupId: null }]
      : drivers;
    const assets = await this.scopeAssets(organisationId);
    const assetIds = assets.map((a) => a.id);
    const assetNames = new Map(assets.map((a) => [a.id, a.name]));
    // Drivers drive assets of different configuration groups; their scores use the defaults.
    const settings = await this.scoreSettings.defaults();
    const lease = await this.lease(user, Math.max(entities.length, assets.length), span, signal);
    const reports = this.reports.on(lease.db);
    const fromRollups = !body.trips && options.extendSeconds === ROLLUP_EXTEND_SECONDS;
    try {
      const read = fromRollups
        ? (batch: Period[]) => this.periodSums(reports, assetIds, batch, 'driver_id', options)
        : undefined;
      for await (const [period, rollupSums] of withSums(periods, read)) {
        const data = new Map<number, ReportData[]>();
        if (body.trips) {
          const parts = await this.driverTripParts(
            reports,
            assetIds,
            entities.map((e) => e.id),
            period,
            options,
          );
          for (const part of parts) {
            const entry = reportEntry(part.stats, settings, options);
            entry.trips = [toTrip(part)];
            entry.parts = [
              {
                id: part.asset_id,
                name: assetNames.get(part.asset_id) ?? '',
                ...reportEntry(part.stats, settings, options),
              },
            ];
            data.set(part.driverId, [...(data.get(part.driverId) ?? []), entry]);
          }
        } else {
          const sums = rollupSums ?? (await this.resplitSums(reports, assetIds, period, options));
          for (const e of entities)
            data.set(e.id, [reportEntry(sums.get(e.id), settings, options)]);
        }
        yield {
          from: period.from.toISOString(),
          until: period.until.toISOString(),
          day: period.day,
          driverPeriodData: await mapInTurns(entities, (d) => ({
            driverId: d.id,
            driverName: d.name,
            driverData: data.get(d.id) ?? [],
          })),
        };
      }
    } catch (error) {
      throw lease.translate(error);
    } finally {
      await lease.release();
    }
  }

  private async prepare(user: AccessTokenClaims, organisationId: number, body: ReportBody) {
    await this.access.organisation(user, organisationId);
    const period = { from: new Date(body.from), until: new Date(body.until) };
    if (!(period.from < period.until)) throw badRequest('from must be before until');
    if (period.until.getTime() - period.from.getTime() > MAX_REPORT_DAYS * 86_400_000) {
      throw badRequest(`a report covers at most ${MAX_REPORT_DAYS} days`);
    }
    const extendSeconds = body.driverLinkExtendTime ?? DEFAULT_DRIVER_LINK_EXTEND_TIME;
    const groups = groupFilter(body);
    const own = new Set(await this.groups.idsInOrganisation(organisationId, groups ?? []));
    const foreign = (groups ?? []).filter((g) => !own.has(g));
    this.access.assertNoneOutside('Group', foreign);
    const periods: (Period & { day: string })[] = body.interval
      ? await this.reports.intervals(period, body.interval)
      : [{ ...period, day: localDate(period.from, this.reports.timezone) }];
    const options: Options = {
      scores: body.scoreData ?? true,
      stats: body.drivingStyleData ?? true,
      minimumDistance: body.minimumDistance ?? DEFAULT_MINIMUM_DISTANCE,
      extendSeconds,
    };
    return { span: period, periods, options, groups };
  }

  /**
   * Period sums from the rollups, less the trips shorter than the minimum distance: a trip too
   * short to list is too short to count.
   */
  private async periodSums(
    reports: ReportsRepository,
    assetIds: number[],
    periods: Period[],
    by: 'asset_id' | 'driver_id',
    options: Options,
  ): Promise<Map<number, DrivingStyleData>[]> {
    const sums = await reports.sums(assetIds, periods, by);
    const short = await reports.shortTripSums(assetIds, periods, options.minimumDistance, by);
    short.forEach((less, i) => {
      for (const [id, minus] of less) {
        const total = sums[i]!.get(id);
        if (total) sums[i]!.set(id, subtractStats(total, minus));
      }
    });
    return sums;
  }

  /**
   * Per driver, the sums of the trip parts they drove in the period, split again with another
   * driverLinkExtendTime (0 in the trips day view). The rollups hold the split made with the
   * default; with another extension the period sums are the trips' (time parked between trips,
   * which the rollups also count, is left out).
   */
  private async resplitSums(
    reports: ReportsRepository,
    assetIds: number[],
    period: Period,
    options: Options,
  ) {
    const trips = await reports.trips(assetIds, period, 0, false);
    const sums = new Map<number, DrivingStyleData>();
    for (const part of await this.splitTrips(reports, trips, options.extendSeconds)) {
      if (part.stats.drivingDistance < options.minimumDistance) continue;
      sums.set(part.driverId, addStats(sums.get(part.driverId) ?? emptyStats(), part.stats));
    }
    return sums;
  }

  private checkIds(ids: number[] | undefined, found: ScopeEntity[], kind: string) {
    const known = new Set(found.map((e) => e.id));
    this.access.assertNoneOutside(
      kind,
      (ids ?? []).filter((id) => !known.has(id)),
    );
  }

  /** The parts of trips each driver drove in the period, longer than the minimum distance. */
  private async driverTripParts(
    reports: ReportsRepository,
    assetIds: number[],
    driverIds: number[],
    period: Period,
    options: Options,
  ) {
    if (options.extendSeconds === ROLLUP_EXTEND_SECONDS) {
      return reports.driverTripParts(assetIds, driverIds, period, options.minimumDistance);
    }
    const trips = await reports.trips(assetIds, period, 0, false);
    const byId = new Map(trips.map((t) => [t.id, t]));
    const wanted = new Set(driverIds);
    return (await this.splitTrips(reports, trips, options.extendSeconds))
      .filter((p) => wanted.has(p.driverId) && p.stats.drivingDistance >= options.minimumDistance)
      .map((p) => ({ ...byId.get(p.tripId)!, driverId: p.driverId, stats: p.stats }));
  }

  /**
   * Who drove each trip. The trips table holds the split made with the
   * default extension; another extension (0 in the trips day view) splits the
   * trips again from their records with the same pure core the engine uses.
   */
  private async splitTrips(reports: ReportsRepository, trips: TripRow[], extendSeconds: number) {
    if (extendSeconds === ROLLUP_EXTEND_SECONDS) return reports.tripParts(trips.map((t) => t.id));
    if (trips.length > MAX_RESPLIT_TRIPS) {
      throw badRequest(
        `driverLinkExtendTime other than ${ROLLUP_EXTEND_SECONDS} is supported for up to ${MAX_RESPLIT_TRIPS} trips; ask for a shorter period`,
      );
    }
    const parts: { tripId: number; driverId: number; stats: DrivingStyleData }[] = [];
    // Trips whose raw records retention removed keep the split the engine stored.
    const withoutRecords: number[] = [];
    for (const trip of trips) {
      const { records, links } = await reports.tripInputs(
        trip.asset_id,
        trip.start_time,
        trip.end_time,
      );
      if (!records.length) {
        withoutRecords.push(trip.id);
        continue;
      }
      const end = new Date((trip.end_time ?? new Date()).getTime() + 1);
      const day = processDay({
        records,
        links,
        start: trip.start_time,
        end,
        extendSeconds,
        now: new Date(),
      });
      const again = day.trips.find((t) => t.start.getTime() === trip.start_time.getTime());
      for (const [driverId, stats] of again?.drivers ?? [])
        parts.push({ tripId: trip.id, driverId, stats });
    }
    if (withoutRecords.length) parts.push(...(await reports.tripParts(withoutRecords)));
    return parts;
  }

  private async assetTrips(
    reports: ReportsRepository,
    trips: TripRow[],
    settings: (assetId: number) => ScoreSettings,
    options: Options,
  ) {
    const parts = await this.splitTrips(reports, trips, options.extendSeconds);
    const names = await this.driverRepository.namesByIds([
      ...new Set(parts.map((p) => p.driverId)),
    ]);
    const data = new Map<number, ReportData[]>();
    for (const trip of trips) {
      const entry = reportEntry(trip.stats, settings(trip.asset_id), options);
      entry.trips = [toTrip(trip)];
      entry.parts = parts
        .filter((p) => p.tripId === trip.id)
        .map((p) => ({
          id: p.driverId,
          name: p.driverId === UNKNOWN_DRIVER ? UNKNOWN : (names.get(p.driverId) ?? ''),
          ...reportEntry(p.stats, settings(trip.asset_id), options),
        }));
      data.set(trip.asset_id, [...(data.get(trip.asset_id) ?? []), entry]);
    }
    return data;
  }
}
