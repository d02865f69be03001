import {
  API_BASE,
  API_CONTENT_TYPE,
  endpointPath,
  type Endpoint,
  type EndpointInput,
} from '@fleet/contract';
import { ApiError } from './api-client';
import { api } from './auth';

/**
 * A file the server answers (the exports, issue 21 §3): fetched with the session's token
 * (refreshed once when expired), read as a stream so the bytes received can be shown, then
 * saved by the browser under the name the server gives in Content-Disposition.
 */
export type DownloadProgress = (received: number, total: number | undefined) => void;

/** The file name of a Content-Disposition header: filename* (UTF-8) before filename. */
export function dispositionName(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1];
}

async function errorOf(response: Response): Promise<ApiError> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the text as it is
  }
  return new ApiError(response.status, body);
}

async function readAll(response: Response, onProgress?: DownloadProgress): Promise<Blob> {
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : undefined;
  if (!response.body) return new Blob([await response.arrayBuffer()], { type });
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress?.(received, total);
  }
  return new Blob(chunks as BlobPart[], { type });
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Downloads a call of the table of endpoints that answers a file; resolves with its name. */
export async function downloadCall<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  {
    fallbackName,
    onProgress,
    signal,
  }: {
    fallbackName: string;
    onProgress?: DownloadProgress;
    signal?: AbortSignal;
  },
): Promise<string> {
  const { params, query, body } = input as { params?: object; query?: object; body?: unknown };
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) search.set(key, String(value));
  const base = endpoint.base === 'device' ? 'main' : endpoint.base;
  const url = `${API_BASE[base]}/${endpointPath(endpoint.path, params)}${search.size ? `?${search}` : ''}`;
  return api.authorized(async (token) => {
    const headers: Record<string, string> = { Accept: '*/*' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const sends = endpoint.method === 'POST' || endpoint.method === 'PUT';
    if (sends) headers['Content-Type'] = API_CONTENT_TYPE;
    const response = await fetch(url, {
      method: endpoint.method,
      headers,
      body: sends ? JSON.stringify(body ?? {}) : undefined,
      signal,
    });
    if (!response.ok) throw await errorOf(response);
    const name = dispositionName(response.headers.get('content-disposition')) ?? fallbackName;
    saveBlob(await readAll(response, onProgress), name);
    return name;
  });
}
