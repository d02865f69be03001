/**
 * BENCH_ONLY=nodes (issue 18 §6): device posts and user reads through HAProxy in front of 1, then
 * 3 server processes on the bench's database, for BENCH_NODES_SECONDS each (10). Prints the
 * throughput and latencies of each; docs/operations.md quotes them.
 */
import { startCluster } from '../apps/server/src/test/cluster.js';

const SECONDS = Number(process.env.BENCH_NODES_SECONDS ?? 10);
const DEVICES = Number(process.env.BENCH_NODES_DEVICES ?? 20);
const USERS = Number(process.env.BENCH_NODES_USERS ?? 4);

interface Timing {
  kind: 'device' | 'user';
  ms: number;
  ok: boolean;
  /** 0: no answer */
  status: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;

async function json(base: string, method: string, url: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

async function signIn(base: string) {
  const login = await json(base, 'POST', '/api/login', undefined, {
    organisation: 'Fleetwise OEM',
    username: 'oem',
    password: 'demo-pass',
  });
  const token = login.accessToken as string;
  const organisations = (await json(base, 'GET', '/api/organisations', token)) as {
    id: number;
    name: string;
  }[];
  return { token, demo: organisations.find((o) => o.name === 'Demo Transport')!.id };
}

async function fleet(base: string, token: string, demo: number) {
  const devices: string[] = [];
  const run = Date.now().toString(36);
  for (let i = 0; i < DEVICES; i++) {
    const asset = await json(base, 'POST', `/api/organisations/${demo}/assets`, token, {
      name: `Nodes truck ${run}-${i}`,
    });
    const device = await json(base, 'POST', `/api/organisations/${demo}/devices`, token, {
      name: `Nodes camera ${i}`,
      identifier: `NODES-${run}-${i}`,
    });
    const from = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await json(base, 'PUT', `/api/assets/${asset.id}/devices/${device.id}?from=${from}`, token);
    devices.push(device.credential as string);
  }
  return devices;
}

async function load(base: string, token: string, demo: number, devices: string[]) {
  const timings: Timing[] = [];
  const until = Date.now() + SECONDS * 1000;
  const timed = async (kind: Timing['kind'], call: () => Promise<Response>) => {
    const start = performance.now();
    const response = await call().catch(() => undefined);
    await response?.arrayBuffer();
    timings.push({
      kind,
      ms: performance.now() - start,
      ok: response?.ok ?? false,
      status: response?.status ?? 0,
    });
  };
  const device = async (credential: string, i: number) => {
    let n = 0;
    const start = Date.now() - 36 * 3600_000 + i * 1000;
    while (Date.now() < until) {
      const records = Array.from({ length: 10 }, () => ({
        timestamp: new Date(start + n++ * 5000).toISOString(),
        transferReason: 'PERIODIC',
        location: { latitude: 5200000 + n, longitude: 480000 },
        speed: 50,
      }));
      await timed('device', () =>
        fetch(`${base}/device-api/v1/records`, {
          method: 'POST',
          headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
          body: JSON.stringify({ records }),
        }),
      );
    }
  };
  const user = async () => {
    while (Date.now() < until)
      await timed('user', () =>
        fetch(`${base}/api/organisations/${demo}/assets/fleet?limit=10&offset=0`, {
          headers: { authorization: `Bearer ${token}` },
        }),
      );
  };
  await Promise.all([...devices.map(device), ...Array.from({ length: USERS }, user)]);
  return timings;
}

function summary(nodes: number, timings: Timing[]) {
  const line = (kind: Timing['kind'], what: string) => {
    const of = timings.filter((t) => t.kind === kind);
    const ms = of.map((t) => t.ms).sort((a, b) => a - b);
    const failures = of.filter((t) => !t.ok);
    const statuses = [...new Set(failures.map((t) => t.status))].join('/');
    const failed = failures.length ? `${failures.length} (${statuses})` : '';
    return `${what} ${(of.length / SECONDS).toFixed(1)}/s, p50 ${quantile(ms, 0.5).toFixed(1)} ms, p99 ${quantile(ms, 0.99).toFixed(1)} ms${failed ? `, ${failed} failed` : ''}`;
  };
  return `| ${nodes} | ${line('device', 'device posts (10 records)')} | ${line('user', 'fleet overview pages')} |`;
}

/** Runs 1 and then 3 processes on `databaseUrl` (migrated and seeded); answers the table. */
export async function nodesBench(
  databaseUrl: string,
  progress: (m: string) => void,
): Promise<string> {
  const rows: string[] = [];
  let devices: string[] | undefined;
  for (const nodes of [1, 3]) {
    progress(`nodes: ${nodes} process(es) behind HAProxy`);
    const cluster = await startCluster({ databaseUrl, nodes, env: { ENGINE_WORKERS: '1' } });
    try {
      const { token, demo } = await signIn(cluster.base);
      devices ??= await fleet(cluster.base, token, demo);
      rows.push(summary(nodes, await load(cluster.base, token, demo, devices)));
    } finally {
      await cluster.stop();
    }
  }
  return [
    `Through HAProxy, ${DEVICES} devices posting batches of 10 records back to back and ${USERS} users reading the fleet overview page, ${SECONDS} s each (BENCH_NODES_SECONDS):`,
    '',
    '| processes | device API | user reads |',
    '| --- | --- | --- |',
    ...rows,
  ].join('\n');
}
