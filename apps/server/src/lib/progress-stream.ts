import { Readable } from 'node:stream';
import { PROGRESS_CONTENT_TYPE } from '@fleet/contract';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { clientErrorOf } from './postgres-errors.js';
import { HttpError } from './http-error.js';

/** How long work goes on: `status` is started, running, finished or failed. */
export type Progress = { status: 'started' | 'running' | 'finished' | 'failed'; message?: string };

/** Where work reports how far it is. */
export type Report<T> = (line: T) => void;

/**
 * Work that reports its progress and answers its last line (status finished). It should check
 * `signal` between its steps: aborted means the client went away, and the work should stop.
 */
export type ProgressWork<T extends Progress> = (
  report: Report<T>,
  signal: AbortSignal,
) => Promise<T>;

/**
 * The JSON lines of work under way: each line it reports, and while it reports nothing new, its
 * last line again (as running) every `heartbeatMs`, so a client sees it is alive; then its
 * final line, or its last line as failed with the error's message.
 */
export async function* progressLines<T extends Progress>(
  work: ProgressWork<T>,
  signal: AbortSignal,
  log: Pick<FastifyBaseLogger, 'error'>,
  heartbeatMs = 1000,
): AsyncGenerator<string> {
  const queue: T[] = [];
  let last: T | undefined;
  let wake: (() => void) | undefined;
  let outcome: { line: T } | { error: unknown } | undefined;
  const report = (line: T) => {
    last = line;
    queue.push(line);
    wake?.();
  };
  const settle = (result: { line: T } | { error: unknown }) => {
    outcome = result;
    wake?.();
  };
  void work(report, signal).then(
    (line) => settle({ line }),
    (error: unknown) => settle({ error }),
  );
  /** Waits for the next report, the end of the work, or a heartbeat's time: true on the last. */
  const next = () =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(true), heartbeatMs);
      wake = () => {
        clearTimeout(timer);
        resolve(false);
      };
    });

  for (;;) {
    while (queue.length) yield JSON.stringify(queue.shift()) + '\n';
    if (outcome) break;
    const quiet = await next();
    wake = undefined;
    // Nothing new for a heartbeat: the last line again, so the client knows the work goes on.
    if (quiet && last) queue.push({ ...last, status: 'running' });
  }
  const end = outcome!;
  if ('line' in end) yield JSON.stringify(end.line) + '\n';
  else {
    // Cancelled: the client is gone, and the work said so in the log.
    const message = signal.aborted ? 'Cancelled' : failure(end.error, log);
    yield JSON.stringify({ ...last, status: 'failed', message }) + '\n';
  }
}

/** What the failed line says: our own refusals as they are, anything else logged and not shown. */
function failure(error: unknown, log: Pick<FastifyBaseLogger, 'error'>): string {
  const known = error instanceof HttpError ? error : clientErrorOf(error);
  if (known) return known.message;
  log.error({ err: error }, 'streamed work failed');
  return 'The work broke off with an error on the server (it is logged); nothing more was done';
}

/**
 * Answers with the work's progress as JSON lines (application/x-ndjson), from the first moment
 * until it is done. When the client goes away before the end, the work's signal is aborted:
 * the work stops at its next step (and says so in the log).
 */
export function sendProgress<T extends Progress>(reply: FastifyReply, work: ProgressWork<T>) {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const lines = async function* () {
    try {
      yield* progressLines(work, controller.signal, reply.log);
    } finally {
      // The stream was destroyed before the end (the client went away): stop the work too.
      controller.abort();
    }
  };
  return reply
    .type(PROGRESS_CONTENT_TYPE)
    .header('cache-control', 'no-cache')
    .send(Readable.from(lines()));
}
