import {
  API_BASE,
  API_CONTENT_TYPE,
  endpointPath,
  endpoints,
  ErrorBody,
  ErrorCode,
  type Endpoint,
  type EndpointInput,
  type EndpointResponse,
  type TokenPair,
} from '@fleet/contract';
import { matches } from './schema-check';

/** A failed call: the HTTP status and the body the server sent (`{code, message}` for our API). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(matches(ErrorBody, body) ? body.message : `HTTP ${status}`);
    this.name = 'ApiError';
  }

  get code(): string | undefined {
    return matches(ErrorBody, this.body) ? this.body.code : undefined;
  }
}

/** Text for a failed call (spec §8): server message, else response data, else error message, else error text. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (matches(ErrorBody, error.body)) return error.body.message;
    if (typeof error.body === 'string' && error.body) return error.body;
    if (error.body != null) return JSON.stringify(error.body);
  }
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

type Query = Record<string, string | number | boolean | undefined>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  base?: keyof typeof API_BASE;
  query?: Query;
  body?: unknown;
  /** Send the session's token (default). Login and refresh go without. */
  auth?: boolean;
  /** Send this token instead of the session's (the monitoring view's token); never refreshed. */
  token?: string;
};

/** What the client needs from the session; see lib/session.ts. */
export type TokenSource = {
  accessToken: () => string | undefined;
  refreshToken: () => string | undefined;
  updateTokens: (tokens: TokenPair) => void;
  logout: () => void;
  /** Re-reads the stored session: another tab may have rotated the tokens meanwhile. */
  reload?: () => void;
};

/**
 * Runs `work` holding the lock `name`, shared by every tab of the portal (the Web Locks API,
 * `navigator.locks.request`); without it, `work` just runs.
 */
export type Exclusive = <T>(name: string, work: () => Promise<T>) => Promise<T>;

export type ClientOptions = { exclusive?: Exclusive };

const REFRESH_LOCK = 'fleetwise-token-refresh';

function url(path: string, { base = 'main', query = {} }: RequestOptions): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) search.set(key, String(value));
  const qs = search.toString();
  return `${API_BASE[base]}/${path}${qs ? `?${qs}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Spec §7: a response is read as its `data` when it has one, otherwise as the raw value. */
export function responseData(body: unknown): unknown {
  if (body !== null && typeof body === 'object' && !Array.isArray(body) && 'data' in body)
    return body.data ?? body;
  return body;
}

/** The path and request options of a call of the table of endpoints. */
function callOf(
  { method, path, base, schema }: Endpoint,
  input: { params?: unknown; query?: unknown; body?: unknown },
): { path: string; options: RequestOptions } {
  return {
    path: endpointPath(path, input.params as object | undefined),
    // The calls the contract marks as made without a credential (sign-in, refresh) go without.
    options: {
      method,
      // The device API's calls are the vehicles', never the web's.
      base: base === 'device' ? 'main' : base,
      query: input.query as Query | undefined,
      body: input.body,
      ...(schema.security?.length === 0 ? { auth: false } : {}),
    },
  };
}

/** Calls whose method carries a body; without one they send `{}`, so the JSON type holds. */
const SENDS_BODY = new Set(['POST', 'PUT']);

/** Spec §7: every call carries the versioned JSON content type, and the token when it has one. */
export function requestHeaders(token: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': API_CONTENT_TYPE,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** The JSON sent: the body given; `{}` for a POST or PUT without one; nothing otherwise. */
export function requestBody(method: string, body: unknown): string | undefined {
  const sent = body ?? (SENDS_BODY.has(method) ? {} : undefined);
  return sent === undefined ? undefined : JSON.stringify(sent);
}

/** A list page's X-Total-Count: undefined when absent or not a count. */
export function totalCount(header: string | null): number | undefined {
  const total = header === null ? NaN : Number(header);
  return Number.isSafeInteger(total) ? total : undefined;
}

type Send = (
  path: string,
  options: RequestOptions,
  token: string | undefined,
) => Promise<{ data: unknown; headers: Headers }>;

/** One call over `fetchFn`: its answer read as data (spec §7), or an ApiError. */
const sender =
  (fetchFn: typeof fetch): Send =>
  async (path, options, token) => {
    const method = options.method ?? 'GET';
    const response = await fetchFn(url(path, options), {
      method,
      headers: requestHeaders(token),
      body: requestBody(method, options.body),
    });
    const answer = await readBody(response);
    if (!response.ok) throw new ApiError(response.status, answer);
    return { data: responseData(answer), headers: response.headers };
  };

/**
 * One refresh at a time: concurrent calls that meet an expired token all wait for the same one,
 * because the server rotates refresh tokens and a second refresh with the old one would fail.
 * Across tabs too: the refresh holds a lock every tab shares, and a tab that waited for it
 * takes the tokens the other tab stored instead of refreshing with the spent one.
 */
function tokenRefresher(session: TokenSource, exclusive: Exclusive, send: Send) {
  let refreshing: Promise<boolean> | null = null;
  return function refreshOnce(expired: string): Promise<boolean> {
    refreshing ??= exclusive(REFRESH_LOCK, async () => {
      session.reload?.();
      const refreshToken = session.refreshToken();
      if (!refreshToken) return false;
      if (session.accessToken() !== expired) return true;
      try {
        const { path, options } = callOf(endpoints.auth.refresh, { body: { refreshToken } });
        session.updateTokens((await send(path, options, undefined)).data as TokenPair);
        return true;
      } catch {
        return false;
      }
    }).finally(() => (refreshing = null));
    return refreshing;
  };
}

/**
 * Runs `attempt` with the session's access token; when it fails with an ApiError 401
 * TOKEN_EXPIRED, refreshes once and runs it again with the new token. Every call goes through
 * here, and so can one that fetch cannot make (an upload that reports its progress).
 */
function authorizer(session: TokenSource, refreshOnce: (expired: string) => Promise<boolean>) {
  return async function authorized<T>(
    attempt: (token: string | undefined) => Promise<T>,
  ): Promise<T> {
    const token = session.accessToken();
    try {
      return await attempt(token);
    } catch (error) {
      if (!token || !(error instanceof ApiError) || error.code !== ErrorCode.TOKEN_EXPIRED)
        throw error;
      // Another call may have refreshed while this one was under way: then just retry.
      if (session.accessToken() === token && !(await refreshOnce(token))) {
        session.logout();
        throw error;
      }
      const fresh = session.accessToken();
      if (!fresh) throw error;
      return await attempt(fresh);
    }
  };
}

export function createApiClient(
  fetchFn: typeof fetch,
  session: TokenSource,
  { exclusive = (_name, work) => work() }: ClientOptions = {},
) {
  const send = sender(fetchFn);
  const authorized = authorizer(session, tokenRefresher(session, exclusive, send));

  async function exchange(path: string, options: RequestOptions = {}) {
    if (options.token) return await send(path, options, options.token);
    if (options.auth === false) return await send(path, options, undefined);
    return authorized((token) => send(path, options, token));
  }

  const request = async <T>(path: string, options: RequestOptions = {}): Promise<T> =>
    (await exchange(path, options)).data as T;

  /** A GET of a list page: the items and the server's X-Total-Count (undefined when absent). */
  async function page<T>(
    path: string,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<{ items: T[]; total: number | undefined }> {
    const { data, headers } = await exchange(path, { ...options, method: 'GET' });
    return { items: data as T[], total: totalCount(headers.get('X-Total-Count')) };
  }

  /** One call of the contract's table of endpoints, typed by it: `call(endpoints.assets.get, {params: {id}})`. */
  const call = <E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    options?: Omit<RequestOptions, 'method' | 'body' | 'query' | 'base'>,
  ): Promise<EndpointResponse<E>> => {
    const { path, options: parts } = callOf(endpoint, input);
    return request<EndpointResponse<E>>(path, { ...options, ...parts });
  };

  /** A list page of the table of endpoints: the items and the server's X-Total-Count. */
  const callPage = <E extends Endpoint>(endpoint: E, input: EndpointInput<E>) => {
    const { path, options } = callOf(endpoint, input);
    type Item = EndpointResponse<E> extends (infer T)[] ? T : never;
    return page<Item>(path, options);
  };

  return {
    request,
    page,
    authorized,
    call,
    callPage,
    get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'PUT', body }),
    delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'DELETE' }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
