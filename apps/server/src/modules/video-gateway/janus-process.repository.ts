import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { freePort } from '../../lib/free-port.js';
import { janusConfigFiles, type JanusConfigOptions } from './janus-config.js';

const LIB_DIRS = [
  '/usr/lib/x86_64-linux-gnu/janus',
  '/usr/lib/aarch64-linux-gnu/janus',
  '/usr/lib/janus',
  '/usr/local/lib/janus',
  '/opt/janus/lib/janus',
];
const READY_TIMEOUT_MS = 10_000;
const STOP_GRACE_MS = 3000;
const RESTART_MIN_MS = 500;
const RESTART_MAX_MS = 30_000;
/** Up this long: the next crash restarts at the shortest delay again. */
const STABLE_MS = 60_000;

/** The janus binary on PATH (or the given path), or undefined. */
export function findJanus(binary: string, envPath = process.env.PATH ?? ''): string | undefined {
  if (binary.includes('/')) return existsSync(binary) ? binary : undefined;
  for (const dir of envPath.split(':').filter(Boolean)) {
    const candidate = path.join(dir, binary);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** The folder with plugins/libjanus_videoroom.so, next to the binary's install. */
export function findJanusLibDir(binaryPath: string): string | undefined {
  const prefix = path.dirname(path.dirname(binaryPath));
  const candidates = [
    ...LIB_DIRS,
    path.join(prefix, 'lib', 'janus'),
    path.join(prefix, 'lib64', 'janus'),
  ];
  return candidates.find((dir) => existsSync(path.join(dir, 'plugins', 'libjanus_videoroom.so')));
}

/** Whether a pid is a Janus started with a configuration in this folder (an orphan of ours). */
function isOurJanus(pid: number, dir: string): boolean {
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return cmdline.some((arg) => arg.includes(dir)) && cmdline.some((a) => a.endsWith('janus'));
  } catch {
    return false;
  }
}

export interface JanusEndpoint {
  /** http://127.0.0.1:<port>/janus */
  url: string;
  wsUrl: string;
  adminKey: string;
}

/**
 * Runs a Janus of our own (docs/monitoring.md, "Janus"): a generated configuration under
 * DATA_DIR/janus with free loopback ports, restarted with backoff when it dies, stopped with
 * the server. A Janus left by a killed server (its pid file) is ended at the next start.
 */
export class JanusProcess {
  private child: ChildProcess | undefined;
  private stopping = false;
  private restartDelay = RESTART_MIN_MS;
  private restartTimer: NodeJS.Timeout | undefined;
  private startedAt = 0;
  private ports: { http: number; ws: number } | undefined;
  readonly adminKey = randomBytes(18).toString('base64url');
  private readonly dir: string;
  private readonly pidFile: string;
  private readonly killOnExit = () => this.child?.kill('SIGKILL');
  /** Called after Janus came back from a crash (rooms are gone: make them again). */
  onRestart: (() => void) | undefined;
  /** up: answering; down: starting or restarting. */
  state: 'up' | 'down' = 'down';

  constructor(
    private readonly binary: string,
    private readonly libDir: string,
    dataDir: string,
    private readonly rtpPortRange: string,
    private readonly stun: JanusConfigOptions['stunServer'],
    private readonly log: FastifyBaseLogger,
  ) {
    this.dir = path.join(dataDir, 'janus');
    this.pidFile = path.join(this.dir, 'janus.pid');
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get endpoint(): JanusEndpoint | undefined {
    if (!this.ports) return undefined;
    return {
      url: `http://127.0.0.1:${this.ports.http}/janus`,
      wsUrl: `ws://127.0.0.1:${this.ports.ws}`,
      adminKey: this.adminKey,
    };
  }

  async start(): Promise<void> {
    await fs.mkdir(path.join(this.dir, 'none'), { recursive: true });
    await this.killOrphan();
    process.once('exit', this.killOnExit);
    await this.launch();
  }

  private async killOrphan(): Promise<void> {
    const pid = Number(await fs.readFile(this.pidFile, 'utf8').catch(() => ''));
    if (Number.isInteger(pid) && pid > 1 && isOurJanus(pid, this.dir)) {
      this.log.warn({ pid }, 'ending a Janus left behind by an earlier server');
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone meanwhile */
      }
    }
    await fs.rm(this.pidFile, { force: true });
  }

  private async writeConfig(): Promise<void> {
    this.ports ??= { http: await freePort(), ws: await freePort() };
    const [plugins, transports] = await Promise.all([
      fs.readdir(path.join(this.libDir, 'plugins')).catch(() => []),
      fs.readdir(path.join(this.libDir, 'transports')).catch(() => []),
    ]);
    const files = janusConfigFiles({
      libDir: this.libDir,
      plugins,
      transports,
      emptyDir: path.join(this.dir, 'none'),
      httpPort: this.ports.http,
      wsPort: this.ports.ws,
      adminKey: this.adminKey,
      rtpPortRange: this.rtpPortRange,
      stunServer: this.stun,
    });
    for (const [name, text] of Object.entries(files)) {
      await fs.writeFile(path.join(this.dir, name), text, { mode: 0o600 });
    }
  }

  private async launch(): Promise<void> {
    if (this.stopping) return;
    await this.writeConfig();
    const child = spawn(
      this.binary,
      [
        '-C',
        path.join(this.dir, 'janus.jcfg'),
        '-F',
        this.dir,
        '-o',
        '-N',
        '-L',
        path.join(this.dir, 'janus.log'),
      ],
      { cwd: this.dir, stdio: 'ignore' },
    );
    this.child = child;
    this.startedAt = Date.now();
    child.once('error', (error) => this.log.error({ err: error }, 'Janus could not be started'));
    child.once('exit', (code, signal) => this.exited(child, code, signal));
    if (child.pid) await fs.writeFile(this.pidFile, String(child.pid));
    const ready = await this.waitReady(child);
    if (ready) {
      this.state = 'up';
      this.log.info({ pid: child.pid, url: this.endpoint?.url }, 'Janus is running');
    }
  }

  private async waitReady(child: ChildProcess): Promise<boolean> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline && this.child === child && child.exitCode === null) {
      try {
        const response = await fetch(`${this.endpoint!.url}/info`, {
          signal: AbortSignal.timeout(1000),
        });
        if (response.ok) return true;
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return false;
  }

  private exited(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null) {
    if (this.child !== child) return;
    const wasUp = this.state === 'up';
    this.state = 'down';
    this.child = undefined;
    if (this.stopping) return;
    if (Date.now() - this.startedAt > STABLE_MS) this.restartDelay = RESTART_MIN_MS;
    const delay = this.restartDelay;
    this.restartDelay = Math.min(this.restartDelay * 2, RESTART_MAX_MS);
    this.log.error({ code, signal, restartInMs: delay }, 'Janus stopped; restarting it');
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      // It never answered (a port taken meanwhile?): choose new ports.
      if (!wasUp) this.ports = undefined;
      void this.launch()
        .then(() => {
          if (this.state === 'up') this.onRestart?.();
        })
        .catch((error: unknown) => this.log.error({ err: error }, 'Janus restart failed'));
    }, delay);
    this.restartTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    process.removeListener('exit', this.killOnExit);
    const child = this.child;
    this.state = 'down';
    if (child && child.exitCode === null && child.signalCode === null) {
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await gone;
      clearTimeout(timer);
    }
    this.child = undefined;
    await fs.rm(this.pidFile, { force: true });
  }
}
