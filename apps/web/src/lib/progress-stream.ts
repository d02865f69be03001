import {
  API_BASE,
  API_CONTENT_TYPE,
  endpointPath,
  PROGRESS_STATUSES,
  type Endpoint,
  type EndpointInput,
  type ProgressStatus,
} from '@fleet/contract';
import { ApiError } from './api-client';
import { api } from './auth';
import { splitLines } from './progress';

/**
 * The long calls that answer their progress as JSON lines (re-processing, deletions; see the
 * contract's admin.ts): read with fetch and a ReadableStream, each line handed over as it comes.
 * Cancel with the AbortSignal: the server stops the work at its next step.
 */

export type ProgressLine = { status: ProgressStatus; message?: string };

const isProgressLine = (value: unknown): value is ProgressLine =>
  typeof value === 'object' &&
  value !== null &&
  (PROGRESS_STATUSES as readonly unknown[]).includes((value as ProgressLine).status);

/** The last line was 'failed': the work broke off on the server. */
export class WorkFailed extends Error {
  constructor(readonly line: ProgressLine) {
    super(line.message ?? 'The work broke off');
    this.name = 'WorkFailed';
  }
}

type Listener<T> = {
  signal?: AbortSignal;
  /** Each line, as it arrives. */
  onLine: (line: T) => void;
};

type StreamOptions<T> = Listener<T> & {
  method: 'POST' | 'DELETE';
  base?: keyof typeof API_BASE;
  query?: Record<string, string | number | undefined>;
};

/**
 * A call of the contract's table of endpoints that answers its progress as JSON lines
 * (`streamCall(endpoints.adminData.deleteData, {params: {id}, query: {confirm}}, {onLine})`);
 * see streamProgress.
 */
export function streamCall<T extends ProgressLine, E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  listener: Listener<T>,
): Promise<T> {
  const { method, path, base } = endpoint;
  if (method !== 'POST' && method !== 'DELETE') throw new Error(`${method} streams no progress`);
  const { params, query } = input as { params?: object; query?: StreamOptions<T>['query'] };
  return streamProgress<T>(endpointPath(path, params), {
    method,
    base: base === 'device' ? 'main' : base,
    query,
    ...listener,
  });
}

/**
 * Calls `path` and reads its lines to the end. Resolves with the last line (finished); rejects
 * with WorkFailed (a failed line), an ApiError (refused before the work began: {code, message}),
 * an AbortError (cancelled), or an Error when the answer ended before the work did.
 */
export async function streamProgress<T extends ProgressLine>(
  path: string,
  { method, base = 'main', query = {}, signal, onLine }: StreamOptions<T>,
): Promise<T> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) search.set(key, String(value));
  const url = `${API_BASE[base]}/${path}${search.size ? `?${search}` : ''}`;

  // A refusal (an expired token included) comes before the first line: the client retries it.
  const response = await api.authorized(async (token) => {
    const headers: Record<string, string> = { Accept: 'application/x-ndjson, application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (method === 'POST') headers['Content-Type'] = API_CONTENT_TYPE;
    const answer = await fetch(url, {
      method,
      headers,
      body: method === 'POST' ? '{}' : undefined,
      signal,
    });
    if (!answer.ok) {
      const text = await answer.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: the text itself
      }
      throw new ApiError(answer.status, body);
    }
    return answer;
  });
  if (!response.body) throw new Error('The server sent no progress');

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let last: T | undefined;
  for (;;) {
    const { value, done } = await reader.read();
    const { lines, rest } = splitLines(done ? `${buffer}\n` : buffer + value);
    buffer = rest;
    for (const text of lines) {
      const line: unknown = JSON.parse(text);
      if (!isProgressLine(line)) continue;
      last = line as T;
      onLine(last);
      if (last.status === 'failed') throw new WorkFailed(last);
      if (last.status === 'finished') return last;
    }
    if (done) break;
  }
  throw new Error(
    last ? 'The connection ended before the work was done' : 'The server sent no progress',
  );
}
