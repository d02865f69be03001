import type { StreamEvent } from './monitoring';

/** What a video room message says: joined or not, and what happened to the cameras' feeds. */
export type RoomNews = { joined: boolean; events: StreamEvent[] };

/**
 * Reads a message of the control room's publisher handle (Janus videoroom): 'joined', a
 * destroyed room (nothing else then counts), publishers that appeared, and feeds that were
 * unpublished or left.
 */
export function roomNews(message: Record<string, unknown>): RoomNews {
  const joined = message.videoroom === 'joined';
  if (message.videoroom === 'destroyed') return { joined, events: [{ type: 'destroyed' }] };
  const events: StreamEvent[] = [];
  const publishers = message.publishers as { id: number; display?: string }[] | undefined;
  if (publishers?.length) events.push({ type: 'published', feeds: publishers });
  for (const key of ['unpublished', 'leaving'] as const) {
    const feed = message[key];
    if (typeof feed === 'number') events.push({ type: 'gone', feed });
  }
  return { joined, events };
}

/** The feed of each stream (mid) of a subscriber's 'attached' or 'updated' message. */
export function feedsOfMids(message: Record<string, unknown>): [string, number][] {
  const streams = message.streams as { mid?: string; feed_id?: number }[] | undefined;
  return (streams ?? []).flatMap((s) =>
    s.mid !== undefined && s.feed_id !== undefined ? [[s.mid, s.feed_id] as [string, number]] : [],
  );
}

/** The MediaStream of each feed after a track came (on) or went. */
export function withTrack<M>(
  media: ReadonlyMap<number, M>,
  feed: number,
  stream: M | null,
): ReadonlyMap<number, M> {
  const next = new Map(media);
  if (stream) next.set(feed, stream);
  else next.delete(feed);
  return next;
}

/**
 * Where janus.js reaches Janus: the gateway's WebSocket first (issue 19 §5: one connection, no
 * request and long-poll per step; the token in its address, as the server checks it before the
 * upgrade), then the HTTP API, which janus.js falls back to when the socket does not open.
 */
export function gatewayServers(
  gatewayPath: string,
  token: string,
  page: Pick<Location, 'protocol' | 'host'>,
): string[] {
  const scheme = page.protocol === 'https:' ? 'wss:' : 'ws:';
  const socket = `${scheme}//${page.host}${gatewayPath}/ws?token=${encodeURIComponent(token)}`;
  return [socket, gatewayPath];
}
