import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { dedicatedConnection, type Db } from '../../db/database.js';
import { OutageLog } from '../../lib/outage.js';
import { parsePushEvent } from './push-events.js';
import type { PushEvent } from '@fleet/contract';

/** The channel the database's triggers announce changes on (migration 0017-push-events). */
export const EVENTS_CHANNEL = 'fleet_events';
const RECONNECT_MS = 1000;

/**
 * The one connection per process that LISTENs on EVENTS_CHANNEL, so a change written by any
 * server process (or worker, or job) reaches the push channels held by this one. Opened with
 * the first channel; when it drops it reconnects, and `reconnected` tells the channels to ask
 * again for everything (what was announced in between is lost).
 */
export class EventListener {
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly outage: OutageLog;

  constructor(
    private readonly db: Db,
    private readonly events: { event(event: PushEvent): void; reconnected(): void },
    private readonly log: FastifyBaseLogger,
  ) {
    this.outage = new OutageLog('push event listener', log);
  }

  ensure(): Promise<void> {
    if (this.closed || this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = dedicatedConnection(this.db);
    client.on('notification', (message) => {
      const event = parsePushEvent(message.payload);
      if (event) this.events.event(event);
    });
    client.on('error', (error) => {
      if (this.outage.failed(error) === undefined)
        this.log.warn({ err: error }, 'push event listener: error');
    });
    client.on('end', () => {
      if (this.client !== client) return;
      this.client = undefined;
      if (this.closed) return;
      this.outage.down('the LISTEN connection was lost');
      this.scheduleReconnect();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      if (this.outage.failed(error) === undefined)
        this.log.warn({ err: error }, 'push event listener: cannot listen');
      await client.end().catch(() => {});
      this.scheduleReconnect();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    const again = this.outage.active;
    this.client = client;
    this.outage.succeeded();
    if (again) this.events.reconnected();
  }

  private scheduleReconnect() {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.ensure();
    }, RECONNECT_MS);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    await this.connecting;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
