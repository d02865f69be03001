import {
  DEFAULT_SYNC_SELECTION,
  MAX_SYNC_RESULTS_LISTED,
  SYNC_INTERVAL_MINUTES,
  syncSelectionProblem,
  type AccessTokenClaims,
  type CreateSyncConfigurationBody,
  type RemoteOrganisationList,
  type RemoteOrganisationsQuery,
  type SyncConfiguration,
  type SyncExternalIdsBody,
  type SyncLastResult,
  type SyncResult,
  type SyncResultsQuery,
  type SyncSelection,
  type UpdateSyncConfigurationBody,
} from '@fleet/contract';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-error.js';
import type { AccessService } from '../access/index.js';
import type { KeyCrypto } from './key-crypto.js';
import { RemoteError, normaliseServer, type SyncRemoteRepository } from './remote.repository.js';
import type { ConfigChange, ConfigRow, SyncConfigRepository } from './sync-config.repository.js';
import type { SyncResultRepository } from './sync-results.repository.js';

const toConfiguration = (row: ConfigRow): SyncConfiguration => ({
  id: row.id,
  organisationId: row.organisationId,
  server: row.server,
  apiKeySet: row.apiKeyEncrypted !== null,
  externalIds: row.externalIds,
  synchronise: row.selection,
  intervalMinutes: row.intervalMinutes,
  enabled: row.enabled,
  nextRunAt: row.nextRunAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** What is wrong with a remote's address beyond its pattern, or undefined. */
export function serverProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'server is not an address';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return 'server must be an http or https address';
  if (url.username || url.password) return 'server may not carry a user name or password';
  if (url.search || url.hash) return 'server may not carry a query or a fragment';
  return undefined;
}

function checkSelection(selection: SyncSelection) {
  const problem = syncSelectionProblem(selection);
  if (problem) throw badRequest(problem);
}

/**
 * The mirror's side of the sync base, for OEM users (the base refuses other roles): an
 * organisation's configuration, the remote organisations it mirrors, runs by hand and the
 * results. The API key is stored encrypted (KeyCrypto) and never answered.
 */
export class SyncService {
  constructor(
    private readonly configs: SyncConfigRepository,
    private readonly results: SyncResultRepository,
    private readonly remote: SyncRemoteRepository,
    private readonly crypto: KeyCrypto,
    private readonly access: AccessService,
    /** a run was queued: look for it now */
    private readonly queued: () => void,
  ) {}

  async configuration(user: AccessTokenClaims, organisationId: number): Promise<SyncConfiguration> {
    return toConfiguration(await this.configOf(user, organisationId));
  }

  async create(
    user: AccessTokenClaims,
    organisationId: number,
    body: CreateSyncConfigurationBody,
  ): Promise<SyncConfiguration> {
    await this.access.organisation(user, organisationId);
    const server = await this.server(body.server);
    const selection = body.synchronise ?? DEFAULT_SYNC_SELECTION;
    checkSelection(selection);
    const enabled = body.enabled ?? true;
    const created = await this.configs.create({
      organisationId,
      server,
      apiKeyEncrypted: this.crypto.encrypt(body.apiKey, organisationId),
      selection,
      intervalMinutes: body.intervalMinutes ?? SYNC_INTERVAL_MINUTES.default,
      enabled,
      // The first scheduled run is due at once (it has nothing to mirror until externalids).
      nextRunAt: enabled ? new Date() : null,
    });
    if (!created) {
      throw conflict(
        `Organisation ${organisationId} has a synchronisation configuration already; change it with PUT configurations/{id}`,
      );
    }
    return toConfiguration(created);
  }

  async update(
    user: AccessTokenClaims,
    configurationId: number,
    body: UpdateSyncConfigurationBody,
  ): Promise<SyncConfiguration> {
    const config = await this.configs.find(configurationId);
    const description = `Synchronisation configuration ${configurationId}`;
    if (!config) throw notFound(`${description} does not exist`);
    await this.access.assertWithin(user, config.organisationId, description);
    if (body.synchronise) checkSelection(body.synchronise);
    const change: ConfigChange = {
      server: body.server === undefined ? undefined : await this.server(body.server),
      apiKeyEncrypted:
        body.apiKey === undefined
          ? undefined
          : body.apiKey === null
            ? null
            : this.crypto.encrypt(body.apiKey, config.organisationId),
      selection: body.synchronise,
      intervalMinutes: body.intervalMinutes,
      enabled: body.enabled,
    };
    // Stamps of another system (or of what another key reads) mean nothing: read all again.
    if (change.server !== undefined && change.server !== config.server) change.stamps = {};
    if (body.apiKey !== undefined) change.stamps = {};
    const enabled = body.enabled ?? config.enabled;
    const interval = body.intervalMinutes ?? config.intervalMinutes;
    if (!enabled) change.nextRunAt = null;
    else if (!config.enabled) change.nextRunAt = new Date();
    else if (interval !== config.intervalMinutes && config.failures === 0)
      change.nextRunAt = new Date(Date.now() + interval * 60_000);
    const updated = await this.configs.update(config.id, change);
    if (!updated) throw notFound(`${description} does not exist`);
    return toConfiguration(updated);
  }

  async setExternalIds(
    user: AccessTokenClaims,
    organisationId: number,
    body: SyncExternalIdsBody,
  ): Promise<SyncConfiguration> {
    const config = await this.configOf(user, organisationId);
    // A new choice is mirrored soon (the scheduler skips a configuration with none).
    const chosenNow = !config.externalIds.length && body.externalIds.length > 0;
    const updated = await this.configs.update(config.id, {
      externalIds: body.externalIds,
      nextRunAt: chosenNow && config.enabled ? new Date() : undefined,
    });
    if (!updated) throw this.notConfigured(organisationId);
    return toConfiguration(updated);
  }

  /**
   * The organisations the remote offers for the key of a local organisation's configuration.
   * The key only ever goes to the configured address.
   */
  async remoteOrganisations(
    user: AccessTokenClaims,
    query: RemoteOrganisationsQuery,
  ): Promise<RemoteOrganisationList> {
    const config = await this.configOf(user, query.organisationId);
    const server = await this.server(query.server);
    if (server !== normaliseServer(config.server)) {
      throw badRequest(
        `The key of organisation ${query.organisationId} is for ${config.server}; save the new address in its configuration first`,
      );
    }
    if (!config.apiKeyEncrypted) throw conflict('The configuration has no API key; set one first');
    const key = this.crypto.decrypt(config.apiKeyEncrypted, config.organisationId);
    if (key === undefined) {
      throw conflict(
        'The stored API key cannot be read with this server’s secret (was JWT_SECRET changed?); enter it again',
      );
    }
    try {
      return await this.remote.organisations(server, key);
    } catch (error) {
      if (error instanceof RemoteError) throw new HttpError(502, 'REMOTE_ERROR', error.message);
      throw error;
    }
  }

  /** A run now: the one queued or running already, or a new one (202). */
  async runNow(user: AccessTokenClaims, organisationId: number): Promise<SyncResult> {
    const config = await this.configOf(user, organisationId);
    if (!config.externalIds.length) {
      throw conflict(
        'Choose the remote organisations to mirror first (PUT organisations/{id}/externalids)',
      );
    }
    const result = await this.results.queue(config.id, organisationId, config.failures + 1);
    if (!result) throw conflict('The run could not be queued; try again');
    this.queued();
    return result;
  }

  async resultsOf(
    user: AccessTokenClaims,
    organisationId: number,
    query: SyncResultsQuery,
  ): Promise<SyncResult[]> {
    await this.access.organisation(user, organisationId);
    const from = query.from === undefined ? undefined : new Date(query.from);
    const until = query.until === undefined ? undefined : new Date(query.until);
    if (from && until && until <= from) throw badRequest('until must be after from');
    return this.results.list(organisationId, from, until, MAX_SYNC_RESULTS_LISTED);
  }

  async lastResults(user: AccessTokenClaims): Promise<SyncLastResult[]> {
    const rows = await this.configs.lastResults(user.organisation_id);
    const results = await this.results.findMany(
      rows.flatMap((r) => (r.resultId === null ? [] : [r.resultId])),
    );
    return rows.map((row) => ({
      organisationId: row.organisationId,
      organisationName: row.organisationName,
      configurationId: row.configurationId,
      server: row.server,
      enabled: row.enabled,
      nextRunAt: row.nextRunAt?.toISOString() ?? null,
      result: (row.resultId !== null && results.get(row.resultId)) || null,
    }));
  }

  private async configOf(user: AccessTokenClaims, organisationId: number): Promise<ConfigRow> {
    await this.access.organisation(user, organisationId);
    const config = await this.configs.findByOrganisation(organisationId);
    if (!config) throw this.notConfigured(organisationId);
    return config;
  }

  private notConfigured(organisationId: number) {
    return notFound(`Organisation ${organisationId} has no synchronisation configuration`);
  }

  private async server(text: string): Promise<string> {
    const problem = serverProblem(text);
    if (problem) throw badRequest(problem);
    // Also checked at every connection: this is for a clear answer now.
    const destination = await this.remote.addressProblem(text);
    if (destination) throw badRequest(destination);
    return normaliseServer(text);
  }
}
