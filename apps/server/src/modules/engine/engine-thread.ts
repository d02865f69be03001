import { Worker } from 'node:worker_threads';
import type { DbTimeouts } from '../../db/database.js';

/** What the engine's thread opens and runs (engine-thread-entry.ts). */
export interface EngineThreadData {
  url: string;
  timeouts: DbTimeouts;
  /** its pool's connections (ENGINE_CONNECTIONS, at least one) */
  connections: number;
  timezone: string;
  workers: number;
  profileFile?: string;
}

/** A log line of the thread, written by the process's logger. */
export interface ThreadLogLine {
  log: 'error' | 'warn' | 'info';
  message: string;
  object?: Record<string, unknown>;
}

interface Logger {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/** A thread that ended without being asked is started again after this long. */
export const RESTART_MS = 1000;
/** How long a stop waits for the thread's workers to finish their transactions. */
const STOP_MS = 30_000;

const entry = new URL(
  import.meta.url.endsWith('.ts') ? './engine-thread-entry.ts' : './engine-thread-entry.js',
  import.meta.url,
);

/**
 * Sources (tests under Vitest, src/main.ts under tsx) load the entry through tsx, which is
 * there wherever sources run; the built server loads its JavaScript.
 */
function startWorker(data: EngineThreadData): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { workerData: data });
  const code = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(code, { eval: true, workerData: data });
}

/**
 * Issue 18: the engine's workers in a thread of their own, with a pool of their own. In the
 * server's thread each of a transaction's round trips waited behind every HTTP callback
 * (an event-loop delay of 130 ms at 2,000 devices), and a device batch for an asset-day being
 * rebuilt waits for that transaction. The thread shares nothing with the server but the
 * database: its state is the queue, so one that dies is started again and loses nothing.
 */
export class EngineThread {
  private worker: Worker | undefined;
  private running = false;
  private restart: NodeJS.Timeout | undefined;
  /** ended (workers stopped, pool closed) once, when stop() asks */
  private exited: Promise<void> = Promise.resolve();

  constructor(
    private readonly data: Omit<EngineThreadData, 'workers'>,
    private readonly log: Logger,
  ) {}

  /** The thread's worker, while one runs (tests end it to see it come back). */
  get current(): Worker | undefined {
    return this.worker;
  }

  start(workers: number): void {
    if (workers <= 0 || this.running) return;
    this.running = true;
    this.spawn(workers);
  }

  private spawn(workers: number): void {
    const worker = startWorker({ ...this.data, workers });
    this.worker = worker;
    this.exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    worker.on('message', (line: ThreadLogLine) => this.write(line));
    worker.on('error', (error) => this.log.error({ err: error }, 'engine thread: failed'));
    worker.once('exit', (code) => {
      if (this.worker === worker) this.worker = undefined;
      if (!this.running) return;
      this.log.error({ code }, 'engine thread: ended unasked; starting it again');
      this.restart = setTimeout(() => {
        this.restart = undefined;
        if (this.running) this.spawn(workers);
      }, RESTART_MS);
    });
  }

  private write({ log, message, object }: ThreadLogLine): void {
    this.log[log](object ?? {}, message);
  }

  /** Its workers finish their transactions and its pool closes; ended after STOP_MS. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.restart);
    const worker = this.worker;
    if (!worker) return;
    worker.postMessage('stop');
    const timeout = setTimeout(() => void worker.terminate(), STOP_MS);
    await this.exited;
    clearTimeout(timeout);
  }
}
