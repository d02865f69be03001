import type { WebSocket } from 'ws';
import { WebSocket as Upstream } from 'ws';
import { inspectJanusRequest, type JanusTarget } from './janus-requests.js';
import type { JanusSessionsRepository } from './janus-sessions.repository.js';

/** Janus's WebSocket subprotocol (janus.js asks for it). */
export const JANUS_PROTOCOL = 'janus-protocol';
/** Largest message a viewer may send, as the HTTP proxy's body limit. */
export const MESSAGE_LIMIT = 64 * 1024;

type Message = Record<string, unknown>;

export interface JanusSocketOptions {
  /** ws://127.0.0.1:<port> of our Janus */
  upstreamUrl: string;
  /** who the caller is (callerKey), for the sessions it makes */
  owner: string;
  /** refuses (throws) a viewer who may no longer use the gateway, or may not watch `room` */
  authorise(room?: number): Promise<void>;
  sessions: JanusSessionsRepository;
  log: { warn(message: string): void };
}

/** Where a message goes, read from its ids (the WebSocket API names them in the body). */
function targetOf(message: Message): { target: JanusTarget; session?: string } | string {
  const { session_id: session, handle_id: handle } = message;
  for (const id of [session, handle])
    if (id !== undefined && (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1))
      return 'Not a Janus session or handle';
  if (handle !== undefined && session === undefined) return 'A handle needs its session';
  const target = handle !== undefined ? 'handle' : session !== undefined ? 'session' : 'root';
  return { target, session: session === undefined ? undefined : String(session) };
}

const refusal = (message: Message | undefined, code: number, reason: string) =>
  JSON.stringify({
    janus: 'error',
    ...(typeof message?.transaction === 'string' ? { transaction: message.transaction } : {}),
    error: { code, reason },
  });

/**
 * One viewer's WebSocket to Janus through the server (issue 19 §5: no long-poll round trips).
 * The same checks as the HTTP proxy, per message: only what janus-requests.ts lets through, a
 * session answers only to the caller that made it, a join names a room the caller may watch,
 * at most so many sessions per caller. A refused message is answered with a Janus error and
 * never reaches Janus. Messages are checked and passed on in the order they came.
 */
export function relayJanusSocket(socket: WebSocket, o: JanusSocketOptions): void {
  const upstream = new Upstream(o.upstreamUrl, JANUS_PROTOCOL, { maxPayload: 16 * MESSAGE_LIMIT });
  const opened = new Promise<void>((resolve, reject) => {
    upstream.once('open', () => resolve());
    upstream.once('error', reject);
  });
  opened.catch(() => {});
  /** transaction → what its success means for the sessions table */
  const pending = new Map<string, { creates?: true; destroys?: string }>();
  const made = new Set<string>();
  let queue = Promise.resolve();

  const check = async (text: string): Promise<Message | string> => {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return 'Send a JSON object';
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message))
      return 'Send a JSON object';
    const body = { ...(message as Message) };
    delete body.token;
    await o.authorise();
    const where = targetOf(body);
    if (typeof where === 'string') return where;
    const verdict = inspectJanusRequest(where.target, 'POST', body);
    if (!verdict.allowed) return verdict.why;
    if (where.session && !(await o.sessions.owns(where.session, o.owner)))
      return `Janus session ${where.session} does not exist`;
    if (verdict.room !== undefined) await o.authorise(verdict.room);
    if (verdict.creates && !(await o.sessions.mayCreate(o.owner)))
      return 'Too many open video sessions';
    if (typeof body.transaction === 'string' && (verdict.creates || verdict.destroys))
      pending.set(
        body.transaction,
        verdict.creates ? { creates: true } : { destroys: where.session },
      );
    return body;
  };

  const handle = async (text: string) => {
    let verdict: Message | string;
    try {
      verdict = await check(text);
    } catch (error) {
      verdict = (error as Error).message || 'Refused';
    }
    if (typeof verdict === 'string') {
      let message: Message | undefined;
      try {
        message = JSON.parse(text) as Message;
      } catch {
        message = undefined;
      }
      socket.send(refusal(message, 403, verdict));
      return;
    }
    await opened;
    upstream.send(JSON.stringify(verdict));
  };

  socket.on('message', (data, isBinary) => {
    const text = isBinary ? '' : data.toString();
    queue = queue.then(() => handle(text)).catch(() => socket.close(1011, 'Gateway unavailable'));
  });

  // In order: an answer is passed on once what it means for the sessions table is written.
  let out = Promise.resolve();
  upstream.on('message', (data) => {
    const text = data.toString();
    out = out
      .then(() => noteAnswer(text))
      .catch((error: Error) => o.log.warn(`Janus WebSocket: ${error.message}`))
      .then(() => {
        if (socket.readyState === socket.OPEN) socket.send(text);
      });
  });

  const noteAnswer = async (text: string) => {
    let answer: Message;
    try {
      answer = JSON.parse(text) as Message;
    } catch {
      return;
    }
    const transaction = answer.transaction;
    if (typeof transaction !== 'string' || !pending.has(transaction)) return;
    const what = pending.get(transaction)!;
    pending.delete(transaction);
    if (answer.janus !== 'success') return;
    const id = (answer.data as { id?: unknown } | undefined)?.id;
    if (what.creates && typeof id === 'number') {
      made.add(String(id));
      await o.sessions.created(String(id), o.owner);
    }
    if (what.destroys) {
      made.delete(what.destroys);
      await o.sessions.destroyed(what.destroys);
    }
  };

  // Janus destroys the sessions of a WebSocket that closed; they are forgotten here too.
  const closeBoth = () => {
    if (upstream.readyState === upstream.OPEN || upstream.readyState === upstream.CONNECTING)
      upstream.close();
    if (socket.readyState === socket.OPEN) socket.close();
    for (const session of made) void o.sessions.destroyed(session).catch(() => {});
    made.clear();
  };
  socket.on('close', closeBoth);
  upstream.on('close', closeBoth);
  upstream.on('error', (error) => {
    o.log.warn(`Janus WebSocket: ${error.message}`);
    closeBoth();
  });
}
