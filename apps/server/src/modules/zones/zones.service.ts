import {
  ZONE_LIMITS,
  type AccessTokenClaims,
  type LonLat,
  type Zone,
  type ZoneInput,
  type ZoneShape,
  type ZoneVisit,
  type ZoneVisitQuery,
} from '@fleet/contract';
import { badRequest, forbidden, notFound } from '../../lib/http-error.js';
import type { AccessService } from '../access/index.js';
import type { OrganisationTree } from '../organisations/index.js';
import { boundingBox } from './zone-visits.core.js';
import type { VersionValues, VisitPartRow, ZoneRow, ZonesRepository } from './zones.repository.js';

const iso = (d: Date) => d.toISOString();
/** Visit parts one report reads at most. */
const MAX_PARTS = 20_000;
const DAY_MS = 86_400_000;

const answer = (z: ZoneRow): Zone => ({
  id: z.id,
  organisationId: z.organisation_id,
  name: z.name,
  shape: z.shape,
  speedLimit: z.speed_limit,
  groupId: z.group_id,
  colour: z.colour.toLowerCase(),
  createdAt: iso(z.created_at),
  updatedAt: iso(z.updated_at),
});

const same = (a: LonLat, b: LonLat) => a[0] === b[0] && a[1] === b[1];

/** Whether segments ab and cd cross (touching at an end counts). */
function crosses(a: LonLat, b: LonLat, c: LonLat, d: LonLat): boolean {
  const orient = (p: LonLat, q: LonLat, r: LonLat) =>
    Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  const onSegment = (p: LonLat, q: LonLat, r: LonLat) =>
    Math.min(p[0], r[0]) <= q[0] &&
    q[0] <= Math.max(p[0], r[0]) &&
    Math.min(p[1], r[1]) <= q[1] &&
    q[1] <= Math.max(p[1], r[1]);
  const [o1, o2, o3, o4] = [orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)];
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(a, c, b)) ||
    (o2 === 0 && onSegment(a, d, b)) ||
    (o3 === 0 && onSegment(c, a, d)) ||
    (o4 === 0 && onSegment(c, b, d))
  );
}

/** The shape as stored (a polygon's ring open), or what is wrong with it. */
export function checkShape(shape: ZoneShape): ZoneShape | string {
  if (shape.type === 'circle') return shape;
  let ring = shape.coordinates;
  if (ring.length > 1 && same(ring[0]!, ring[ring.length - 1]!)) ring = ring.slice(0, -1);
  const { min, max } = ZONE_LIMITS.polygonPoints;
  if (ring.length < min || ring.length > max)
    return `a polygon needs ${min} to ${max} points (besides a closing one)`;
  for (let i = 0; i < ring.length; i++)
    if (same(ring[i]!, ring[(i + 1) % ring.length]!))
      return 'a polygon may not repeat a point one after another';
  const n = ring.length;
  for (let i = 0; i < n; i++)
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue; // neighbours through the closing edge
      if (crosses(ring[i]!, ring[i + 1]!, ring[j]!, ring[(j + 1) % n]!))
        return 'a polygon may not cross itself';
    }
  let area = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[(i + 1) % ring.length]!;
    area += x1 * y2 - x2 * y1;
  }
  if (Math.abs(area) < 1e-12) return 'a polygon needs an area (its points lie on one line)';
  if (Math.max(...ring.map((c) => c[0])) - Math.min(...ring.map((c) => c[0])) > 180)
    return 'a polygon may not span more than 180° of longitude';
  return { type: 'polygon', coordinates: ring };
}

/** The parts of one asset's stays joined over midnight: a `continued` part joins the one before. */
export function joinParts(parts: readonly VisitPartRow[]): VisitPartRow[][] {
  const visits: VisitPartRow[][] = [];
  for (const part of parts) {
    const last = visits.at(-1);
    const previous = last?.at(-1);
    const joins =
      previous !== undefined &&
      part.continued &&
      previous.asset_id === part.asset_id &&
      previous.zone_id === part.zone_id &&
      (previous.continues || previous.exited_at === null) &&
      part.entered_at.getTime() - (previous.exited_at ?? previous.last_seen_at).getTime() <= DAY_MS;
    if (joins) last!.push(part);
    else visits.push([part]);
  }
  return visits;
}

const visitOf = (parts: VisitPartRow[]): ZoneVisit => {
  const first = parts[0]!;
  const last = parts.at(-1)!;
  const end = last.exited_at ?? last.last_seen_at;
  return {
    zoneId: first.zone_id,
    zoneName: first.zone_name,
    assetId: first.asset_id,
    assetName: first.asset_name,
    driverId: first.driver_id,
    driverName: first.driver_name,
    enteredAt: iso(first.entered_at),
    exitedAt: last.exited_at && iso(last.exited_at),
    seconds: Math.max(0, Math.round((end.getTime() - first.entered_at.getTime()) / 1000)),
    maxSpeed: Math.max(...parts.map((p) => p.max_speed)),
    speedingSeconds: parts.reduce((sum, p) => sum + p.speeding_seconds, 0),
  };
};

/**
 * Zones of an organisation (issue 21 §1): read by the roles that see the fleet in the
 * subtree, not a DRIVER; changed by the roles that manage the fleet. An edit is a new version
 * from now on, a deletion ends the last one (its visits stay in the report).
 */
export class ZonesService {
  constructor(
    private readonly repository: ZonesRepository,
    private readonly access: AccessService,
    private readonly tree: OrganisationTree,
  ) {}

  async list(user: AccessTokenClaims, organisationId: number): Promise<Zone[]> {
    await this.mayRead(user, organisationId);
    return (await this.repository.list(organisationId)).map(answer);
  }

  async create(user: AccessTokenClaims, organisationId: number, input: ZoneInput): Promise<Zone> {
    await this.access.organisation(user, organisationId);
    this.access.assertMayManageFleet(user);
    const values = await this.values(organisationId, input);
    const id = await this.repository.create(organisationId, values);
    return answer((await this.repository.find(id))!);
  }

  async update(user: AccessTokenClaims, id: number, input: ZoneInput): Promise<Zone> {
    const zone = await this.zone(user, id);
    const values = await this.values(zone.organisation_id, input);
    if (!(await this.repository.newVersion(id, values)))
      throw notFound(`Zone ${id} does not exist`);
    return answer((await this.repository.find(id))!);
  }

  async remove(user: AccessTokenClaims, id: number): Promise<void> {
    await this.zone(user, id);
    if (!(await this.repository.newVersion(id, 'deleted')))
      throw notFound(`Zone ${id} does not exist`);
  }

  async visits(
    user: AccessTokenClaims,
    organisationId: number,
    query: ZoneVisitQuery,
  ): Promise<ZoneVisit[]> {
    await this.mayRead(user, organisationId);
    const from = new Date(query.from);
    const until = new Date(query.until);
    if (!(from.getTime() < until.getTime())) throw badRequest('from must be before until');
    if (until.getTime() - from.getTime() > ZONE_LIMITS.visitDays * DAY_MS)
      throw badRequest(`A period of at most ${ZONE_LIMITS.visitDays} days`);
    if (query.zoneId !== undefined) {
      const owner = await this.repository.zoneOrganisation(query.zoneId);
      if (owner !== organisationId) throw notFound(`Zone ${query.zoneId} does not exist`);
    }
    if (query.groupId !== undefined) {
      const owner = await this.repository.groupOrganisation(query.groupId);
      if (owner === undefined || !(await this.access.isWithin(user, owner)))
        throw notFound(`Group ${query.groupId} does not exist`);
    }
    // A day either side, so the parts of a stay over midnight at the period's edge are joined.
    const parts = await this.repository.visitParts(
      organisationId,
      new Date(from.getTime() - DAY_MS),
      new Date(until.getTime() + DAY_MS),
      { zoneId: query.zoneId, groupId: query.groupId },
      MAX_PARTS,
    );
    return joinParts(parts)
      .map(visitOf)
      .filter((v) => {
        const end = v.exitedAt
          ? Date.parse(v.exitedAt)
          : Date.parse(v.enteredAt) + v.seconds * 1000;
        return Date.parse(v.enteredAt) < until.getTime() && end >= from.getTime();
      })
      .sort(
        (a, b) =>
          a.enteredAt.localeCompare(b.enteredAt) ||
          a.assetName.localeCompare(b.assetName) ||
          a.zoneId - b.zoneId,
      );
  }

  private async mayRead(user: AccessTokenClaims, organisationId: number) {
    await this.access.organisation(user, organisationId);
    if (user.user_role === 'DRIVER') throw forbidden('Drivers do not see the zones of the fleet');
  }

  private async zone(user: AccessTokenClaims, id: number): Promise<ZoneRow> {
    const zone = await this.repository.find(id);
    if (!zone) throw notFound(`Zone ${id} does not exist`);
    await this.access.assertWithin(user, zone.organisation_id, `Zone ${id}`);
    this.access.assertMayManageFleet(user);
    return zone;
  }

  private async values(organisationId: number, input: ZoneInput): Promise<VersionValues> {
    const name = input.name.trim();
    if (!name) throw badRequest('name may not be blank');
    const shape = checkShape(input.shape);
    if (typeof shape === 'string') throw badRequest(shape);
    if (input.groupId !== null) {
      const owner = await this.repository.groupOrganisation(input.groupId);
      if (owner === undefined || !(await this.tree.isWithin(owner, organisationId)))
        throw badRequest('groupId is not a group of this organisation or one below it');
    }
    return {
      name,
      shape,
      speed_limit: input.speedLimit,
      group_id: input.groupId,
      colour: input.colour.toLowerCase(),
      bbox: boundingBox(shape),
    };
  }
}
