import type {
  AccessTokenClaims,
  DeviceListItem,
  DeviceListQuery,
  CreateDeviceBody,
  Device,
  DeviceWithCredential,
  UpdateDeviceBody,
} from '@fleet/contract';
import { ErrorCode } from '@fleet/contract';
import { conflict, HttpError, notFound } from '../../lib/http-error.js';
import type { Page } from '../../db/list-page.js';
import type { FleetAccess, Intent } from '../access/index.js';
import { issueCredential } from './device-credentials.js';
import type { SyncedRecords } from '../../db/synced-records.js';
import type { DeviceRepository } from './devices.repository.js';

export class DeviceService {
  constructor(
    private readonly repository: DeviceRepository,
    private readonly access: FleetAccess,
    private readonly synced: SyncedRecords,
    /** Refusals of a taken identifier one user may get in an hour (docs/api.md). */
    private readonly identifierClashesPerHour = 20,
    /** the device API's memory of credentials forgets this device's */
    private readonly credentialChanged: (deviceId: number) => void = () => {},
  ) {}

  async list(
    user: AccessTokenClaims,
    organisationId: number,
    query: DeviceListQuery,
  ): Promise<Page<DeviceListItem>> {
    await this.access.organisation(user, organisationId, 'read');
    return this.repository.list(organisationId, query);
  }

  /** The answer carries the device's credential; it cannot be read again, only re-issued. */
  async create(
    user: AccessTokenClaims,
    organisationId: number,
    body: CreateDeviceBody,
  ): Promise<DeviceWithCredential> {
    await this.access.organisation(user, organisationId, 'write');
    const id = await this.repository.nextId();
    const { credential, hash } = issueCredential(id);
    const fields = { name: body.name.trim(), identifier: body.identifier.trim() };
    const device = await this.boundedProbing(user, fields.identifier, () =>
      this.repository.create(id, organisationId, fields, hash),
    );
    return { ...device, credential };
  }

  get(user: AccessTokenClaims, id: number): Promise<Device> {
    return this.find(user, id, 'read');
  }

  async update(user: AccessTokenClaims, id: number, body: UpdateDeviceBody): Promise<Device> {
    await this.find(user, id, 'write');
    await this.synced.assertLocal('device', id);
    const identifier = body.identifier?.trim();
    const change = () => this.repository.update(id, { name: body.name?.trim(), identifier });
    const updated =
      identifier === undefined
        ? await change()
        : await this.boundedProbing(user, identifier, change);
    if (!updated) throw notFound(`Device ${id} does not exist`);
    return updated;
  }

  /** A new credential; the old one stops working. */
  async reissueCredential(user: AccessTokenClaims, id: number): Promise<DeviceWithCredential> {
    const device = await this.find(user, id, 'write');
    const { credential, hash } = issueCredential(id);
    await this.repository.setCredentialHash(id, hash);
    this.credentialChanged(id);
    return { ...device, credential };
  }

  /** Refused (409) while it is linked to an asset (a link that has not ended). */
  async delete(user: AccessTokenClaims, id: number): Promise<void> {
    const device = await this.find(user, id, 'write');
    await this.synced.assertLocal('device', id);
    const holds = await this.repository.deleteUnlessLinked(id);
    if (holds) {
      throw conflict(
        `Device '${device.name}' (${device.identifier}) is still linked to asset '${holds.assetName}'; end that link first`,
      );
    }
    this.credentialChanged(id);
  }

  /**
   * Identifiers are unique across the platform (a unit exists once; media and the device's
   * records name it), so "not available" says that some device somewhere has it: never whose,
   * nor where, and the same words as for one's own. To keep that from becoming a way to list
   * other organisations' devices, one user gets a bounded number of such refusals an hour,
   * then 429 (counted before the attempt, so parallel attempts cannot beat it).
   */
  private async boundedProbing<T>(
    user: AccessTokenClaims,
    identifier: string,
    attempt: () => Promise<T>,
  ): Promise<T> {
    const reservation = await this.repository.reserveIdentifierAttempt(
      user.user_id,
      identifier,
      this.identifierClashesPerHour,
    );
    if (reservation === undefined) {
      throw new HttpError(
        429,
        ErrorCode.TOO_MANY_ATTEMPTS,
        'Too many identifiers that are not available; try again in an hour',
        { 'retry-after': '3600' },
      );
    }
    try {
      const result = await attempt();
      await this.repository.releaseIdentifierAttempt(reservation);
      return result;
    } catch (error) {
      // A refusal (409, identifier taken) keeps counting; anything else does not.
      if (!(error instanceof HttpError && error.statusCode === 409))
        await this.repository.releaseIdentifierAttempt(reservation);
      throw error;
    }
  }

  private async find(user: AccessTokenClaims, id: number, intent: Intent): Promise<Device> {
    return this.access.record(user, await this.repository.find(id), `Device ${id}`, intent);
  }
}
