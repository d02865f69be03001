import type { Slots } from '../../lib/limits.js';
import { isDatabaseUnavailable } from '../../lib/postgres-errors.js';
import type { DeviceBatch, Stored } from './ingest.repository.js';

/** Rows one statement stores at most (more waiting batches go in the next). */
export const GROUP_MAX_ROWS = 2000;

interface Waiting<Row> extends DeviceBatch<Row> {
  resolve(stored: number): void;
  reject(error: unknown): void;
}

/**
 * Issue 18 §3: device batches that arrive while every place (INGEST_CONNECTIONS) is busy wait
 * here, and the next free place stores all of them in one statement: 2,000 trucks made 400
 * statements and commits a second, each a round trip that cost the server's one thread more
 * than the work. A batch that comes to an idle server goes at once, alone. Each batch is
 * answered with its own count once the statement has committed; a statement that fails is
 * tried again batch by batch, so one device's bad batch fails only that device's call (not
 * when the database is away: that fails them all at once).
 */
export class BatchGroups<Row> {
  private readonly waiting: Waiting<Row>[] = [];
  private drivers = 0;

  constructor(
    private readonly slots: Slots,
    private readonly store: (batches: DeviceBatch<Row>[]) => Promise<Stored>,
    private readonly moved: (assetIds: number[]) => void,
    private readonly maxRows = GROUP_MAX_ROWS,
  ) {}

  /** Batches waiting for a place. */
  get size(): number {
    return this.waiting.length;
  }

  /** Stores the batch (with others that wait with it); answers how many of its rows were new. */
  add(deviceId: number, rows: Row[]): Promise<number> {
    const done = new Promise<number>((resolve, reject) =>
      this.waiting.push({ deviceId, rows, resolve, reject }),
    );
    if (this.drivers < this.slots.size) void this.drive();
    return done;
  }

  /** One of at most `slots.size` loops: takes a place, then everything waiting for it. */
  private async drive(): Promise<void> {
    this.drivers++;
    try {
      while (this.waiting.length) {
        const release = await this.slots.acquire();
        try {
          const group = takeGroup(this.waiting, this.maxRows);
          if (group.length) await this.run(group);
        } finally {
          release();
        }
      }
    } finally {
      this.drivers--;
    }
  }

  private async run(group: Waiting<Row>[]): Promise<void> {
    try {
      this.answer(group, await this.store(group));
    } catch (error) {
      // The database away fails every batch alike (each alone would wait for it again).
      if (group.length === 1 || isDatabaseUnavailable(error)) {
        for (const batch of group) batch.reject(error);
        return;
      }
      // One batch may have spoiled the statement: each again alone.
      for (const batch of group) {
        try {
          this.answer([batch], await this.store([batch]));
        } catch (alone) {
          batch.reject(alone);
        }
      }
    }
  }

  private answer(group: Waiting<Row>[], { stored, moved }: Stored) {
    if (moved.length) this.moved(moved);
    for (const batch of group) batch.resolve(stored.get(batch.deviceId) ?? 0);
  }
}

/**
 * Takes the next group off `waiting`, oldest first: at most one batch of each device (its count
 * is told apart by device) and at most `maxRows` rows, but always the oldest batch.
 */
export function takeGroup<B extends DeviceBatch<unknown>>(waiting: B[], maxRows: number): B[] {
  const group: B[] = [];
  const devices = new Set<number>();
  let rows = 0;
  for (let i = 0; i < waiting.length;) {
    const batch = waiting[i]!;
    const fits = group.length === 0 || rows + batch.rows.length <= maxRows;
    if (!fits) break;
    if (devices.has(batch.deviceId)) {
      i++;
      continue;
    }
    devices.add(batch.deviceId);
    rows += batch.rows.length;
    group.push(batch);
    waiting.splice(i, 1);
  }
  return group;
}
