import {
  ErrorCode,
  type AccessTokenClaims,
  type CreateSyncApiKeyBody,
  type IssuedSyncApiKey,
  type SyncApiKey,
} from '@fleet/contract';
import { notFound, unauthorized } from '../../lib/http-error.js';
import type { AccessService } from '../access/index.js';
import { sameHash } from '../../lib/same-hash.js';
import { issueApiKey, parseApiKey } from './api-key-tokens.js';
import type { ApiKeyRepository } from './api-keys.repository.js';

/** Who reads the export side: the organisation a key was issued for (and those below it). */
export interface ApiKeyHolder {
  keyId: number;
  organisationId: number;
}

/**
 * The export side's API keys: an OEM issues one for one organisation, sees it once, lists
 * and revokes them. A presented key opens the export side of its organisation's subtree.
 */
export class ApiKeyService {
  constructor(
    private readonly repository: ApiKeyRepository,
    private readonly access: AccessService,
    private readonly userName: (userId: number) => Promise<string | null>,
  ) {}

  async list(user: AccessTokenClaims, organisationId: number): Promise<SyncApiKey[]> {
    await this.access.organisation(user, organisationId);
    return this.repository.list(organisationId);
  }

  async issue(
    user: AccessTokenClaims,
    organisationId: number,
    body: CreateSyncApiKeyBody,
  ): Promise<IssuedSyncApiKey> {
    await this.access.organisation(user, organisationId);
    const id = await this.repository.nextId();
    const { key, hash, prefix } = issueApiKey(id);
    const record = await this.repository.create({
      id,
      organisationId,
      name: body.name.trim(),
      hash,
      prefix,
      createdByName: await this.userName(user.user_id),
    });
    return { ...record, key };
  }

  async revoke(user: AccessTokenClaims, id: number): Promise<SyncApiKey> {
    const key = await this.repository.find(id);
    const description = `API key ${id}`;
    if (!key) throw notFound(`${description} does not exist`);
    await this.access.assertWithin(user, key.organisationId, description);
    const revoked = await this.repository.revoke(id);
    if (!revoked) throw notFound(`${description} does not exist`);
    return revoked;
  }

  /** The holder of a presented key, or 401 (missing, malformed, unknown and revoked alike). */
  async authenticate(presented: string | undefined): Promise<ApiKeyHolder> {
    const refused = () =>
      unauthorized(ErrorCode.UNAUTHORIZED, 'A valid API key is required (header X-Api-Key)');
    const parsed = presented ? parseApiKey(presented) : undefined;
    if (!parsed) throw refused();
    const stored = await this.repository.credential(parsed.id);
    if (!stored || stored.revoked || !sameHash(stored.hash, parsed.hash)) throw refused();
    await this.repository.touch(parsed.id);
    return { keyId: parsed.id, organisationId: stored.organisationId };
  }
}
