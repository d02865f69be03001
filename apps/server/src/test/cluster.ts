import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../lib/free-port.js';

/**
 * Several real server processes (src/main.ts under tsx) on one PostgreSQL database behind
 * HAProxy (the Debian package `haproxy`), on loopback and free ports: what issue 18 §6 calls
 * "several server processes on one PostgreSQL". Used by the multi-node test and the bench.
 */

const root = path.resolve(import.meta.dirname, '../../../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Node {
  name: string;
  port: number;
  process: ChildProcess;
  output: string;
  alive(): boolean;
}

export interface Cluster {
  /** HAProxy's address: every client call goes here. */
  base: string;
  nodes: Node[];
  /** kill -9 of one server process (no clean stop: what a crash or an OOM kill does). */
  kill(node: Node): Promise<void>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  databaseUrl: string;
  nodes: number;
  env?: Record<string, string>;
  /** HAProxy's binary (HAPROXY, else /usr/sbin/haproxy). */
  haproxy?: string;
}

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** src/main.ts under tsx, a process of its own on loopback: `env` over this process's. */
export function spawnServer(port: number, env: Record<string, string>): ChildProcess {
  return spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', path.join(root, 'apps/server/src/main.ts')],
    {
      cwd: root,
      env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
}

function startNode(name: string, port: number, env: Record<string, string>): Node {
  const child = spawnServer(port, env);
  const node: Node = { name, port, process: child, output: '', alive: () => alive(child) };
  child.stdout!.on('data', (c: Buffer) => (node.output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (node.output += c.toString()));
  return node;
}

async function started(node: Node, deadline: number) {
  while (!/running at http/.test(node.output)) {
    if (!node.alive()) throw new Error(`${node.name} exited:\n${node.output.slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`${node.name} did not start:\n${node.output}`);
    await sleep(100);
  }
}

/**
 * HAProxy's configuration: round robin over the nodes, a health check every 300 ms (a dead node
 * is out after two misses), a call whose connection was refused or reset before any answer goes
 * to another node, and `X-Served-By` names the node that answered.
 */
export function haproxyConfig(listen: number, nodes: Pick<Node, 'name' | 'port'>[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 1s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  option redispatch 1',
    '  retries 3',
    '  retry-on conn-failure empty-response response-timeout',
    'frontend portal',
    `  bind 127.0.0.1:${listen}`,
    '  default_backend nodes',
    'backend nodes',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-response set-header X-Served-By %s',
    ...nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.port} check inter 300 fall 2 rise 2`),
    '',
  ].join('\n');
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  // One data directory for all (as a shared volume would be): media files; secrets come from env.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleet-cluster-'));
  chmodSync(dataDir, 0o755);
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
    JANUS: 'off',
    TRUST_PROXY: 'loopback',
    ...options.env,
  };
  const ports = await Promise.all(Array.from({ length: options.nodes }, () => freePort()));
  const nodes = ports.map((port, i) => startNode(`node${i + 1}`, port, env));
  let proxy: ChildProcess | undefined;
  const stop = async () => {
    for (const child of [proxy, ...nodes.map((n) => n.process)])
      if (child && alive(child)) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(10_000)]);
        if (alive(child)) child.kill('SIGKILL');
      }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 60_000;
    await Promise.all(nodes.map((n) => started(n, deadline)));
    const listen = await freePort();
    const config = path.join(dataDir, 'haproxy.cfg');
    writeFileSync(config, haproxyConfig(listen, nodes));
    const binary = options.haproxy ?? process.env.HAPROXY ?? '/usr/sbin/haproxy';
    let said = '';
    proxy = spawn(binary, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    proxy.stdout!.on('data', (c: Buffer) => (said += c.toString()));
    proxy.stderr!.on('data', (c: Buffer) => (said += c.toString()));
    const base = `http://127.0.0.1:${listen}`;
    for (;;) {
      if (!alive(proxy)) throw new Error(`haproxy exited: ${said}`);
      if (Date.now() > deadline) throw new Error(`haproxy did not answer: ${said}`);
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await sleep(100);
    }
    return {
      base,
      nodes,
      stop,
      kill: async (node) => {
        const exited = new Promise((r) => node.process.once('exit', r));
        node.process.kill('SIGKILL');
        await exited;
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
