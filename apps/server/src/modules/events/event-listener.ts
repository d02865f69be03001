import type { FastifyBaseLogger } from 'fastify';
import type { PushEvent } from '@fleet/contract';
import type { Db } from '../../db/database.js';
import { PgListener } from '../../db/pg-listener.js';
import { parsePushEvent } from './push-events.js';

/** The channel the database's triggers announce changes on (migration 0017-push-events). */
export const EVENTS_CHANNEL = 'fleet_events';

/**
 * The one connection per process that LISTENs on EVENTS_CHANNEL, so a change written by any
 * server process (or worker, or job) reaches the push channels held by this one. Opened with
 * the first channel; after a lost connection `reconnected` tells the channels to ask again for
 * everything (what was announced in between is lost).
 */
export const eventListener = (
  db: Db,
  events: { event(event: PushEvent): void; reconnected(): void },
  log: FastifyBaseLogger,
) =>
  new PgListener(
    db,
    EVENTS_CHANNEL,
    'push event listener',
    {
      notified: (payload) => {
        const event = parsePushEvent(payload);
        if (event) events.event(event);
      },
      listening: (again) => {
        if (again) events.reconnected();
      },
    },
    log,
  );
