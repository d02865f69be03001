import type { SyncEntityKind, SyncProgress } from '@fleet/contract';
import type { Db } from '../../db/database.js';
import { RemoteError, type SyncRemoteRepository } from './remote.repository.js';
import { recordKey, type SyncApplyRepository } from './sync-apply.repository.js';
import type { ConfigRow } from './sync-config.repository.js';
import type { RemoteRecord } from './sync-diff.js';
import { KIND_NAMES, fromExport, type FieldsOf } from './sync-kinds.js';

/** One remote organisation's listing of one kind. */
export interface Fetched {
  source: string;
  kind: SyncEntityKind;
  records: RemoteRecord<FieldsOf[SyncEntityKind]>[];
  stamp: string;
  incremental: boolean;
}

/** Where a run's progress goes (written at most now and then, unless forced). */
export interface ProgressSink {
  write(progress: SyncProgress, force?: boolean): Promise<void>;
}

/**
 * The reading half of a run: every selected kind of every mirrored remote organisation, page by
 * page, bounded, changes only when the remote's stamp allows it. Nothing here writes; the run
 * applies what this answers (SyncRunService).
 */
export class SyncFetcher {
  constructor(
    private readonly db: Db,
    private readonly remote: SyncRemoteRepository,
    private readonly apply: SyncApplyRepository,
    private readonly maxItemsPerKind: number,
  ) {}

  async fetchAll(
    config: ConfigRow,
    key: string,
    kinds: SyncEntityKind[],
    progress: ProgressSink,
    signal?: AbortSignal,
  ): Promise<Fetched[]> {
    const fetched: Fetched[] = [];
    let done = 0;
    for (const kind of kinds) {
      const active = await this.activeKeys(kind, config.organisationId);
      for (const source of config.externalIds) {
        await progress.write({ phase: 'FETCHING', entityKind: kind, done, total: null }, true);
        const since = config.stamps[`${source}/${kind}`];
        const read = (s: string | undefined) =>
          this.fetchKind(config.server, key, source, kind, s, signal, async (n) => {
            await progress.write({
              phase: 'FETCHING',
              entityKind: kind,
              done: done + n,
              total: null,
            });
          });
        let listing = await read(since);
        // Listed by id alone, but no active copy here to stand for it: read that kind in full.
        if (
          listing.incremental &&
          listing.records.some(
            (r) =>
              r.fields === undefined &&
              !r.problem &&
              !active.has(recordKey(r.source, r.externalId)),
          )
        ) {
          listing = await read(undefined);
        }
        done += listing.records.length;
        fetched.push(listing);
      }
    }
    return fetched;
  }

  private async activeKeys(kind: SyncEntityKind, organisationId: number): Promise<Set<string>> {
    const local = await this.apply.localRecords(this.db, kind, organisationId);
    return new Set(
      local.filter((l) => !l.deactivated).map((l) => recordKey(l.source, l.externalId)),
    );
  }

  private async fetchKind(
    server: string,
    key: string,
    source: string,
    kind: SyncEntityKind,
    since: string | undefined,
    signal: AbortSignal | undefined,
    onRead: (count: number) => Promise<void>,
  ): Promise<Fetched> {
    const name = KIND_NAMES[kind];
    const changed = new Map<string, RemoteRecord<FieldsOf[SyncEntityKind]>>();
    let stamp: string | undefined;
    let cursor: string | undefined;
    do {
      signal?.throwIfAborted();
      const page = await this.remote.page(server, key, source, kind, { since, cursor }, signal);
      stamp ??= page.stamp;
      for (const item of page.items) {
        if (changed.has(item.externalId)) {
          throw new RemoteError(
            `The remote listed ${name} ${item.externalId} of organisation ${source} twice`,
          );
        }
        const converted = (
          fromExport[kind] as (i: typeof item) => ReturnType<(typeof fromExport)[typeof kind]>
        )(item);
        changed.set(item.externalId, { source, externalId: item.externalId, ...converted });
      }
      this.assertBounded(changed.size, name, source);
      if (page.nextCursor !== null && page.nextCursor === cursor) {
        throw new RemoteError(
          `The remote answered the same ${name} page twice (its cursor does not move)`,
        );
      }
      cursor = page.nextCursor ?? undefined;
      await onRead(changed.size);
    } while (cursor);
    if (since === undefined) {
      return { source, kind, records: [...changed.values()], stamp: stamp!, incremental: false };
    }
    // Changes only: the full id listing says what still exists (and so what was removed).
    const records: RemoteRecord<FieldsOf[SyncEntityKind]>[] = [];
    const ids = new Set<string>();
    cursor = undefined;
    do {
      signal?.throwIfAborted();
      const page = await this.remote.ids(server, key, source, kind, cursor, signal);
      for (const id of page.ids) {
        if (ids.has(id)) {
          throw new RemoteError(`The remote listed ${name} ${id} of organisation ${source} twice`);
        }
        ids.add(id);
        records.push(changed.get(id) ?? { source, externalId: id });
      }
      this.assertBounded(ids.size, name, source);
      if (page.nextCursor !== null && page.nextCursor === cursor) {
        throw new RemoteError(`The remote answered the same ${name} id page twice`);
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return { source, kind, records, stamp: stamp!, incremental: true };
  }

  private assertBounded(count: number, name: string, source: string) {
    if (count > this.maxItemsPerKind) {
      throw new RemoteError(
        `The remote lists more than ${this.maxItemsPerKind} ${name}s for organisation ${source}`,
      );
    }
  }
}
