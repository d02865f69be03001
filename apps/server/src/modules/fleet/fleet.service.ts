import type {
  AccessTokenClaims,
  Datapoint,
  FleetEntry,
  FleetOrganisationCount,
  FleetQuery,
} from '@fleet/contract';
import { onLease, type HeavyWork } from '../../db/heavy-work.js';
import type { AccessService } from '../access/index.js';
import type { ScoreSettingsService } from '../configurations/index.js';
import { deriveStats, scoreDriven, type ScoreSettings } from '../drivingstyle/index.js';
import type { OrganisationTree as OrganisationRepository } from '../organisations/index.js';
import { scoresToThousandths, statsToThousandths } from '../reports/index.js';
import type { FleetRepository, FleetRow } from './fleet.repository.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The fleet overview (spec §2, §3 Fleet overview entry): every asset as it is now, or a page. */
export class FleetService {
  constructor(
    private readonly fleetRepository: FleetRepository,
    private readonly organisations: OrganisationRepository,
    private readonly access: AccessService,
    private readonly scoreSettings: ScoreSettingsService,
    private readonly work: HeavyWork,
  ) {}

  /**
   * Every asset, newest data first: of the organisation alone, or with entities of every
   * organisation below it too; with `limit`, one page of the cards (assets with a device now)
   * from `offset`. `total` is how many entries there are (with limit: cards). With
   * datapoints=true each entry carries the events of its latest trip as datapoints: asked for,
   * not by default, since for 1000 assets they add a third to the answer and about 25 ms of CPU
   * (measured 2026-11-23: 90 against 65 ms per call).
   * Its reads stop on PostgreSQL when the client goes away (`signal`).
   */
  async fleet(
    user: AccessTokenClaims,
    organisationId: number,
    { entities = false, datapoints = false, limit, offset = 0 }: FleetQuery = {},
    signal?: AbortSignal,
  ): Promise<{ entries: FleetEntry[]; total: number }> {
    const organisationIds = await this.organisationIds(user, organisationId, entities);
    const { rows, total, settings, points } = await onLease(this.work.light(signal), async (db) => {
      const fleet = this.fleetRepository.on(db);
      const { rows, total } =
        limit === undefined
          ? await fleet.fleet(organisationIds).then((rows) => ({ rows, total: rows.length }))
          : await fleet.cardPage(organisationIds, limit, offset);
      const settings = await this.scoreSettings.forAssets(
        rows.map((r) => ({ id: r.assetId, configurationGroupId: r.configurationGroupId })),
      );
      const points = datapoints
        ? await fleet.tripDatapoints(rows.flatMap((r) => (r.trip ? [r.trip.id] : [])))
        : undefined;
      return { rows, total, settings, points };
    });
    return { entries: rows.map((r) => fleetEntry(r, settings(r.assetId), points)), total };
  }

  /**
   * How many cards each organisation of the subtree has (the organisation itself included),
   * only those with cards: what the notice of an OEM or reseller without assets lists.
   */
  async cardCounts(
    user: AccessTokenClaims,
    organisationId: number,
    signal?: AbortSignal,
  ): Promise<FleetOrganisationCount[]> {
    const organisationIds = await this.organisationIds(user, organisationId, true);
    return onLease(this.work.light(signal), (db) =>
      this.fleetRepository.on(db).cardCounts(organisationIds),
    );
  }

  private async organisationIds(user: AccessTokenClaims, organisationId: number, below: boolean) {
    await this.access.organisation(user, organisationId);
    return below
      ? (await this.organisations.subtree(organisationId)).map((o) => o.id)
      : [organisationId];
  }
}

/** A row as the overview answers it: its latest trip scored with the asset's settings. */
function fleetEntry(
  r: FleetRow,
  settings: ScoreSettings,
  points: Map<number, Datapoint[]> | undefined,
): FleetEntry {
  const stats = r.stats && deriveStats(r.stats);
  const scores = stats && scoreDriven(stats, settings);
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
    // To three decimals, as the reports: 17 digits of float noise made it twice the size.
    ...(stats ? { drivingStyleData: statsToThousandths(stats) } : {}),
    ...(scores ? { scoreData: scoresToThousandths(scores) } : {}),
    ...(points ? { datapoints: (r.trip && points.get(r.trip.id)) || [] } : {}),
  };
}
