import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import type { RawRecordInput } from '@fleet/contract';
import type { IngestBody, LoadClient } from './client.js';
import type { Bench, FleetUnit } from './setup.js';
import { progress, TIMEZONE } from './setup.js';
import { copyLine, deviceRecords } from './generate.js';

export interface DeviceBatch {
  unit: FleetUnit;
  records: RawRecordInput[];
}

/** Each of `devices` units sends `perDevice` records of the days before `until`, in one backlog. */
export async function generateBacklogs(
  units: FleetUnit[],
  perDevice: number,
  until: Date,
): Promise<DeviceBatch[]> {
  // 520 records ≈ one day of driving; start early enough that the backlog ends before `until`.
  const days = Math.ceil(perDevice / 480) + 0.5;
  const from = new Date(until.getTime() - days * 86_400_000);
  const backlogs: DeviceBatch[] = [];
  for (const [i, unit] of units.entries()) {
    backlogs.push({ unit, records: deviceRecords(1000 + i, from, perDevice, until) });
    await breathe(); // Ctrl-C must find the event loop free, so the cleanup runs
  }
  return backlogs;
}

/** Lets the event loop handle signals and I/O between slices of a long computation. */
export const breathe = () => new Promise((resolve) => setImmediate(resolve));

export interface IngestResult {
  clients: number;
  batchSize: number;
  batches: number;
  records: number;
  stored: number;
  duplicates: number;
  rejected: number;
  failures: number;
  seconds: number;
  recordsPerSecond: number;
  batchMs: { p50: number; p95: number; max: number };
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function ingestHttp(
  client: LoadClient,
  backlogs: DeviceBatch[],
  { clients, batchSize, seconds }: { clients: number; batchSize: number; seconds: number },
): Promise<IngestResult> {
  // Request bodies are made before the clock starts.
  const bodies: IngestBody[] = [];
  for (const { unit, records } of backlogs) {
    for (let i = 0; i < records.length; i += batchSize) {
      const batch = records.slice(i, i + batchSize);
      bodies.push({
        credential: unit.credential,
        count: batch.length,
        body: new Uint8Array(Buffer.from(JSON.stringify({ records: batch }))),
      });
    }
    await breathe();
  }
  const mb = bodies.reduce((s, b) => s + b.body.byteLength, 0) / 1e6;
  progress(
    `ingest: ${bodies.length} batches (${mb.toFixed(0)} MB of JSON) from ${clients} clients, at most ${seconds} s`,
  );
  const out = await client.ingest(bodies, clients, seconds);
  if (out.firstError) progress(`ingest: first problem: ${out.firstError}`);
  const sorted = out.latencies.sort((a, b) => a - b);
  return {
    clients,
    batchSize,
    batches: out.batches,
    records: out.records,
    stored: out.stored,
    duplicates: out.duplicates,
    rejected: out.rejected,
    failures: out.failures,
    seconds: out.ms / 1000,
    recordsPerSecond: out.stored / (out.ms / 1000),
    batchMs: {
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      max: sorted.at(-1) ?? NaN,
    },
  };
}

/**
 * COPY FROM STDIN through pg's Submittable interface (what pg-copy-streams
 * does, without the dependency): send the statement, then the data in
 * CopyData messages when the server asks for it, then CopyDone.
 */
class CopyIn {
  callback?: (error: Error | null, rows?: number) => void;
  private rows = 0;
  private error: Error | null = null;

  constructor(
    private readonly text: string,
    private readonly chunks: Buffer[],
  ) {}

  submit(connection: { query(text: string): void }) {
    connection.query(this.text);
  }

  handleCopyInResponse(connection: {
    sendCopyFromChunk(chunk: Buffer): void;
    endCopyFrom(): void;
    stream: NodeJS.WritableStream & { writableNeedDrain: boolean };
  }) {
    const send = (i: number) => {
      for (; i < this.chunks.length; i++) {
        connection.sendCopyFromChunk(this.chunks[i]!);
        if (connection.stream.writableNeedDrain) {
          connection.stream.once('drain', () => send(i + 1));
          return;
        }
      }
      connection.endCopyFrom();
    };
    send(0);
  }

  handleCommandComplete(message: { text: string }) {
    this.rows = Number(/COPY (\d+)/.exec(message.text)?.[1] ?? 0);
  }

  handleError(error: Error) {
    this.error = error;
  }

  handleReadyForQuery() {
    this.callback?.(this.error, this.rows);
  }

  // Not expected during COPY FROM; present because pg may call them.
  handleRowDescription() {}
  handleDataRow() {}
  handleEmptyQuery() {}
  handlePortalSuspended() {}
  handleCopyData() {}
}

export interface CopyResult {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
}

/** The same rows, as the server would have stored them, COPYed into a scratch copy of raw_records. */
export async function copyLimit(
  bench: Bench,
  backlogs: DeviceBatch[],
  rows: number,
): Promise<CopyResult> {
  const lines: string[] = [];
  for (const { unit, records } of backlogs) {
    for (const r of records) {
      if (lines.length >= rows) break;
      lines.push(copyLine(unit.deviceId, unit.assetId, r));
    }
    await breathe();
  }
  const chunks: Buffer[] = [];
  for (let i = 0; i < lines.length; i += 500) {
    chunks.push(Buffer.from(lines.slice(i, i + 500).join('\n') + '\n'));
  }
  const client = new pg.Client({ connectionString: bench.databaseUrl });
  client.on('error', (e) => progress(`copy connection: ${e.message}`));
  await client.connect();
  try {
    await client.query('DROP TABLE IF EXISTS raw_records_copy');
    await client.query('CREATE TABLE raw_records_copy (LIKE raw_records INCLUDING ALL)');
    await client.query('CHECKPOINT');
    const t0 = performance.now();
    const copied = await new Promise<number>((resolve, reject) => {
      const copy = new CopyIn(
        `COPY raw_records_copy (device_id, "timestamp", transfer_reason, asset_id, latitude, longitude, speed, events, metrics) FROM STDIN`,
        chunks,
      );
      copy.callback = (error, n) => (error ? reject(error) : resolve(n ?? 0));
      void client.query(copy as unknown as pg.QueryConfig);
    });
    const seconds = (performance.now() - t0) / 1000;
    await client.query('DROP TABLE raw_records_copy');
    return { rows: copied, seconds, rowsPerSecond: copied / seconds };
  } finally {
    await client.end();
  }
}

export interface EngineResult {
  workers: number;
  queuedDays: number;
  processedDays: number;
  records: number;
  seconds: number;
  daysPerSecond: number;
  recordsPerSecond: number;
}

/**
 * Drains the engine queue the ingestion filled, with the app's own workers
 * (as main.ts starts them), until it is empty or `seconds` pass.
 */
export async function engineRate(
  bench: Bench,
  workers: number,
  seconds: number,
): Promise<EngineResult> {
  const { db, app } = bench;
  const engine = app.services.engine;
  const queued = await engine.pending();
  progress(`engine: ${queued} asset-days queued; ${workers} workers, at most ${seconds} s`);
  await sql`DROP TABLE IF EXISTS bench_queue`.execute(db);
  await sql`CREATE TABLE bench_queue AS SELECT asset_id, day FROM engine_queue`.execute(db);
  const t0 = performance.now();
  engine.start(workers);
  let last = t0;
  for (;;) {
    await new Promise((r) => setTimeout(r, 200));
    const left = await engine.pending();
    const now = performance.now();
    if (now - last > 10_000) {
      progress(`engine: ${queued - left}/${queued} asset-days`);
      last = now;
    }
    if (left === 0 || now - t0 > seconds * 1000) break;
  }
  await engine.stop();
  const elapsed = (performance.now() - t0) / 1000;
  // Records of the asset-days that were rebuilt (each is read with its neighbours, but counted once).
  const { rows } = await sql<{ days: number; records: number }>`
    WITH done AS (
      SELECT asset_id, day FROM bench_queue
      EXCEPT SELECT asset_id, day FROM engine_queue
    )
    SELECT (SELECT count(*) FROM done)::integer AS days,
      (SELECT count(*) FROM raw_records r JOIN done d ON d.asset_id = r.asset_id
        AND r."timestamp" >= (d.day::timestamp AT TIME ZONE ${TIMEZONE})
        AND r."timestamp" < ((d.day + 1)::timestamp AT TIME ZONE ${TIMEZONE}))::integer AS records`.execute(
    db,
  );
  await sql`DROP TABLE bench_queue`.execute(db);
  const { days, records } = rows[0]!;
  return {
    workers,
    queuedDays: queued,
    processedDays: days,
    records,
    seconds: elapsed,
    daysPerSecond: days / elapsed,
    recordsPerSecond: records / elapsed,
  };
}
