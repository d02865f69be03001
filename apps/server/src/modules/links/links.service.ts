import type {
  AccessTokenClaims,
  DeviceLink,
  DriverLink,
  FromQuery,
  PeriodQuery,
  UntilQuery,
} from '@fleet/contract';
import { badRequest, notFound } from '../../lib/http-error.js';
import type { FleetAccess, Intent } from '../access/index.js';
import type { AssetReads } from '../assets/index.js';
import { toSyncMarks } from '../../db/sync-marks.js';
import type { SyncedRecords } from '../../db/synced-records.js';
import type { Link, LinkKind, LinkRepository, Period } from './links.repository.js';

type Answer = { device: DeviceLink; driver: DriverLink };

/** A link changed over [from, until): the data of that time is attributed again (the engine). */
export type LinkChanged = (change: {
  kind: LinkKind;
  assetId: number;
  targetId: number;
  from: Date;
  until: Date | null;
}) => Promise<void>;

/** Finds the device or driver at the other end of a link (DeviceRepository, DriverRepository). */
interface TargetRepository {
  find(id: number): Promise<{ organisationId: number } | undefined>;
}

/**
 * Links of assets to devices (kind 'device') or to drivers (kind 'driver').
 * A link holds over [from, until) and is open while until is null; the
 * database refuses overlaps (one device on one asset at a time, one asset
 * with one device at a time; the same for drivers).
 */
export class LinkService<K extends LinkKind> {
  private readonly Kind: string;

  constructor(
    private readonly kind: K,
    private readonly links: LinkRepository,
    private readonly assets: AssetReads,
    private readonly targets: TargetRepository,
    private readonly access: FleetAccess,
    private readonly synced: SyncedRecords,
    private readonly changed: LinkChanged,
    /** A link that holds now was made (a device fitted: its settings go to it). */
    private readonly linkedNow: (
      assetId: number,
      targetId: number,
    ) => Promise<void> = async () => {},
  ) {
    this.Kind = kind === 'device' ? 'Device' : 'Driver';
  }

  async listByAsset(user: AccessTokenClaims, assetId: number, query: PeriodQuery) {
    const period = toPeriod(query);
    await this.asset(user, assetId, 'read');
    return (await this.links.listByAsset(this.kind, assetId, period)).map(this.answer);
  }

  async listByTarget(user: AccessTokenClaims, targetId: number, query: PeriodQuery) {
    const period = toPeriod(query);
    await this.target(user, targetId, 'read');
    return (await this.links.listByTarget(this.kind, targetId, period)).map(this.answer);
  }

  /** An open link from `from` (default now). The device or driver must belong to the asset's organisation or one above it. */
  async link(user: AccessTokenClaims, assetId: number, targetId: number, query: FromQuery) {
    const asset = await this.asset(user, assetId, 'write');
    const target = await this.target(user, targetId, 'write');
    await this.access.assertMayServe(target, asset, `${this.Kind} ${targetId}`);
    const from = query.from ? new Date(query.from) : new Date();
    const link = await this.links.create(this.kind, assetId, targetId, from);
    await this.changed({ kind: this.kind, assetId, targetId, from, until: null });
    if (from.getTime() <= Date.now()) await this.linkedNow(assetId, targetId);
    return this.answer(link);
  }

  /** Ends the open link at `until` (default now). */
  async terminate(user: AccessTokenClaims, assetId: number, targetId: number, query: UntilQuery) {
    await this.asset(user, assetId, 'write');
    await this.target(user, targetId, 'write');
    const noOpenLink = () =>
      notFound(`Asset ${assetId} has no open link to ${this.kind} ${targetId}`);
    const open = await this.links.findOpen(this.kind, assetId, targetId);
    if (!open) throw noOpenLink();
    await this.synced.assertLocal(`${this.kind} link`, open.id);
    const until = query.until ? new Date(query.until) : new Date();
    if (until <= open.from) {
      throw badRequest(
        `until (${until.toISOString()}) must be after the link's from (${open.from.toISOString()}); delete a link that never held`,
      );
    }
    const ended = await this.links.terminate(this.kind, open.id, until);
    if (!ended) throw noOpenLink();
    await this.changed({ kind: this.kind, assetId, targetId, from: until, until: null });
    return this.answer(ended);
  }

  /** Removes the link as if it never was. */
  async delete(user: AccessTokenClaims, id: number): Promise<void> {
    const link = await this.links.find(this.kind, id);
    if (!link) throw notFound(`${this.Kind} link ${id} does not exist`);
    await this.asset(user, link.assetId, 'write');
    await this.target(user, link.targetId, 'write');
    await this.synced.assertLocal(`${this.kind} link`, id);
    await this.links.delete(this.kind, id);
    await this.changed({
      kind: this.kind,
      assetId: link.assetId,
      targetId: link.targetId,
      from: link.from,
      until: link.until,
    });
  }

  private async asset(user: AccessTokenClaims, id: number, intent: Intent) {
    return this.access.record(user, await this.assets.find(id), `Asset ${id}`, intent);
  }

  private async target(user: AccessTokenClaims, id: number, intent: Intent) {
    return this.access.record(user, await this.targets.find(id), `${this.Kind} ${id}`, intent);
  }

  private readonly answer = (link: Link): Answer[K] => {
    const target =
      this.kind === 'device' ? { deviceId: link.targetId } : { driverId: link.targetId };
    return {
      id: link.id,
      assetId: link.assetId,
      ...target,
      from: link.from.toISOString(),
      until: link.until?.toISOString() ?? null,
      ...toSyncMarks(link),
    } as Answer[K];
  };
}

function toPeriod(query: PeriodQuery): Period {
  const period = {
    from: query.from === undefined ? undefined : new Date(query.from),
    until: query.until === undefined ? undefined : new Date(query.until),
  };
  if (period.from && period.until && period.until <= period.from) {
    throw badRequest('until must be after from');
  }
  return period;
}
