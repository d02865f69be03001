import {
  DatapointInput,
  RawRecordInput,
  RAW_RECORD_METRICS,
  type BatchResult,
} from '@fleet/contract';
import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { describeValidationErrors, type ValidationIssue } from '../../lib/validation-messages.js';
import type { DatapointRow, IngestRepository, RecordRow } from './ingest.repository.js';

/** Devices' clocks drift; a little ahead is fine, far ahead is a broken clock. */
const MAX_FUTURE_MS = 5 * 60_000;
const EARLIEST = Date.parse('2000-01-01T00:00:00Z');

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
    return { index, item: item as Static<S> & { timestamp: string } };
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
  constructor(
    private readonly repository: IngestRepository,
    private readonly clock: () => number = Date.now,
  ) {}

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
    const stored = rows.length ? await this.repository.insertRecords(deviceId, rows) : 0;
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
    const stored = rows.length ? await this.repository.insertDatapoints(deviceId, rows) : 0;
    return { stored, duplicates: rows.length - stored, rejected };
  }
}
