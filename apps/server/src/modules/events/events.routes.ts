import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/http-error.js';

/** Bytes a channel's socket may hold before write() says the client is slow. */
const HIGH_WATER = 64 * 1024;
const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  // A reverse proxy (nginx) passes each event on at once instead of buffering the stream.
  'X-Accel-Buffering': 'no',
};

export const eventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/events',
    {
      schema: {
        tags: ['push'],
        summary: 'Live updates of what the signed-in user may see (server-sent events)',
        description:
          'A text/event-stream that stays open: `changes` events carry a JSON array of {kind, assetId, organisationId} (kind asset: its latest position or status; mediaRequest: a media request made, synced or fulfilled; monitoring: started, changed or ended) of the organisations the user may see, monitorings not for DRIVER; `resync` means ask again for everything shown (sent after a reconnect with Last-Event-ID). A comment every 20 s keeps it alive. 429 beyond a few channels per user.',
        produces: ['text/event-stream'],
        response: { 200: Type.String(), ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const raw = reply.raw;
      // The headers go with the first write, so a 429 leaves as any error, as JSON.
      const start = () => {
        if (!raw.headersSent) raw.writeHead(200, SSE_HEADERS);
      };
      const sink = {
        write: (text: string) => {
          start();
          return raw.write(text) && raw.writableLength < HIGH_WATER;
        },
        get buffered() {
          return raw.writableLength;
        },
        end: () => raw.end(),
        abort: () => raw.destroy(),
      };
      const resumed = request.headers['last-event-id'] !== undefined;
      const close = await app.services.events.open(request.user, sink, resumed);
      reply.hijack();
      start();
      raw.on('close', close);
      if (raw.destroyed) close();
    },
  );
};
