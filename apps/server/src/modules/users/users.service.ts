import type {
  AccessTokenClaims,
  CreateUserBody,
  Role,
  UpdateUserBody,
  User,
  UserListQuery,
} from '@fleet/contract';
import { badRequest, notFound } from '../../lib/http-error.js';
import { visibleName } from '../../lib/text.js';
import type { Page } from '../../db/list-page.js';
import type { AccessService } from '../access/index.js';
import { hashPassword } from '../auth/index.js';
import type { SessionCheck } from '../auth/index.js';
import type { DriverReads } from '../drivers/index.js';
import type { OrganisationTree } from '../organisations/index.js';
import { driverLinkChange } from './driver-link.js';
import type { UserRepository } from './users.repository.js';

/**
 * User accounts of the caller's organisation and below (issue 10 §3). The
 * access module says who may create, change or delete which role; the
 * repository keeps each organisation a user who can manage it.
 */
export class UserService {
  constructor(
    private readonly repository: UserRepository,
    private readonly access: AccessService,
    private readonly sessions: SessionCheck,
    private readonly drivers: DriverReads,
    private readonly tree: OrganisationTree,
  ) {}

  async get(caller: AccessTokenClaims, id: number): Promise<User> {
    const user = await this.repository.find(id);
    if (!user) throw notFound(`User ${id} does not exist`);
    await this.access.assertWithin(caller, user.organisation_id, `User ${id}`);
    return user;
  }

  /** Any role of the subtree reads the list. */
  async list(
    caller: AccessTokenClaims,
    organisationId: number,
    query: UserListQuery,
  ): Promise<Page<User>> {
    await this.access.organisation(caller, organisationId);
    return this.repository.list(organisationId, query);
  }

  async create(caller: AccessTokenClaims, organisationId: number, body: CreateUserBody) {
    await this.access.organisation(caller, organisationId);
    this.access.assertMayChangeUser(caller, { action: 'create', role: body.role });
    const driverId = await this.driverLink(organisationId, body.role, null, body.driverId);
    return this.repository.create(organisationId, {
      name: body.name.trim(),
      username: visibleName(body.username, 'username'),
      passwordHash: await hashPassword(body.password),
      role: body.role,
      driverId: driverId ?? null,
    });
  }

  /** A new role or password ends the user's sessions: it signs in again. */
  async update(caller: AccessTokenClaims, id: number, body: UpdateUserBody): Promise<User> {
    const target = await this.get(caller, id);
    this.access.assertMayChangeUser(caller, {
      action: 'update',
      targetId: id,
      targetRole: target.user_role,
      role: body.role,
    });
    const driverId = await this.driverLink(
      target.organisation_id,
      body.role ?? target.user_role,
      target.driverId,
      body.driverId,
    );
    const updated = await this.repository.update(id, {
      name: body.name?.trim(),
      username: body.username === undefined ? undefined : visibleName(body.username, 'username'),
      passwordHash: body.password === undefined ? undefined : await hashPassword(body.password),
      role: body.role,
      driverId,
    });
    if (!updated) throw notFound(`User ${id} does not exist`);
    if (body.password !== undefined || updated.user_role !== target.user_role) {
      this.sessions.forgetUser(id);
    }
    return updated;
  }

  async delete(caller: AccessTokenClaims, id: number): Promise<void> {
    const target = await this.get(caller, id);
    this.access.assertMayChangeUser(caller, {
      action: 'delete',
      targetId: id,
      targetRole: target.user_role,
    });
    if (!(await this.repository.delete(id))) throw notFound(`User ${id} does not exist`);
    this.sessions.forgetUser(id);
  }

  /**
   * The driver link a create or update leaves (undefined: unchanged): only a DRIVER has one, and
   * its driver belongs to the user's organisation or one below (400 otherwise, the same words
   * for a driver elsewhere as for one that does not exist).
   */
  private async driverLink(
    organisationId: number,
    role: Role,
    current: number | null,
    asked: number | null | undefined,
  ): Promise<number | null | undefined> {
    const change = driverLinkChange(role, current, asked);
    if (change.kind === 'refuse') throw badRequest(change.message);
    if (change.kind === 'keep') return undefined;
    if (change.driverId === null || change.driverId === current) return change.driverId;
    const driver = await this.drivers.find(change.driverId);
    const within =
      driver !== undefined &&
      (driver.organisationId === organisationId ||
        (await this.tree.isWithin(driver.organisationId, organisationId)));
    if (!within) {
      throw badRequest(
        `Driver ${change.driverId} is not a driver of this user's organisation or one below it`,
      );
    }
    return change.driverId;
  }
}
