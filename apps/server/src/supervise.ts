import cluster, { type Address, type Worker } from 'node:cluster';
import type { SharedJanus, VideoGatewayService } from './modules/video-gateway/index.js';

export interface Supervision {
  processes: number;
  /** set for every server process (where the database is) */
  env: Record<string, string>;
  say(message: string): void;
  /** every process is listening there */
  onListening(address: string): void;
  /** a stop begins: what the supervisor started is not started again if it ends meanwhile */
  onStopping(): void;
  /** every process has ended after a stop: what the supervisor started can stop too */
  onStopped(): Promise<void>;
  /** our own Janus, run here for all the processes (JANUS=auto without JANUS_URL) */
  janus?: Pick<VideoGatewayService, 'own' | 'onRoomsLost'>;
}

/** Where a server process learns of the supervisor's Janus: at its start, and after a restart. */
const SHARED_JANUS_ENV = 'FLEET_SHARED_JANUS';
type SharedJanusMessage = { type: 'shared-janus'; shared: SharedJanus; restarted: boolean };

/** A process that ends this soon after it started waits this long before its replacement. */
const QUICK_END_MS = 10_000;
const RESTART_DELAY_MS = 5_000;
/** A stop waits this long for the processes to finish their requests, then kills them. */
const STOP_GRACE_MS = 30_000;

const urlOf = ({ address, port, addressType }: Address) =>
  `http://${addressType === 6 ? `[${address}]` : address}:${port}`;

/**
 * SERVER_PROCESSES > 1: this process runs that many server processes (node:cluster) on the
 * database it made ready, each a whole server sharing the port, as the nodes of
 * docs/operations.md share their work through the database. One that ends is started again
 * (after a pause if it ended within 10 s of starting); if one ends before all are listening, the
 * supervisor gives up as a single server would, with exit code 1. SIGINT or SIGTERM stops them
 * all, then calls onStopped.
 */
export function superviseServers(s: Supervision): void {
  const started = new Map<Worker, number>();
  let listening = false;
  let stopping = false;
  const fork = () => {
    const shared = s.janus?.own;
    const env = shared ? { ...s.env, [SHARED_JANUS_ENV]: JSON.stringify(shared) } : s.env;
    started.set(cluster.fork(env), Date.now());
  };
  const alive = () => [...started.keys()].filter((w) => !w.isDead());
  // Janus came back without its rooms: every process learns where it is, one remakes them.
  s.janus?.onRoomsLost(() => {
    const shared = s.janus?.own;
    if (!shared) return;
    for (const [i, worker] of alive().entries()) {
      const message: SharedJanusMessage = { type: 'shared-janus', shared, restarted: i === 0 };
      // One ending meanwhile: its replacement learns it from its environment.
      if (worker.isConnected()) worker.send(message, () => {});
    }
  });

  const stopAll = async (code: number) => {
    stopping = true;
    s.onStopping();
    for (const worker of alive()) worker.process.kill('SIGTERM');
    const killer = setTimeout(() => {
      for (const worker of alive()) worker.process.kill('SIGKILL');
    }, STOP_GRACE_MS);
    while (alive().length) await new Promise((r) => setTimeout(r, 100));
    clearTimeout(killer);
    await s.onStopped();
    process.exit(code);
  };

  // Running once every one of the first processes listens; a replacement says when it does.
  const ready = new Set<Worker>();
  cluster.on('listening', (worker, address) => {
    if (listening) return s.say(`Server process ${worker.process.pid} listens (a replacement).`);
    ready.add(worker);
    if (ready.size < s.processes) return;
    listening = true;
    s.onListening(urlOf(address));
  });
  cluster.on('exit', (worker, code, signal) => {
    const since = started.get(worker) ?? 0;
    started.delete(worker);
    if (stopping) return;
    if (!listening) {
      s.say(`A server process ended while the servers started (${signal ?? `exit code ${code}`}).`);
      return void stopAll(1);
    }
    s.say(
      `Server process ${worker.process.pid} ended (${signal ?? `exit code ${code}`}); starting another.`,
    );
    const delay = Date.now() - since < QUICK_END_MS ? RESTART_DELAY_MS : 0;
    setTimeout(() => !stopping && fork(), delay);
  });
  const onSignal = (signal: string) => {
    if (stopping) {
      // A second Ctrl-C does not wait.
      for (const worker of alive()) worker.process.kill('SIGKILL');
      return;
    }
    s.say(`\n${signal}: stopping…`);
    void stopAll(0);
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));

  for (let i = 0; i < s.processes; i++) fork();
}

/** In a server process of several: use the supervisor's Janus, now and after its restarts. */
export function followSupervisor(gateway: Pick<VideoGatewayService, 'share'>): void {
  const at = process.env[SHARED_JANUS_ENV];
  if (at) gateway.share(JSON.parse(at) as SharedJanus);
  process.on('message', (message: Partial<SharedJanusMessage>) => {
    if (message?.type === 'shared-janus' && message.shared)
      gateway.share(message.shared, message.restarted);
  });
}
