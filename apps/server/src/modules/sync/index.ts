// The synchronisation module's front door: the mirror of a remote system, its runs and
// schedule, API keys and the export side.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { OutboundPolicy } from '../../lib/outbound.js';
import type { AccessService } from '../access/index.js';
import type { OrganisationTree } from '../organisations/index.js';
import { ApiKeyRepository } from './api-keys.repository.js';
import { ApiKeyService } from './api-keys.service.js';
import { KeyCrypto } from './key-crypto.js';
import { SyncRemoteRepository } from './remote.repository.js';
import { SyncApplyRepository } from './sync-apply.repository.js';
import { SyncConfigRepository } from './sync-config.repository.js';
import { SyncExportRepository } from './sync-export.repository.js';
import { SyncExportService } from './sync-export.service.js';
import { SyncResultRepository } from './sync-results.repository.js';
import { SyncRunService } from './sync-run.service.js';
import { SyncScheduler } from './sync-scheduler.js';
import { SyncService } from './sync.service.js';

export { syncExportRoutes } from './sync-export.routes.js';
export { syncRoutes } from './sync.routes.js';
export type { ApiKeyService } from './api-keys.service.js';
export type { SyncService } from './sync.service.js';
export type { SyncScheduler } from './sync-scheduler.js';
export { issueApiKey } from './api-key-tokens.js';

/** Most records of one kind a remote organisation may list to one run. */
const SYNC_MAX_ITEMS_PER_KIND = 100_000;
/** Largest answer read from a remote (one page). */
const SYNC_MAX_ANSWER_BYTES = 20 * 1024 * 1024;

/** The export side's API keys (the authentication layer checks them). */
export function createApiKeys(deps: {
  db: Db;
  access: AccessService;
  userName: (userId: number) => Promise<string | null>;
}) {
  return new ApiKeyService(new ApiKeyRepository(deps.db), deps.access, deps.userName);
}

export function createSync(deps: {
  db: Db;
  config: Config;
  secret: string;
  outbound: OutboundPolicy;
  access: AccessService;
  tree: OrganisationTree;
  /** What applying a run changed: links (the engine re-processes), devices fitted (settings). */
  applied: ConstructorParameters<typeof SyncRunService>[6];
  log: FastifyBaseLogger;
}) {
  const { db, config, log } = deps;
  // The remote's API keys are sealed with a key from the signing secret.
  const keyCrypto = new KeyCrypto(deps.secret);
  const configs = new SyncConfigRepository(db);
  const results = new SyncResultRepository(db);
  const remote = new SyncRemoteRepository(
    { timeoutMs: config.sync.timeoutMs, maxBytes: SYNC_MAX_ANSWER_BYTES },
    deps.outbound,
  );
  const syncRuns = new SyncRunService(
    db,
    configs,
    results,
    new SyncApplyRepository(),
    remote,
    keyCrypto,
    deps.applied,
    {
      retryBaseSeconds: config.sync.retrySeconds,
      maxItemsPerKind: SYNC_MAX_ITEMS_PER_KIND,
      runner: `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
    },
    log,
  );
  const syncScheduler = new SyncScheduler(configs, results, syncRuns, log);
  return {
    syncRuns,
    syncScheduler,
    sync: new SyncService(configs, results, remote, keyCrypto, deps.access, () =>
      syncScheduler.kick(),
    ),
    syncExport: new SyncExportService(new SyncExportRepository(db), deps.tree),
  };
}
