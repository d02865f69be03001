// The engine's thread (engine-thread.ts): its workers on a pool of their own until asked to stop.
import { parentPort, workerData } from 'node:worker_threads';
import { createDb } from '../../db/database.js';
import { EngineRepository } from './engine.repository.js';
import { EngineService } from './engine.service.js';
import type { EngineThreadData, ThreadLogLine } from './engine-thread.js';
import { StepTimer } from './step-timer.js';

const data = workerData as EngineThreadData;
const port = parentPort!;

/** An error as plain data: what crosses to the server's logger. */
const plain = (value: unknown) =>
  value instanceof Error
    ? { message: value.message, code: (value as { code?: string }).code, stack: value.stack }
    : value;

const send = (log: ThreadLogLine['log'], object: object, message: string) =>
  port.postMessage({
    log,
    message,
    object: Object.fromEntries(Object.entries(object).map(([k, v]) => [k, plain(v)])),
  } satisfies ThreadLogLine);

const log = {
  error: (object: object, message: string) => send('error', object, message),
  warn: (object: object, message: string) => send('warn', object, message),
  info: (message: string) => send('info', {}, message),
};

// A connection the database drops while idle is replaced at the next statement.
const db = createDb(
  data.url,
  Math.max(1, data.connections),
  (error) => log.warn({ err: error }, 'engine thread: an idle connection failed'),
  data.timeouts,
);
const engine = new EngineService(
  new EngineRepository(db, data.timezone, new StepTimer(data.profileFile)),
  log,
);
engine.start(data.workers);

port.on('message', (message) => {
  if (message !== 'stop') return;
  void (async () => {
    await engine.stop();
    await db.destroy();
    port.close();
  })();
});
