import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { Asset, DeviceWithCredential, Driver, TokenPair } from '@fleet/contract';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createDb, migrate, type Db } from '../apps/server/src/db/database.js';
import { clearStaleServer, startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { syncDefinitions } from '../apps/server/src/modules/configurations/index.js';
import { DEMO_PASSWORD } from '../apps/server/src/modules/demo/index.js';
import { seedDemo } from '../apps/server/src/modules/demo/index.js';
import { zoneWithHourIn } from '../e2e/fleet-zone.js';

/**
 * The fleet's time zone, for local days: Europe/Amsterdam (the app's default) when it is from
 * 09:00 to 20:59 there, else a zone where it is. The mixed load fills each truck's day with
 * the 8 hours before it (from local midnight at most): at 00:45 in Amsterdam that was 207
 * records a truck, not 2,519, and the figures of two runs could not be compared. Midnight is
 * also three hours off or more, so no run's "today" changes under it.
 */
export const TIMEZONE = zoneWithHourIn(
  new Date(),
  ['Europe/Amsterdam', 'Pacific/Auckland', 'America/Los_Angeles'],
  9,
  20,
);

/** What the bench's app serves: the web app's build (bench/render.ts builds it when stale). */
export const WEB_DIST = path.resolve(import.meta.dirname, '../apps/web/dist');

export const progress = (message: string) => process.stderr.write(`[bench] ${message}\n`);

export interface Bench {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  app: FastifyInstance;
  db: Db;
  /** the bench database, for pg clients of its own (COPY, EXPLAIN) */
  databaseUrl: string;
  embedded: boolean;
  postgresVersion: string;
  /** Stops what was started, in reverse order; safe to call twice. */
  cleanup(): Promise<void>;
}

const PREFIX = 'fleet-bench-';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A bench that was killed outright (SIGKILL, a closed terminal) cannot clean
 * up: its temporary directory and its PostgreSQL stay behind. Each bench
 * writes its pid into its directory; directories whose bench is gone are
 * cleared here, their PostgreSQL stopped the way the app stops a stale one.
 */
async function sweepLeftovers(): Promise<void> {
  for (const name of readdirSync(os.tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(os.tmpdir(), name);
    const pidFile = path.join(dir, 'bench.pid');
    if (!existsSync(pidFile) || alive(Number(readFileSync(pidFile, 'utf8')))) continue;
    progress(`clearing what a killed bench left: ${dir}`);
    await clearStaleServer(path.join(dir, 'postgres'));
    rmSync(dir, { recursive: true, force: true });
  }
}

let pending: (() => Promise<void>) | undefined;
/** Stops whatever startBench has started so far, even while it is still starting. */
export const stopStarted = () => pending?.() ?? Promise.resolve();

/**
 * A fresh database (embedded PostgreSQL in a temporary directory, or a new
 * database on BENCH_DATABASE_URL's server), migrated and seeded like a first
 * start, and the real app listening on loopback.
 */
export async function startBench(poolSize: number): Promise<Bench> {
  const steps: (() => Promise<void>)[] = [];
  pending = () => cleanup();
  let cleaning: Promise<void> | undefined;
  // Every caller waits for the one cleanup, however many ask (a signal and the main flow).
  const cleanup = () =>
    (cleaning ??= (async () => {
      for (const step of steps.reverse()) {
        try {
          await step();
        } catch (error) {
          progress(`cleanup: ${(error as Error).message}`);
        }
      }
    })());
  try {
    await sweepLeftovers();
    const dir = mkdtempSync(path.join(os.tmpdir(), PREFIX));
    steps.push(async () => rmSync(dir, { recursive: true, force: true }));
    chmodSync(dir, 0o755); // the embedded server runs as the postgres user when we are root
    writeFileSync(path.join(dir, 'bench.pid'), String(process.pid));

    let databaseUrl: string;
    const external = process.env.BENCH_DATABASE_URL;
    if (external) {
      const name = `fleet_bench_${process.pid}`;
      const admin = async (text: string) => {
        const client = new pg.Client({ connectionString: external });
        await client.connect();
        try {
          await client.query(text);
        } finally {
          await client.end();
        }
      };
      await admin(`CREATE DATABASE "${name}"`);
      steps.push(() => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      const url = new URL(external);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      progress(`database ${name} on BENCH_DATABASE_URL`);
    } else {
      progress(`starting embedded PostgreSQL in ${dir}`);
      const embedded = await startEmbeddedPostgres(dir, (m) => progress(`postgres: ${m}`));
      steps.push(() => embedded.stop());
      databaseUrl = embedded.url;
    }

    const db = createDb(databaseUrl, poolSize, (e) => progress(`pool: ${e.message}`));
    steps.push(async () => {
      await db.destroy();
      // pg-pool's end() answers before its clients' sockets have closed; let them go first.
      await new Promise((r) => setTimeout(r, 300));
    });
    await migrate(db);
    await seedDemo(db);
    await syncDefinitions(db);
    const { rows } = await sql<{ server_version: string }>`SHOW server_version`.execute(db);
    const postgresVersion = rows[0]?.server_version ?? 'unknown';

    const config = loadConfig({
      DATA_DIR: dir,
      JWT_SECRET: randomBytes(24).toString('hex'),
      WEB_DIST,
      ENGINE_WORKERS: '0',
      TIMEZONE,
      HOST: '127.0.0.1',
      PORT: '0',
      // The sections time the making of reports, each asked again and again: none kept. The
      // mixed load runs a server of its own as shipped (reports kept for 5 s).
      REPORT_CACHE_SECONDS: '0',
    });
    const app = await buildApp({ config, db, logger: false });
    steps.push(() => app.close());
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    progress(`app listening on ${address}`);
    return {
      baseUrl: address,
      app,
      db,
      databaseUrl,
      embedded: !external,
      postgresVersion,
      cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** Keep-alive HTTP to the app; JSON in, JSON out. */
export const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

export function request(
  baseUrl: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; raw?: Buffer } = {},
): Promise<{ status: number; body: string }> {
  const payload =
    options.raw ??
    (options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body)));
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseUrl}${url}`,
      {
        method,
        agent,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': payload.length }
            : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A signed-in API caller that throws on an unexpected status; `token` is its access token. */
export async function apiAs(baseUrl: string, organisation: string, username: string) {
  const login = await request(baseUrl, 'POST', '/api/login', {
    body: { organisation, username, password: DEMO_PASSWORD },
  });
  if (login.status !== 200) throw new Error(`login ${username}: ${login.status} ${login.body}`);
  const token = (JSON.parse(login.body) as TokenPair).accessToken;
  const call = async <T>(method: string, url: string, body?: unknown, status = 200): Promise<T> => {
    const response = await request(baseUrl, method, url, { token, body });
    if (response.status !== status) {
      throw new Error(`${method} ${url}: ${response.status} ${response.body.slice(0, 300)}`);
    }
    return (response.body ? JSON.parse(response.body) : undefined) as T;
  };
  return Object.assign(call, { token });
}

export type Api = Awaited<ReturnType<typeof apiAs>>;

/** Runs the tasks with at most `limit` in flight. */
export async function pool<T, R>(
  items: T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export interface FleetUnit {
  assetId: number;
  deviceId: number;
  credential: string;
  /** the driver linked to the asset since the start, if any */
  driverId: number | null;
}

/**
 * The fleet through the API, as an OEM user would set it up: assets, devices,
 * device links from `linkedFrom`, drivers linked to some of the assets.
 */
export async function createFleet(
  api: Api,
  organisationId: number,
  size: number,
  driverShare: number,
  linkedFrom: Date,
  /** device identifiers start with it: another organisation's fleet needs another */
  identifierPrefix = 'BENCH',
): Promise<FleetUnit[]> {
  const started = Date.now();
  const from = linkedFrom.toISOString();
  const withDriver = Math.round(size * driverShare);
  let made = 0;
  const tick = () => {
    if (++made % 250 === 0) progress(`fleet: ${made}/${size} assets with device and links`);
  };
  const units = await pool(
    Array.from({ length: size }, (_, i) => i),
    8,
    async (i) => {
      const n = String(i + 1).padStart(4, '0');
      const asset = await api<Asset>(
        'POST',
        `/api/organisations/${organisationId}/assets`,
        { name: `Bench truck ${n}` },
        201,
      );
      const device = await api<DeviceWithCredential>(
        'POST',
        `/api/organisations/${organisationId}/devices`,
        { name: 'Camera', identifier: `${identifierPrefix}-${process.pid}-${n}` },
        201,
      );
      await api(
        'PUT',
        `/api/assets/${asset.id}/devices/${device.id}?from=${encodeURIComponent(from)}`,
        undefined,
        201,
      );
      let driverId: number | null = null;
      if (i < withDriver) {
        const driver = await api<Driver>(
          'POST',
          `/api/organisations/${organisationId}/drivers`,
          { firstName: 'Bench', lastName: `Driver ${n}` },
          201,
        );
        await api(
          'PUT',
          `/api/assets/${asset.id}/drivers/${driver.id}?from=${encodeURIComponent(from)}`,
          undefined,
          201,
        );
        driverId = driver.id;
      }
      tick();
      return { assetId: asset.id, deviceId: device.id, credential: device.credential, driverId };
    },
  );
  progress(
    `fleet: ${size} assets, ${size} devices, ${withDriver} drivers in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return units;
}

/**
 * One truck for a section of its own, as the user of `api`: an asset named `name`, a device
 * (identifier from the name and this process) fitted since `linkedFrom`.
 */
export async function createTruck(
  api: Api,
  organisationId: number,
  name: string,
  linkedFrom: Date,
): Promise<FleetUnit & { identifier: string; name: string }> {
  const asset = await api<Asset>(
    'POST',
    `/api/organisations/${organisationId}/assets`,
    { name },
    201,
  );
  const identifier = `${name.replace(/\W+/g, '-').toUpperCase()}-${process.pid}`;
  const device = await api<DeviceWithCredential>(
    'POST',
    `/api/organisations/${organisationId}/devices`,
    { name: `${name} camera`, identifier },
    201,
  );
  await api(
    'PUT',
    `/api/assets/${asset.id}/devices/${device.id}?from=${encodeURIComponent(linkedFrom.toISOString())}`,
    undefined,
    201,
  );
  return {
    assetId: asset.id,
    deviceId: device.id,
    credential: device.credential,
    driverId: null,
    identifier,
    name,
  };
}
