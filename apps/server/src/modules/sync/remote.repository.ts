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
  constructor(private readonly options: RemoteOptions) {}

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
      });
    } catch (error) {
      stop?.throwIfAborted();
      throw new RemoteError(this.unreachable(url, error));
    }
    const body = await this.read(response, what, signal, stop);
    if (response.status >= 300 && response.status < 400) {
      const to = response.headers.get('location');
      throw new RemoteError(
        `${what}: the remote redirects (HTTP ${response.status}${to ? ` to ${to.slice(0, 200)}` : ''}); configure the address it redirects to`,
      );
    }
    if (response.status === 401 || response.status === 403) {
      throw new RemoteError(
        `The remote refused the API key (HTTP ${response.status}${messageOf(body)})`,
      );
    }
    if (response.status === 404) {
      throw new RemoteError(`${what}: not found on the remote (HTTP 404${messageOf(body)})`);
    }
    if (response.status < 200 || response.status >= 300) {
      throw new RemoteError(
        `${what}: the remote answered HTTP ${response.status}${messageOf(body)}`,
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new RemoteError(`${what}: the answer is not JSON (${describeText(body)})`);
    }
    if (!check.Check(parsed)) {
      const [first] = [...check.Errors(parsed)] as { instancePath?: string; message?: string }[];
      throw new RemoteError(
        `${what}: the answer is not the sync protocol (${first?.instancePath || '/'} ${first?.message ?? 'is not valid'})`,
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
          : `${what}: the answer broke off (${(error as Error).message})`,
      );
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  private unreachable(url: URL, error: unknown): string {
    const e = error as Error & { cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError' || e.name === 'AbortError')
      return `${url.origin} did not answer within ${this.seconds()}`;
    const code = e.cause?.code;
    if (code === 'ECONNREFUSED') return `Cannot reach ${url.origin}: connection refused`;
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
      return `Cannot reach ${url.origin}: unknown host`;
    return `Cannot reach ${url.origin}: ${(code ?? e.cause?.message ?? e.message).slice(0, 200)}`;
  }

  private seconds() {
    return `${this.options.timeoutMs / 1000} s`;
  }

  private limit() {
    return `${Math.round(this.options.maxBytes / 1024 / 1024)} MB`;
  }
}

/** ': <message>' of a {code, message} answer, briefly; '' otherwise. */
function messageOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed?.message === 'string') return `: ${parsed.message.slice(0, 200)}`;
  } catch {
    // not JSON: say nothing more
  }
  return '';
}

function describeText(body: string): string {
  if (!body.trim()) return 'empty';
  return `starts with ${JSON.stringify(body.trim().slice(0, 40))}`;
}
