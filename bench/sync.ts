import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { IssuedSyncApiKey, Organisation, SyncCounts, SyncResult } from '@fleet/contract';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createDb, migrate, type Db } from '../apps/server/src/db/database.js';
import { syncDefinitions } from '../apps/server/src/modules/configurations/index.js';
import { seedDemo } from '../apps/server/src/modules/demo/index.js';
import { apiAs, progress, TIMEZONE, WEB_DIST, type Bench } from './setup.js';

/** One synchronisation run as the mirror recorded it, and as the bench saw it. */
export interface SyncRun {
  /** the result's startedAt → endedAt: reading the remote, diff, the apply transaction */
  runSeconds: number;
  /** PUT …/sync until the mirror's scheduler is idle again (engine hooks for links included) */
  wallSeconds: number;
  status: string;
  incremental: boolean;
  counts: SyncCounts;
}

export interface SyncBenchResult {
  /** what the remote organisation holds */
  remote: {
    assets: number;
    drivers: number;
    devices: number;
    deviceLinks: number;
    driverLinks: number;
  };
  first: SyncRun;
  /** no change since: changes since the stamp, and the id listings */
  unchanged: SyncRun;
  /** no change, but read in full (the stamps forgotten) */
  unchangedFull: SyncRun;
  setupSeconds: number;
}

/**
 * Synchronisation of an organisation of 1000 assets (issue 11 §5): the bench's app is the
 * remote; a second app of ours on a second database of the same PostgreSQL server mirrors
 * the remote's Demo Transport (assets, devices, drivers and their links, as createFleet made
 * them) over HTTP on loopback. Three runs: the first (everything created), one with no
 * change (incremental), one with no change read in full.
 */
export async function syncTimings(
  bench: Bench,
  remoteOrganisationId: number,
): Promise<SyncBenchResult> {
  const t0 = performance.now();
  const name = `fleet_bench_mirror_${process.pid}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: bench.databaseUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleet-bench-mirror-'));
  const url = new URL(bench.databaseUrl);
  url.pathname = `/${name}`;
  let db: Db | undefined;
  let mirror: FastifyInstance | undefined;
  try {
    db = createDb(url.toString(), 10);
    await migrate(db);
    await seedDemo(db);
    await syncDefinitions(db);
    mirror = await buildApp({
      config: loadConfig({
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(24).toString('hex'),
        WEB_DIST,
        ENGINE_WORKERS: '0',
        TIMEZONE,
        SYNC_JOB_SECONDS: '3600',
        SYNC_TIMEOUT: '60000',
        // The bench's server, the remote mirrored here, is on loopback.
        OUTBOUND_ALLOW: '127.0.0.1',
      }),
      db,
      logger: false,
    });
    const mirrorUrl = await mirror.listen({ host: '127.0.0.1', port: 0 });

    const remoteApi = await apiAs(bench.baseUrl, 'Fleetwise OEM', 'oem');
    const key = await remoteApi<IssuedSyncApiKey>(
      'POST',
      `/sync-api/organisations/${remoteOrganisationId}/apikeys`,
      { name: 'bench mirror' },
      201,
    );
    const api = await apiAs(mirrorUrl, 'Fleetwise OEM', 'oem');
    const { rows: oem } = await sql<{ id: number }>`
      SELECT id FROM organisations WHERE name = 'Fleetwise OEM'`.execute(db);
    const org = await api<Organisation>(
      'POST',
      `/api/organisations/${oem[0]!.id}`,
      { name: 'Bench Mirror' },
      201,
    );
    await api(
      'POST',
      `/sync-api/organisations/${org.id}/configuration`,
      { server: bench.baseUrl, apiKey: key.key },
      201,
    );
    await api('PUT', `/sync-api/organisations/${org.id}/externalids`, {
      externalIds: [String(remoteOrganisationId)],
    });
    const remote = await remoteCounts(bench.db, remoteOrganisationId);
    const setupSeconds = (performance.now() - t0) / 1000;

    const run = async (what: string): Promise<SyncRun> => {
      const w0 = performance.now();
      await api('PUT', `/sync-api/organisations/${org.id}/sync`, undefined, 202);
      await mirror!.services.syncScheduler.idle();
      const wallSeconds = (performance.now() - w0) / 1000;
      const [result] = await api<SyncResult[]>('GET', `/sync-api/organisations/${org.id}/results`);
      if (!result || (result.status !== 'SUCCESS' && result.status !== 'PARTIAL'))
        throw new Error(`sync ${what}: ${result?.status} ${result?.reason ?? ''}`);
      const runSeconds = (Date.parse(result.endedAt!) - Date.parse(result.startedAt!)) / 1000;
      const c = result.counts;
      progress(
        `sync ${what}: ${runSeconds.toFixed(2)} s (wall ${wallSeconds.toFixed(2)} s): ${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged, ${c.deactivated} deactivated${result.incremental ? ', incremental' : ''}`,
      );
      return {
        runSeconds,
        wallSeconds,
        status: result.status,
        incremental: result.incremental,
        counts: c,
      };
    };
    const first = await run('first run');
    const unchanged = await run('no change');
    await sql`UPDATE sync_configurations SET stamps = '{}' WHERE organisation_id = ${org.id}`.execute(
      db,
    );
    const unchangedFull = await run('no change, read in full');
    return { remote, first, unchanged, unchangedFull, setupSeconds };
  } finally {
    await mirror?.close();
    await db?.destroy();
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function remoteCounts(db: Db, organisationId: number): Promise<SyncBenchResult['remote']> {
  const { rows } = await sql<SyncBenchResult['remote']>`
    SELECT
      (SELECT count(*) FROM assets WHERE organisation_id = ${organisationId})::int AS assets,
      (SELECT count(*) FROM drivers WHERE organisation_id = ${organisationId})::int AS drivers,
      (SELECT count(*) FROM devices WHERE organisation_id = ${organisationId})::int AS devices,
      (SELECT count(*) FROM device_links l JOIN assets a ON a.id = l.asset_id
        WHERE a.organisation_id = ${organisationId})::int AS "deviceLinks",
      (SELECT count(*) FROM driver_links l JOIN assets a ON a.id = l.asset_id
        WHERE a.organisation_id = ${organisationId})::int AS "driverLinks"`.execute(db);
  return rows[0]!;
}
