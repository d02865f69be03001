import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { PgListener } from '../../db/pg-listener.js';
import { NOTIFY_CHANNEL } from './device-channel.repository.js';

/**
 * The one connection per process that LISTENs on NOTIFY_CHANNEL, so a command stored by any
 * server process on the database wakes the poll waiting in this one. Opened on the first
 * long-poll; each time it listens (again), `reconnected` tells the waiting polls to look again
 * (announcements sent in between are lost).
 */
export const commandListener = (
  db: Db,
  events: { notified(deviceId: number): void; reconnected(): void },
  log: FastifyBaseLogger,
) =>
  new PgListener(
    db,
    NOTIFY_CHANNEL,
    'command listener',
    {
      notified: (payload) => {
        const deviceId = Number(payload);
        if (Number.isInteger(deviceId)) events.notified(deviceId);
      },
      listening: () => events.reconnected(),
    },
    log,
  );
