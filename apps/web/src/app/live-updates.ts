import {
  API_BASE,
  PUSH_EVENT_KINDS,
  PUSH_EVENT_NAME,
  type PushEvent,
  type PushEventKind,
} from '@fleet/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { EventSource, type EventSourceFetchInit } from 'eventsource';
import { useEffect } from 'react';
import { ApiError } from '@/lib/api-client';
import { api } from '@/lib/auth';
import { pushQueries } from '@/lib/push-keys';

/** Changes within this window refresh the screens once. */
const BATCH_MS = 250;
/** Positions of a driving fleet arrive every few seconds; its overview refreshes at most this often. */
const ASSET_EVERY_MS = 1500;

/**
 * The fetch of the push channel: with the session's token, refreshed once when it expired
 * (as every call of the api client), so the channel outlives the 15-minute access token.
 */
const authorizedFetch = (url: string | URL, init: EventSourceFetchInit) =>
  api.authorized(async (token) => {
    const response = await fetch(url, {
      ...init,
      headers: { ...init.headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
    if (response.status === 401) throw new ApiError(401, await response.json().catch(() => null));
    return response;
  });

/** Invalidates the queries of the kinds that changed, a batch at a time. */
function invalidator(client: QueryClient) {
  const pending = new Set<PushEventKind>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let assetsAt = 0;
  const flush = () => {
    timer = undefined;
    if (pending.has('asset') && Date.now() - assetsAt < ASSET_EVERY_MS) {
      pending.delete('asset');
      // Not lost: the next batch takes it.
      setTimeout(() => add(['asset']), ASSET_EVERY_MS);
    }
    if (pending.has('asset')) assetsAt = Date.now();
    if (pending.size > 0) void client.invalidateQueries(pushQueries(pending));
    pending.clear();
  };
  const add = (kinds: Iterable<PushEventKind>) => {
    for (const kind of kinds) pending.add(kind);
    timer ??= setTimeout(flush, BATCH_MS);
  };
  return { add, cancel: () => clearTimeout(timer) };
}

/**
 * Issue 19 §3: one push channel per tab (GET /api/events), opened by the signed-in shell. A
 * change of what the user may see makes the screens showing it ask again; after the channel
 * was lost (and after `resync`) every live screen asks again, since nothing is replayed.
 */
export function useLiveUpdates() {
  const client = useQueryClient();
  useEffect(() => {
    const batch = invalidator(client);
    const source = new EventSource(`${API_BASE.main}/events`, { fetch: authorizedFetch });
    let lost = false;
    source.addEventListener(PUSH_EVENT_NAME, (message) => {
      const events = JSON.parse(message.data) as PushEvent[];
      batch.add(events.map((e) => e.kind));
    });
    source.addEventListener('resync', () => batch.add(PUSH_EVENT_KINDS));
    source.addEventListener('open', () => {
      if (lost) batch.add(PUSH_EVENT_KINDS);
      lost = false;
    });
    source.addEventListener('error', () => (lost = true));
    return () => {
      batch.cancel();
      source.close();
    };
  }, [client]);
}
