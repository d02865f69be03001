import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { OutageLog } from '../lib/outage.js';
import { dedicatedConnection, type Db } from './database.js';

const RECONNECT_MS = 1000;

/** What a listener hears: each notification's payload, and each time it listens (again). */
export interface Heard {
  notified(payload: string | undefined): void;
  /** again: after a lost connection (what was announced in between is lost). */
  listening(again: boolean): void;
}

/**
 * One connection per process that LISTENs on a channel, so what any server process (or worker,
 * or job) announces reaches this one. Opened by the first `ensure`; when the connection drops it
 * reconnects every second, logging one warning per outage and one line when listening again.
 */
export class PgListener {
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly outage: OutageLog;

  constructor(
    private readonly db: Db,
    private readonly channel: string,
    private readonly name: string,
    private readonly heard: Heard,
    private readonly log: FastifyBaseLogger,
  ) {
    this.outage = new OutageLog(name, log);
  }

  get listening(): boolean {
    return this.client !== undefined;
  }

  /** Listening once this resolves, unless the database cannot be reached (then it retries). */
  ensure(): Promise<void> {
    if (this.closed || this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = dedicatedConnection(this.db);
    client.on('notification', (message) => this.heard.notified(message.payload));
    // The 'end' that follows reconnects; an error the outage does not know is logged.
    client.on('error', (error) => {
      if (this.outage.failed(error) === undefined)
        this.log.warn({ err: error }, `${this.name}: error`);
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
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      if (this.outage.failed(error) === undefined)
        this.log.warn({ err: error }, `${this.name}: cannot listen`);
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
    this.heard.listening(again);
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
