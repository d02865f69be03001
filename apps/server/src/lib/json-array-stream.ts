import { pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { FastifyReply } from 'fastify';

/** Lets other requests have their turn: resolves after the I/O and timers waiting now. */
export const otherRequestsFirst = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Items mapped between two turns of other requests: a few milliseconds of work, not tens. */
const ITEMS_PER_TURN = 250;

/**
 * `items.map(make)`, letting other requests have their turn every ITEMS_PER_TURN items: a
 * streamed answer's item (a report interval of a thousand assets) is made in slices, so the
 * event loop is never held for long by one answer, however large its items.
 */
export async function mapInTurns<T, R>(items: readonly T[], make: (item: T) => R): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % ITEMS_PER_TURN === 0) await otherRequestsFirst();
    out[i] = make(items[i]!);
  }
  return out;
}

/**
 * Whether an Accept-Encoding header takes gzip (by name or `*`, with a q above 0). Browsers
 * always send it; a report's keys repeat for every entity of every interval, so gzip makes it
 * about a quarter (the numbers themselves hardly compress).
 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [name, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Answers a JSON array item by item instead of as one string (a year of daily report intervals
 * of a large fleet is hundreds of MB): the memory held is one item's, and the first bytes
 * leave at once. Each item is written by `write`: a writer of its own, or the serialiser of its
 * schema (as the route's response schema would). The first item is made before anything is sent, so a refusal (400, 404, 429) is still
 * an ordinary error answer; a failure after that can only break the answer off (and is logged).
 * When the client goes away (`signal`), the items are given up and what they hold released.
 */
export async function sendJsonArray<T>(
  reply: FastifyReply,
  items: AsyncGenerator<T>,
  itemSchema: object | ((item: T) => string),
  signal: AbortSignal,
): Promise<void> {
  // Whenever the answer ends, early or not, the items end too and release what they hold: also
  // when the client went away before the first item was made, or before the stream was read.
  const end = () => void items.return(undefined).catch(() => {});
  reply.raw.once('close', end);
  const first = await items.next();
  const write =
    typeof itemSchema === 'function'
      ? itemSchema
      : (item: T) =>
          reply.compileSerializationSchema(itemSchema as Record<string, unknown>)(
            item as Record<string, unknown>,
          );
  async function* chunks() {
    try {
      if (first.done) {
        yield '[]';
        return;
      }
      yield `[${write(first.value)}`;
      for (;;) {
        // Other requests get their turn between two items: one item's work is the longest
        // the event loop is held, however many items and answers are under way.
        await otherRequestsFirst();
        const next = await items.next();
        if (next.done) break;
        // Making an item and writing it are two turns: each is a slice of the event loop.
        await otherRequestsFirst();
        yield `,${write(next.value)}`;
      }
      yield ']';
    } catch (error) {
      // The client is gone: there is nobody to tell.
      if (signal.aborted) return;
      reply.log.error({ err: error }, 'streamed answer broke off');
      throw error;
    } finally {
      await items.return(undefined);
    }
  }
  // Bytes, not objects: the stream holds about one item ahead of a slow client, not sixteen.
  const stream = Readable.from(chunks(), { objectMode: false });
  stream.once('close', end);
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (acceptsGzip(reply.request.headers['accept-encoding'])) {
    // Level 1: most of the gain for little CPU (the keys repeat; the numbers do not).
    const zipped = pipeline(stream, createGzip({ level: 1 }), () => {});
    await reply.header('content-encoding', 'gzip').send(zipped);
  } else await reply.send(stream);
  // Resolves when the answer has gone out (or the client went away): the handler ends then.
  await reply;
}
