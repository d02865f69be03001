import type { FastifyBaseLogger } from 'fastify';
import type { PgListener } from '../../db/pg-listener.js';
import type { AccessTokenClaims } from '@fleet/contract';
import type { Db } from '../../db/database.js';
import type { AccessService } from '../access/index.js';
import { eventListener } from './event-listener.js';
import { PushHub, type ChannelSink, type PushLimits } from './push-hub.js';

/**
 * Issue 19 §3: one push channel per signed-in tab. The database announces changes
 * (migration 0017-push-events), this process's listener hears them, and the hub tells each
 * channel the part its user may see by the access module's rules.
 */
export class EventsService {
  private readonly hub: PushHub;
  private readonly listener: PgListener;

  constructor(db: Db, access: AccessService, log: FastifyBaseLogger, limits?: PushLimits) {
    this.hub = new PushHub((user, organisationId) => access.isWithin(user, organisationId), limits);
    this.listener = eventListener(
      db,
      { event: (event) => this.hub.publish(event), reconnected: () => this.hub.resync() },
      log,
    );
  }

  /**
   * Opens a channel (429 beyond the user's limit) once the listener listens; returns its close.
   * Listening comes first: the channel's first write sends the headers, and a client that has
   * them hears every change announced after (the first channel of a process missed those
   * announced while its LISTEN was being made).
   */
  async open(user: AccessTokenClaims, sink: ChannelSink, resumed: boolean): Promise<() => void> {
    await this.listener.ensure();
    return this.hub.open(user, sink, resumed);
  }

  get channels(): number {
    return this.hub.size;
  }

  /** Ends the channels so that closing the server does not wait for them. */
  release(): void {
    this.hub.closeAll();
  }

  close(): Promise<void> {
    return this.listener.close();
  }
}
