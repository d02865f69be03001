import {
  API_CONTENT_TYPE,
  EXPORT_IDS_LIMIT,
  EXPORT_PAGE_LIMIT,
  EXPORT_PAGES,
  ExportIdsPage,
  ExportOrganisations,
  SYNC_API_KEY_HEADER,
  SYNC_EXPORT_PATH,
  SYNC_KIND_PATHS,
  type RemoteOrganisation,
  type SyncEntityKind,
} from '@fleet/contract';
import type { Static } from 'typebox';
import { fetch, type Dispatcher, type Response } from 'undici';
import { isOutboundRefused, type OutboundPolicy } from '../../lib/outbound.js';
import { Compile } from 'typebox/compile';
import '../../lib/formats.js';
import type { ExportItemOf } from './sync-kinds.js';

/** Why a remote could not be read, in words for the result's reason (never holds the key). */
export class RemoteError extends Error {}

export interface RemoteOptions {
  /** one request, from sending to the last byte of the answer */
  timeoutMs: number;
  /** largest answer read */
  maxBytes: number;
}

export interface RemotePage<K extends SyncEntityKind> {
  items: ExportItemOf[K][];
  nextCursor: string | null;
  stamp: string;
}

const checks = {
  organisations: Compile(ExportOrganisations),
  ids: Compile(ExportIdsPage),
  pages: Object.fromEntries(
    Object.entries(EXPORT_PAGES).map(([kind, schema]) => [kind, Compile(schema)]),
  ) as Record<SyncEntityKind, ReturnType<typeof Compile>>,
};

/** The remote's address without trailing slashes: the form configurations keep and compare. */
export const normaliseServer = (server: string) => server.trim().replace(/\/+$/, '');

/**
 * The client of a remote's export side (the protocol of docs/synchronisation.md). Every
 * answer is bounded in time and size and checked against the contract's schemas before
 * anyone reads it: a remote that is down, refuses the key, is slow or sends garbage becomes
 * a RemoteError saying which.
 */
export class SyncRemoteRepository {
  private readonly dispatcher: Dispatcher;

  constructor(
    private readonly options: RemoteOptions,
    private readonly outbound: OutboundPolicy,
  ) {
    this.dispatcher = outbound.dispatcher({ timeoutMs: options.timeoutMs });
  }

  /**
   * Why a remote's address may not be used, for a clear 400 when it is saved; undefined when
   * it may. Every request checks its destination again when it connects.
   */
  async addressProblem(server: string): Promise<string | undefined> {
    const problem = await this.outbound.urlProblem(new URL(server));
    return (
      problem &&
      `server ${problem}: synchronisation reaches public addresses only (a remote on the own network must be allowed by the server's operator, OUTBOUND_ALLOW)`
    );
  }

  async organisations(
    server: string,
    key: string,
    signal?: AbortSignal,
  ): Promise<RemoteOrganisation[]> {
    const answer = await this.get(server, key, 'organisations', {}, checks.organisations, signal);
    return (answer as Static<typeof ExportOrganisations>).organisations;
  }

  async page<K extends SyncEntityKind>(
    server: string,
    key: string,
    organisation: string,
    kind: K,
    position: { since?: string | undefined; cursor?: string | undefined },
    signal?: AbortSignal,
  ): Promise<RemotePage<K>> {
    const path = `organisations/${encodeURIComponent(organisation)}/${SYNC_KIND_PATHS[kind]}`;
    const query = { ...position, limit: String(EXPORT_PAGE_LIMIT.max) };
    const page = await this.get(server, key, path, query, checks.pages[kind], signal);
    return page as RemotePage<K>;
  }

  async ids(
    server: string,
    key: string,
    organisation: string,
    kind: SyncEntityKind,
    cursor: string | undefined,
    signal?: AbortSignal,
  ): Promise<Static<typeof ExportIdsPage>> {
    const path = `organisations/${encodeURIComponent(organisation)}/ids`;
    const query = { kind: SYNC_KIND_PATHS[kind], cursor, limit: String(EXPORT_IDS_LIMIT.max) };
    const page = await this.get(server, key, path, query, checks.ids, signal);
    return page as Static<typeof ExportIdsPage>;
  }

  private async get(
    server: string,
    key: string,
    path: string,
    query: Record<string, string | undefined>,
    check: { Check(value: unknown): boolean; Errors(value: unknown): Iterable<unknown> },
    stop?: AbortSignal,
  ): Promise<unknown> {
    const url = new URL(`${normaliseServer(server)}${SYNC_EXPORT_PATH}/${path}`);
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(name, value);
    const what = `GET ${url.pathname}`;
    let response: Response;
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const signal = stop ? AbortSignal.any([timeout, stop]) : timeout;
    try {
      response = await fetch(url, {
        headers: { [SYNC_API_KEY_HEADER]: key, accept: `application/json, ${API_CONTENT_TYPE}` },
        // The key goes to the configured address only, never where a redirect points.
        redirect: 'manual',
        signal,
        dispatcher: this.dispatcher,
      });
    } catch (error) {
      stop?.throwIfAborted();
      throw new RemoteError(this.unreachable(url, error));
    }
    // What the remote says is never repeated (its body, its message, where it redirects to):
    // the reason is read by users, and an address could be made to answer anything.
    const status = response.status;
    if (status < 200 || status >= 300) {
      await response.body?.cancel().catch(() => undefined);
      if (status >= 300 && status < 400)
        throw new RemoteError(
          `${what}: the remote redirects elsewhere (a ${statusClass(status)}); configure the address it redirects to`,
        );
      if (status === 401 || status === 403)
        throw new RemoteError(`The remote refused the API key (HTTP ${status})`);
      if (status === 404) throw new RemoteError(`${what}: not found on the remote (HTTP 404)`);
      throw new RemoteError(`${what}: the remote answered with a ${statusClass(status)}`);
    }
    const body = await this.read(response, what, signal, stop);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new RemoteError(
        `${what}: the answer is not JSON${body.trim() ? '' : ' (it is empty)'}`,
      );
    }
    if (!check.Check(parsed)) {
      const [first] = [...check.Errors(parsed)] as { instancePath?: string; message?: string }[];
      throw new RemoteError(
        `${what}: the answer is not the sync protocol (${safePath(first?.instancePath)} ${first?.message ?? 'is not valid'})`,
      );
    }
    return parsed;
  }

  /** The whole body as text, at most maxBytes. */
  private async read(
    response: Response,
    what: string,
    signal: AbortSignal,
    stop: AbortSignal | undefined,
  ): Promise<string> {
    const length = Number(response.headers.get('content-length'));
    if (length > this.options.maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw new RemoteError(`${what}: the answer is larger than ${this.limit()}`);
    }
    if (!response.body) return '';
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body) {
        size += chunk.byteLength;
        if (size > this.options.maxBytes) {
          await response.body.cancel().catch(() => undefined);
          throw new RemoteError(`${what}: the answer is larger than ${this.limit()}`);
        }
        chunks.push(Buffer.from(chunk));
      }
    } catch (error) {
      if (error instanceof RemoteError) throw error;
      stop?.throwIfAborted();
      throw new RemoteError(
        signal.aborted
          ? `${what}: no complete answer within ${this.seconds()}`
          : `${what}: the answer broke off`,
      );
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  private unreachable(url: URL, error: unknown): string {
    const e = error as Error & { cause?: { code?: string; message?: string } };
    if (isOutboundRefused(error))
      return `Refused: ${url.origin} is not an allowed address (synchronisation reaches public addresses only)`;
    if (e.name === 'TimeoutError' || e.name === 'AbortError')
      return `${url.origin} did not answer within ${this.seconds()}`;
    const code = e.cause?.code;
    if (code === 'ECONNREFUSED') return `Cannot reach ${url.origin}: connection refused`;
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
      return `Cannot reach ${url.origin}: unknown host`;
    if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT')
      return `${url.origin} did not answer within ${this.seconds()}`;
    if (code && /^(CERT_|ERR_TLS|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED)/.test(code))
      return `Cannot reach ${url.origin}: its certificate is not valid`;
    return `Cannot reach ${url.origin}: the connection failed`;
  }

  private seconds() {
    return `${this.options.timeoutMs / 1000} s`;
  }

  private limit() {
    return `${Math.round(this.options.maxBytes / 1024 / 1024)} MB`;
  }
}

/** Where in the answer a check failed, with any name that is not a plain word left out (keys are the remote's). */
function safePath(path: string | undefined): string {
  if (!path) return '/';
  return path
    .split('/')
    .map((part) => (/^[A-Za-z0-9_]{0,40}$/.test(part) ? part : '…'))
    .join('/')
    .slice(0, 120);
}

/** 'server error (HTTP 5xx)' and the like: the class of an answer, not its details. */
function statusClass(status: number): string {
  const kind =
    status >= 500
      ? 'server error'
      : status >= 400
        ? 'refusal'
        : status >= 300
          ? 'redirect'
          : 'answer';
  return `${kind} (HTTP ${Math.floor(status / 100)}xx)`;
}
