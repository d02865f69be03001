import {
  MAX_SYNC_ERRORS_KEPT,
  type SyncCounts,
  type SyncEntityKind,
  type SyncError,
  type SyncProgress,
  type SyncSelection,
} from '@fleet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import {
  EXCLUSION_VIOLATION,
  UNIQUE_VIOLATION,
  isPostgresError,
} from '../../lib/postgres-errors.js';
import type { KeyCrypto } from './key-crypto.js';
import { RemoteError, type SyncRemoteRepository } from './remote.repository.js';
import { afterRun, triggerOf } from './schedule.js';
import {
  inSavepoint,
  recordKey,
  type LinkChange,
  type LinkKind,
  type LocalLink,
  type RecordKind,
  type SyncApplyRepository,
} from './sync-apply.repository.js';
import type { ConfigRow, SyncConfigRepository } from './sync-config.repository.js';
import { SyncFetcher, type Fetched, type ProgressSink } from './sync-fetch.js';
import { diffRecords, type RecordDiff } from './sync-diff.js';
import {
  APPLY_ORDER,
  KIND_NAMES,
  sameFields,
  type DeviceFields,
  type FieldsOf,
  type LinkFields,
} from './sync-kinds.js';
import type { SyncResultRepository } from './sync-results.repository.js';

/** Progress is written at most this often. */
const PROGRESS_MS = 500;

type Trx = Kysely<Database>;

export const SELECTED_KINDS: [keyof SyncSelection, SyncEntityKind][] = [
  ['assets', 'ASSET'],
  ['drivers', 'DRIVER'],
  ['devices', 'DEVICE'],
  ['deviceLinks', 'DEVICE_LINK'],
  ['driverLinks', 'DRIVER_LINK'],
];

export interface SyncRunOptions {
  /** the first retry's delay; doubles with every failure in a row */
  retryBaseSeconds: number;
  /** most records of one kind one remote organisation may list */
  maxItemsPerKind: number;
  /** host:pid:instance of this server, kept on the results it runs */
  runner: string;
}

/** What the rest of the server does when links change (outside the run's transaction). */
export interface SyncHooks {
  /** the engine attributes the data of the changed period again */
  linkChanged(change: LinkChange): Promise<void>;
  /** devices fitted now get their asset's settings */
  devicesFitted(assetIds: number[]): Promise<void>;
}

/** What one run found and did, kind by kind. */
class Outcome {
  readonly counts: Partial<Record<SyncEntityKind, SyncCounts>> = {};
  readonly errors: SyncError[] = [];
  errorCount = 0;
  readonly kindsWithErrors = new Set<SyncEntityKind>();
  readonly linkChanges: LinkChange[] = [];
  readonly fittedAssets = new Set<number>();

  error(entityKind: SyncEntityKind, externalId: string | null, message: string) {
    this.errorCount++;
    this.kindsWithErrors.add(entityKind);
    if (this.errors.length < MAX_SYNC_ERRORS_KEPT)
      this.errors.push({ entityKind, externalId, message });
  }
}

/** Errors of one record (the database refused it), as opposed to the run's own failures. */
const isRecordError = (error: unknown) =>
  error instanceof Error &&
  typeof (error as { code?: unknown }).code === 'string' &&
  /^2[23]/.test((error as unknown as { code: string }).code);

/**
 * One synchronisation run of one organisation: read the remote, compare with the local
 * copies, apply the differences in one transaction, record the result. Runs happen under a
 * PostgreSQL advisory lock on the organisation, held by one connection for the whole run: no
 * two servers on one database run it at once, and a server that dies lets go of it.
 */
export class SyncRunService {
  private readonly fetcher: SyncFetcher;

  constructor(
    private readonly db: Db,
    private readonly configs: SyncConfigRepository,
    private readonly results: SyncResultRepository,
    private readonly apply: SyncApplyRepository,
    private readonly remote: SyncRemoteRepository,
    private readonly crypto: KeyCrypto,
    private readonly hooks: SyncHooks,
    private readonly options: SyncRunOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.fetcher = new SyncFetcher(db, remote, apply, options.maxItemsPerKind);
  }

  /**
   * Runs the organisation's synchronisation when it is due or queued and nobody else runs it.
   * Answers whether this server ran it.
   */
  async runIfDue(
    candidate: { id: number; organisationId: number },
    signal?: AbortSignal,
  ): Promise<boolean> {
    return this.db.connection().execute(async (conn) => {
      if (!(await this.configs.tryLockRun(conn, candidate.organisationId))) return false;
      try {
        return await this.runLocked(conn, candidate.id, signal);
      } finally {
        await this.configs
          .unlockRun(conn, candidate.organisationId)
          .catch((error: unknown) => this.log.warn({ err: error }, 'sync: unlock failed'));
      }
    });
  }

  private async runLocked(conn: Trx, configurationId: number, signal?: AbortSignal) {
    let config = await this.configs.find(configurationId, conn);
    if (!config) return false;
    let active = await this.results.active(config.id, conn);
    if (active?.status === 'RUNNING') {
      // We hold the lock, so whoever marked it RUNNING is gone.
      await this.fail(
        conn,
        config.id,
        active.id,
        'Interrupted: the server running it stopped before it ended',
      );
      config = (await this.configs.find(configurationId, conn))!;
      active = undefined;
    }
    const queued = active?.status === 'QUEUED' ? active : undefined;
    const due =
      config.enabled &&
      config.externalIds.length > 0 &&
      config.nextRunAt !== null &&
      config.nextRunAt <= new Date();
    if (!queued && !due) return false;
    const run = {
      configurationId: config.id,
      organisationId: config.organisationId,
      trigger: triggerOf(queued !== undefined, config.failures),
      attempt: config.failures + 1,
      runner: this.options.runner,
    };
    let result = await this.results.start(conn, { ...run, queuedId: queued?.id });
    if (!result) {
      // Queued by hand a moment ago: run that one.
      const now = await this.results.active(config.id, conn);
      if (now?.status !== 'QUEUED') return false;
      result = await this.results.start(conn, { ...run, queuedId: now.id, trigger: 'MANUAL' });
      if (!result) return false;
    }
    await this.execute(conn, config, result.id, signal);
    return true;
  }

  private async execute(conn: Trx, config: ConfigRow, resultId: number, signal?: AbortSignal) {
    const progress = new ProgressWriter((p) => this.results.progress(resultId, p));
    try {
      const key = this.key(config);
      if (!config.externalIds.length) {
        throw new RemoteError(
          'No remote organisation is chosen to mirror (PUT organisations/{id}/externalids)',
        );
      }
      const kinds = SELECTED_KINDS.filter(([flag]) => config.selection[flag]).map(([, k]) => k);
      const fetched = await this.fetcher.fetchAll(config, key, kinds, progress, signal);
      const { outcome, incremental } = await conn
        .transaction()
        .execute((trx) => this.applyAll(trx, config, resultId, kinds, fetched, progress));
      await this.afterCommit(outcome);
      this.log.info(
        {
          organisationId: config.organisationId,
          resultId,
          errors: outcome.errorCount,
          incremental,
        },
        'sync: run ended',
      );
    } catch (error) {
      const reason = signal?.aborted
        ? 'Interrupted: the server stopped during the run'
        : error instanceof RemoteError
          ? error.message
          : `The run failed on this server: ${(error as Error).message ?? String(error)}`.slice(
              0,
              500,
            );
      if (!(error instanceof RemoteError) && !signal?.aborted)
        this.log.error({ err: error, organisationId: config.organisationId }, 'sync: run failed');
      await this.fail(conn, config.id, resultId, reason);
    }
  }

  private key(config: ConfigRow): string {
    if (!config.apiKeyEncrypted) {
      throw new RemoteError('No API key is set: enter the remote’s key in the configuration');
    }
    const key = this.crypto.decrypt(config.apiKeyEncrypted, config.organisationId);
    if (key === undefined) {
      throw new RemoteError(
        'The stored API key cannot be read with this server’s secret (was JWT_SECRET changed?): enter the key again',
      );
    }
    return key;
  }

  // ── Applying: one transaction ────────────────────────────────────────────

  private async applyAll(
    trx: Trx,
    config: ConfigRow,
    resultId: number,
    kinds: SyncEntityKind[],
    fetched: Fetched[],
    progress: ProgressWriter,
  ): Promise<{ outcome: Outcome; incremental: boolean }> {
    const outcome = new Outcome();
    const now = new Date();
    const total = fetched.reduce((sum, f) => sum + f.records.length, 0);
    let done = 0;
    for (const kind of APPLY_ORDER.filter((k) => kinds.includes(k))) {
      await progress.write({ phase: 'APPLYING', entityKind: kind, done, total }, true);
      const remote = fetched.filter((f) => f.kind === kind).flatMap((f) => f.records);
      const local = await this.apply.localRecords(trx, kind, config.organisationId);
      const diff = diffRecords(remote, local, sameFields);
      for (const f of diff.failed) outcome.error(kind, f.externalId, f.problem);
      for (const u of diff.unknown) {
        outcome.error(
          kind,
          u.externalId,
          'listed as unchanged, but there is no copy of it here; it is read in full next time',
        );
      }
      if (kind === 'DEVICE_LINK' || kind === 'DRIVER_LINK') {
        await this.applyLinks(
          trx,
          kind,
          config.organisationId,
          diff as RecordDiff<LinkFields>,
          now,
          outcome,
        );
      } else {
        await this.applyRecords(
          trx,
          kind,
          config.organisationId,
          diff as RecordDiff<FieldsOf[RecordKind]>,
          now,
          outcome,
        );
      }
      done += remote.length;
    }
    await progress.write({ phase: 'APPLYING', entityKind: null, done: total, total }, true);

    // The result and the schedule change with the data, or not at all.
    const stamps: Record<string, string> = {};
    for (const f of fetched)
      if (!outcome.kindsWithErrors.has(f.kind)) stamps[`${f.source}/${f.kind}`] = f.stamp;
    const incremental = fetched.length > 0 && fetched.every((f) => f.incremental);
    const current = await this.configs.lockSchedule(trx, config.id);
    const next = afterRun(current, false, new Date(), this.options.retryBaseSeconds);
    await this.configs.ranWell(trx, config.id, next.nextRunAt, stamps);
    await this.results.finish(trx, resultId, {
      status: outcome.errorCount ? 'PARTIAL' : 'SUCCESS',
      counts: outcome.counts,
      errors: outcome.errors,
      errorCount: outcome.errorCount,
      incremental,
    });
    return { outcome, incremental };
  }

  private async applyRecords<K extends RecordKind>(
    trx: Trx,
    kind: K,
    org: number,
    diff: RecordDiff<FieldsOf[K]>,
    now: Date,
    outcome: Outcome,
  ) {
    let creates = diff.create;
    let updates = diff.update;
    if (kind === 'DEVICE') {
      ({ creates, updates } = (await this.freeIdentifiers(
        trx,
        creates as RecordDiff<DeviceFields>['create'],
        updates as RecordDiff<DeviceFields>['update'],
        outcome,
      )) as { creates: typeof creates; updates: typeof updates });
    }
    const created = await this.batched(
      trx,
      creates,
      (items) => this.apply.insertRecords(trx, kind, org, items),
      (item, error) => outcome.error(kind, item.externalId, this.refusal(kind, error)),
    );
    const updated = await this.batched(
      trx,
      updates,
      (items) =>
        this.apply.updateRecords(
          trx,
          kind,
          items.map((u) => ({ id: u.local.id, fields: u.fields })),
        ),
      (item, error) => outcome.error(kind, item.local.externalId, this.refusal(kind, error)),
    );
    outcome.linkChanges.push(
      ...(await this.apply.deactivateRecords(
        trx,
        kind,
        diff.deactivate.map((d) => d.id),
        now,
      )),
    );
    outcome.counts[kind] = {
      created: created.length,
      updated: updated.length,
      unchanged: diff.unchanged.length,
      deactivated: diff.deactivate.length,
    };
  }

  /**
   * Device identifiers are unique across the platform: one held by another device here (of
   * any organisation), or listed twice by the remote, is an error of that device. The error
   * does not name the holder, which may be another organisation's (docs/api.md).
   */
  private async freeIdentifiers(
    trx: Trx,
    creates: RecordDiff<DeviceFields>['create'],
    updates: RecordDiff<DeviceFields>['update'],
    outcome: Outcome,
  ) {
    const holders = await this.apply.devicesByIdentifier(trx, [
      ...creates.map((c) => c.fields.identifier),
      ...updates.map((u) => u.fields.identifier),
    ]);
    const claimed = new Set<string>();
    const free = (identifier: string, externalId: string, self?: number) => {
      const holder = holders.get(identifier);
      if (holder && holder.id !== self) {
        outcome.error(
          'DEVICE',
          externalId,
          `identifier ${identifier} is not available: another device on this server has it`,
        );
        return false;
      }
      if (claimed.has(identifier)) {
        outcome.error(
          'DEVICE',
          externalId,
          `identifier ${identifier} is listed for another device too`,
        );
        return false;
      }
      claimed.add(identifier);
      return true;
    };
    return {
      creates: creates.filter((c) => free(c.fields.identifier, c.externalId)),
      updates: updates.filter((u) => free(u.fields.identifier, u.local.externalId, u.local.id)),
    };
  }

  private async applyLinks(
    trx: Trx,
    kind: LinkKind,
    org: number,
    diff: RecordDiff<LinkFields>,
    now: Date,
    outcome: Outcome,
  ) {
    const assets = await this.apply.activeIndex(trx, 'ASSET', org);
    const targetKind = kind === 'DEVICE_LINK' ? 'DEVICE' : 'DRIVER';
    const targets = await this.apply.activeIndex(trx, targetKind, org);
    const resolve = (
      source: string,
      externalId: string,
      fields: LinkFields,
    ): LocalLink | undefined => {
      const assetId = assets.get(recordKey(source, fields.assetExternalId));
      const targetId = targets.get(recordKey(source, fields.targetExternalId));
      const missing = [
        assetId === undefined && `asset ${fields.assetExternalId}`,
        targetId === undefined && `${KIND_NAMES[targetKind]} ${fields.targetExternalId}`,
      ].filter(Boolean);
      if (missing.length) {
        outcome.error(
          kind,
          externalId,
          `it links ${missing.join(' and ')}, which ${missing.length > 1 ? 'have' : 'has'} no active copy here (not listed by the remote, or refused above)`,
        );
        return undefined;
      }
      return {
        source,
        externalId,
        assetId: assetId!,
        targetId: targetId!,
        from: new Date(fields.from),
        until: fields.until === null ? null : new Date(fields.until),
      };
    };
    const creates = diff.create
      .map((c) => resolve(c.source, c.externalId, c.fields))
      .filter((l): l is LocalLink => l !== undefined);
    const created = await this.batched(
      trx,
      creates,
      async (links) =>
        outcome.linkChanges.push(...(await this.apply.insertLinks(trx, kind, links))),
      async (link, error) =>
        outcome.error(kind, link.externalId, await this.linkRefusal(trx, kind, link, error)),
    );
    let updated = 0;
    for (const u of diff.update) {
      const link = resolve(u.local.source, u.local.externalId, u.fields);
      if (!link) continue;
      try {
        outcome.linkChanges.push(
          ...(await inSavepoint(trx, () => this.apply.updateLink(trx, kind, u.local.id, link))),
        );
        updated++;
      } catch (error) {
        if (!isRecordError(error)) throw error;
        outcome.error(kind, link.externalId, await this.linkRefusal(trx, kind, link, error));
      }
    }
    outcome.linkChanges.push(
      ...(await this.apply.deactivateLinks(
        trx,
        kind,
        diff.deactivate.map((d) => d.id),
        now,
      )),
    );
    if (kind === 'DEVICE_LINK') {
      for (const change of outcome.linkChanges) {
        if (change.kind === 'device' && change.from <= now && (!change.until || change.until > now))
          outcome.fittedAssets.add(change.assetId);
      }
    }
    outcome.counts[kind] = {
      created: created.length,
      updated,
      unchanged: diff.unchanged.length,
      deactivated: diff.deactivate.length,
    };
  }

  /**
   * All items in one statement; when the database refuses that, item by item, each in a
   * savepoint, so one refused record is an error of its own and the others go in. Answers
   * the items that went in.
   */
  private async batched<T>(
    trx: Trx,
    items: T[],
    write: (items: T[]) => Promise<unknown>,
    refused: (item: T, error: unknown) => void | Promise<void>,
  ): Promise<T[]> {
    if (!items.length) return [];
    try {
      await inSavepoint(trx, () => write(items));
      return items;
    } catch (error) {
      if (!isRecordError(error) || items.length === 1) {
        if (!isRecordError(error)) throw error;
        await refused(items[0]!, error);
        return [];
      }
    }
    const done: T[] = [];
    for (const item of items) {
      try {
        await inSavepoint(trx, () => write([item]));
        done.push(item);
      } catch (error) {
        if (!isRecordError(error)) throw error;
        await refused(item, error);
      }
    }
    return done;
  }

  private refusal(kind: SyncEntityKind, error: unknown): string {
    if (kind === 'DEVICE' && isPostgresError(error, UNIQUE_VIOLATION, 'devices_identifier_key'))
      return 'its identifier is already used by another device on this server';
    return `the database refused it: ${(error as Error).message}`;
  }

  private async linkRefusal(trx: Trx, kind: LinkKind, link: LocalLink, error: unknown) {
    if (!isPostgresError(error, EXCLUSION_VIOLATION)) return this.refusal(kind, error);
    const other = await this.apply.overlapping(trx, kind, link);
    if (!other) return 'it overlaps another link here';
    const span = `from ${other.from.toISOString()}${other.until ? ` until ${other.until.toISOString()}` : ''}`;
    return `it overlaps ${KIND_NAMES[kind]} ${other.id} here ('${other.assetName}' with '${other.targetName}' ${span})`;
  }

  private async afterCommit(outcome: Outcome) {
    for (const change of outcome.linkChanges) {
      await this.hooks
        .linkChanged(change)
        .catch((error: unknown) =>
          this.log.error({ err: error }, 'sync: re-attributing a link failed'),
        );
    }
    if (outcome.fittedAssets.size) {
      await this.hooks
        .devicesFitted([...outcome.fittedAssets])
        .catch((error: unknown) => this.log.error({ err: error }, 'sync: sending settings failed'));
    }
  }

  // ── Failing ──────────────────────────────────────────────────────────────

  /**
   * The result FAILED with its reason, nothing applied; a retry is scheduled with backoff. The
   * stamps are forgotten: the next run reads everything (a remote that lost its own stamps
   * would otherwise refuse `since` for ever).
   */
  private async fail(conn: Trx, configurationId: number, resultId: number, reason: string) {
    await conn.transaction().execute(async (trx) => {
      const current = await this.configs.lockSchedule(trx, configurationId);
      const next = afterRun(current, true, new Date(), this.options.retryBaseSeconds);
      await this.results.fail(trx, resultId, reason, next.nextRetryAt);
      await this.configs.ranBadly(trx, configurationId, next.failures, next.nextRunAt);
    });
  }
}

/** Writes progress at most every PROGRESS_MS (or when forced), one write at a time. */
class ProgressWriter implements ProgressSink {
  private last = 0;

  constructor(private readonly save: (progress: SyncProgress) => Promise<void>) {}

  async write(progress: SyncProgress, force = false): Promise<void> {
    const now = Date.now();
    if (!force && now - this.last < PROGRESS_MS) return;
    this.last = now;
    await this.save(progress);
  }
}
