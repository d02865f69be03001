import {
  ErrorCode,
  PUSH_EVENT_NAME,
  type AccessTokenClaims,
  type PushEvent,
} from '@fleet/contract';
import { HttpError } from '../../lib/http-error.js';
import { audienceOf, eventKey, sseMessage } from './push-events.js';

/** Where one channel writes: the response's socket, seen as a stream. */
export interface ChannelSink {
  /** Writes; false when the socket's buffer is over its mark (a slow client). */
  write(text: string): boolean;
  /** Bytes written but not yet taken by the client. */
  readonly buffered: number;
  end(): void;
  /** Drops the connection at once, whatever is still buffered. */
  abort(): void;
}

export interface PushLimits {
  /** Channels one user may hold at once (one per tab); 429 beyond. */
  perUser: number;
  /** A channel whose client leaves this many bytes untaken is closed (it reconnects, asks again). */
  maxBufferedBytes: number;
  /** Changes within this many ms go out as one message. */
  batchMs: number;
  /** A comment line this often keeps proxies and the client from thinking the channel dead. */
  heartbeatMs: number;
  /** How long a channel trusts what it learnt of an organisation's visibility. */
  visibilityMs: number;
}

export const DEFAULT_PUSH_LIMITS: PushLimits = {
  perUser: 8,
  maxBufferedBytes: 256 * 1024,
  batchMs: 200,
  heartbeatMs: 20_000,
  visibilityMs: 30_000,
};

interface Channel {
  user: AccessTokenClaims;
  sink: ChannelSink;
  nextId: number;
}

/**
 * The push channels of this process: who listens, what they may hear, and a batch of changes
 * collected from the database's announcements, sent every `batchMs` to each channel as the part
 * its user may see. A channel is closed, never buffered without bound, when its client does not
 * keep up: the client reconnects and asks again for what it shows.
 */
export class PushHub {
  private readonly channels = new Set<Channel>();
  private pending = new Map<string, PushEvent>();
  private flushTimer: NodeJS.Timeout | undefined;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly visibility = new Map<string, { visible: boolean; at: number }>();
  /** closeAll ran: the server stops, and a channel opened now would hold its close open. */
  private closed = false;

  constructor(
    private readonly isWithin: (
      user: AccessTokenClaims,
      organisationId: number,
    ) => Promise<boolean>,
    private readonly limits: PushLimits = DEFAULT_PUSH_LIMITS,
  ) {
    this.heartbeat = setInterval(() => this.broadcast(': ping\n\n'), limits.heartbeatMs);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.channels.size;
  }

  /** A new channel; 429 when the user holds `perUser` already. Returns its close. */
  open(user: AccessTokenClaims, sink: ChannelSink, resumed: boolean): () => void {
    const held = [...this.channels].filter((c) => c.user.user_id === user.user_id).length;
    if (held >= this.limits.perUser)
      throw new HttpError(
        429,
        ErrorCode.TOO_MANY_REQUESTS,
        `At most ${this.limits.perUser} live update channels per user; close a tab`,
        { 'Retry-After': '10' },
      );
    sink.write(`retry: 3000\n\n`);
    // The server stops: ended at once, as closeAll ended the others; the client comes back later.
    if (this.closed) {
      sink.end();
      return () => {};
    }
    const channel: Channel = { user, sink, nextId: 1 };
    this.channels.add(channel);
    // No history is kept: a client that lost the thread asks again for everything it shows.
    if (resumed) this.send(channel, 'resync', {});
    return () => this.channels.delete(channel);
  }

  /** A change announced by the database: sent with the next batch. */
  publish(event: PushEvent): void {
    if (this.channels.size === 0) return;
    this.pending.set(eventKey(event), event);
    this.flushTimer ??= setTimeout(() => void this.flush(), this.limits.batchMs);
  }

  /** The announcements may have been missed (the listener reconnected): every channel asks again. */
  resync(): void {
    for (const channel of this.channels) this.send(channel, 'resync', {});
  }

  async flush(): Promise<void> {
    this.flushTimer = undefined;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    if (batch.length === 0) return;
    await Promise.all(
      [...this.channels].map(async (channel) => {
        const { visible, unsure } = await this.visibleOf(channel.user, batch);
        const heard = audienceOf(channel.user, batch, visible);
        if (!this.channels.has(channel)) return;
        if (heard.length > 0) this.send(channel, PUSH_EVENT_NAME, heard);
        // What could not be checked is not sent; the client asks again for what it shows.
        if (unsure) this.send(channel, 'resync', {});
      }),
    );
  }

  /** Ends every channel (the server stops); clients reconnect to another process or later. */
  closeAll(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.flushTimer);
    for (const channel of this.channels) channel.sink.end();
    this.channels.clear();
  }

  /**
   * The organisations of the batch the user may see. A check that failed (the database busy or
   * away) is not remembered, and makes the answer `unsure`: those events are not sent.
   */
  private async visibleOf(
    user: AccessTokenClaims,
    batch: PushEvent[],
  ): Promise<{ visible: Set<number>; unsure: boolean }> {
    const organisations = new Set(batch.map((e) => e.organisationId));
    const visible = new Set<number>();
    let unsure = false;
    const now = Date.now();
    await Promise.all(
      [...organisations].map(async (organisationId) => {
        const key = `${user.organisation_id}:${organisationId}`;
        let known = this.visibility.get(key);
        if (!known || now - known.at > this.limits.visibilityMs) {
          const within = await this.isWithin(user, organisationId).catch(() => undefined);
          if (within === undefined) {
            unsure = true;
            return;
          }
          known = { visible: within, at: now };
          this.visibility.set(key, known);
        }
        if (known.visible) visible.add(organisationId);
      }),
    );
    if (this.visibility.size > 10_000) this.visibility.clear();
    return { visible, unsure };
  }

  private send(channel: Channel, name: string, data: unknown) {
    this.write(channel, sseMessage(name, data, channel.nextId++));
  }

  private broadcast(text: string) {
    for (const channel of this.channels) this.write(channel, text);
  }

  private write(channel: Channel, text: string) {
    if (channel.sink.buffered > this.limits.maxBufferedBytes) {
      this.channels.delete(channel);
      channel.sink.abort();
      return;
    }
    channel.sink.write(text);
  }
}
