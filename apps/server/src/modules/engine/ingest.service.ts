import {
  DatapointInput,
  RawRecordInput,
  RAW_RECORD_METRICS,
  type BatchResult,
} from '@fleet/contract';
import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import '../../lib/formats.js';
import { findNul, nulIssue } from '../../lib/text.js';
import { describeValidationErrors, type ValidationIssue } from '../../lib/validation-messages.js';
import { ErrorCode } from '@fleet/contract';
import { HttpError } from '../../lib/http-error.js';
import { Slots } from '../../lib/limits.js';
import { BatchGroups } from './batch-groups.js';
import type { DatapointRow, IngestRepository, RecordRow } from './ingest.repository.js';

/** Issue 18 §3: batches stored at once, how many may wait, and the Retry-After beyond. */
export interface IngestLimits {
  concurrency: number;
  queue: number;
  retryAfterSeconds: number;
}

const UNLIMITED: IngestLimits = { concurrency: 1000, queue: 0, retryAfterSeconds: 5 };

/** Devices' clocks drift; a little ahead is fine, far ahead is a broken clock. */
const MAX_FUTURE_MS = 5 * 60_000;
const EARLIEST = Date.parse('2000-01-01T00:00:00Z');
/** Above any counter a vehicle reaches (10^12 m, s or l); beyond it the sums lose meaning. */
const MAX_VALUE = 1e12;

/** The path of the first number in the item beyond ±MAX_VALUE. */
function findHuge(value: unknown, path = ''): string | undefined {
  if (typeof value === 'number') return Math.abs(value) > MAX_VALUE ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = findHuge(item, `${path}/${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

type Checked<T> = { index: number; item: T } | { index: number; reason: string };

/** Compiled once: compiling costs about as much as checking a whole batch. */
const checkers = new Map<TSchema, ReturnType<typeof Compile>>();
const checkerOf = (schema: TSchema) => {
  let check = checkers.get(schema);
  if (!check) checkers.set(schema, (check = Compile(schema)));
  return check;
};

/** Checks each item on its own, so one bad item does not cost the others. */
function checkItems<S extends TSchema>(
  schema: S,
  items: unknown[],
  now: number,
): Checked<Static<S> & { timestamp: string }>[] {
  const check = checkerOf(schema);
  return items.map((item, index) => {
    const nul = findNul(item);
    if (nul !== undefined)
      return { index, reason: describeValidationErrors([nulIssue(nul)], 'item') };
    if (!check.Check(item)) {
      return {
        index,
        reason: describeValidationErrors([...check.Errors(item)] as ValidationIssue[], 'item'),
      };
    }
    const time = Date.parse((item as { timestamp: string }).timestamp);
    if (Number.isNaN(time)) return { index, reason: 'timestamp is not a date-time' };
    if (time > now + MAX_FUTURE_MS) return { index, reason: 'timestamp is in the future' };
    if (time < EARLIEST) return { index, reason: 'timestamp is before 2000' };
    const huge = findHuge(item);
    if (huge !== undefined)
      return { index, reason: `${huge.slice(1).replaceAll('/', '.')} is out of range` };
    // In UTC, as PostgreSQL reads every instant alike.
    const timestamp = new Date(time).toISOString();
    return { index, item: { ...(item as Static<S>), timestamp } };
  });
}

function split<T>(checked: Checked<T>[]) {
  const good: T[] = [];
  const rejected: BatchResult['rejected'] = [];
  for (const c of checked) {
    if ('reason' in c) rejected.push({ index: c.index, reason: c.reason });
    else good.push(c.item);
  }
  return { good, rejected };
}

export class IngestService {
  private readonly slots: Slots;
  private readonly recordGroups: BatchGroups<RecordRow>;
  private readonly datapointGroups: BatchGroups<DatapointRow>;

  constructor(
    repository: IngestRepository,
    private readonly clock: () => number = Date.now,
    private readonly limits: IngestLimits = UNLIMITED,
    /** the assets whose latest position a batch moved (the push channel announces them) */
    moved: (assetIds: number[]) => void = () => {},
  ) {
    this.slots = new Slots(limits.concurrency);
    this.recordGroups = new BatchGroups(this.slots, (b) => repository.insertRecords(b), moved);
    this.datapointGroups = new BatchGroups(
      this.slots,
      (b) => repository.insertDatapoints(b),
      moved,
    );
  }

  /**
   * Stores a batch when one of `concurrency` places is free, with the batches that waited for
   * it (batch-groups.ts), after at most `queue` others; beyond, refuses it at once with 503 and
   * Retry-After before anything is stored, so the device sends it again and nothing
   * acknowledged is lost (issue 18 §3: every device reconnecting at once queued thousands of
   * batches on the pool users need).
   */
  private admitted<Row>(groups: BatchGroups<Row>, deviceId: number, rows: Row[]): Promise<number> {
    const waiting = this.recordGroups.size + this.datapointGroups.size;
    if (this.slots.holders >= this.slots.size && waiting >= this.limits.queue)
      throw new HttpError(
        503,
        ErrorCode.TOO_MANY_REQUESTS,
        'Too many batches are being stored; send this one again later',
        { 'retry-after': String(this.limits.retryAfterSeconds) },
      );
    return groups.add(deviceId, rows);
  }

  async records(deviceId: number, items: unknown[]): Promise<BatchResult> {
    const { good, rejected } = split(checkItems(RawRecordInput, items, this.clock()));
    const rows: RecordRow[] = good.map((r) => ({
      timestamp: r.timestamp,
      transferReason: r.transferReason,
      latitude: r.location?.latitude ?? null,
      longitude: r.location?.longitude ?? null,
      speed: r.speed ?? null,
      events: r.events?.length ? JSON.stringify(r.events) : null,
      metrics: JSON.stringify(
        Object.fromEntries(
          RAW_RECORD_METRICS.filter((k) => r[k] !== undefined).map((k) => [k, r[k]]),
        ),
      ),
    }));
    const stored = rows.length ? await this.admitted(this.recordGroups, deviceId, rows) : 0;
    return { stored, duplicates: rows.length - stored, rejected };
  }

  async datapoints(deviceId: number, items: unknown[]): Promise<BatchResult> {
    const { good, rejected } = split(checkItems(DatapointInput, items, this.clock()));
    const rows: DatapointRow[] = good.map((d) => ({
      timestamp: d.timestamp,
      latitude: d.location.latitude,
      longitude: d.location.longitude,
      speed: d.speed ?? null,
      heading: d.heading ?? null,
    }));
    const stored = rows.length ? await this.admitted(this.datapointGroups, deviceId, rows) : 0;
    return { stored, duplicates: rows.length - stored, rejected };
  }
}
