import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { dedicatedConnection, type Db } from '../../db/database.js';
import { OutageLog } from '../../lib/outage.js';
import { NOTIFY_CHANNEL } from './device-channel.repository.js';

const RECONNECT_MS = 1000;

/**
 * The one connection per process that LISTENs on NOTIFY_CHANNEL, so a command stored by any
 * server process on the database wakes the poll waiting in this one. Opened on the first
 * long-poll; when the connection drops it reconnects, and then `reconnected` tells the waiting
 * polls to look again (announcements sent in between are lost).
 */
export class CommandListener {
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  /** One warning when the database goes, one line when listening again; none per retry. */
  private readonly outage: OutageLog;

  constructor(
    private readonly db: Db,
    private readonly events: { notified(deviceId: number): void; reconnected(): void },
    private readonly log: FastifyBaseLogger,
  ) {
    this.outage = new OutageLog('command listener', log);
  }

  get listening(): boolean {
    return this.client !== undefined;
  }

  /** Listening once this resolves, unless the database cannot be reached (then polls re-query). */
  ensure(): Promise<void> {
    if (this.closed || this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = dedicatedConnection(this.db);
    client.on('notification', (message) => {
      const deviceId = Number(message.payload);
      if (Number.isInteger(deviceId)) this.events.notified(deviceId);
    });
    // The 'end' that follows reconnects; an error the outage does not know is logged.
    client.on('error', (error) => {
      if (this.outage.failed(error) === undefined)
        this.log.warn({ err: error }, 'command listener: error');
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
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    } catch (error) {
      if (this.outage.failed(error) === undefined)
        this.log.warn({ err: error }, 'command listener: cannot listen');
      await client.end().catch(() => {});
      this.scheduleReconnect();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.outage.succeeded();
    this.events.reconnected();
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
