import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fleet/contract';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { clientGone } from '../../db/heavy-work.js';
import { on } from '../../lib/endpoint-routes.js';
import { acceptsGzip, sendJsonArray } from '../../lib/json-array-stream.js';
import type { CachedReport } from './report-cache.js';
import { reportIntervalJson } from './report-json.js';

const gzipped = promisify(gzip);

/** A kept answer, as a made one is sent (gzip when asked); `age`: the seconds since it was made. */
async function sendKept(reply: FastifyReply, report: CachedReport) {
  const age = Math.max(0, Math.floor((Date.now() - report.madeAt) / 1000));
  reply
    .type('application/json; charset=utf-8')
    .header('vary', 'accept-encoding')
    .header('age', String(age));
  if (!acceptsGzip(reply.request.headers['accept-encoding'])) return reply.send(report.json);
  // Made once for all who take gzip (every browser): level 1, as a made answer is sent.
  report.gzip ??= gzipped(report.json, { level: 1 });
  return reply.header('content-encoding', 'gzip').send(await report.gzip);
}

export const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cache = app.services.reportCache;
  // Both reports answer the same way: intervals streamed as computed, stopped when the client
  // goes; the same report asked again within seconds is the answer kept (report-cache.ts).
  for (const kind of ['assets', 'drivers'] as const) {
    app.route({
      ...on(endpoints.reports[kind]),
      handler: async (request, reply) => {
        const { id } = request.params;
        const key = cache.key(kind, id, request.body);
        if (cache.enabled) {
          // Who asks is checked on every call; the answer is the organisation's, not theirs.
          await app.services.access.organisation(request.user, id);
          const kept = await cache.find(key);
          if (kept) return sendKept(reply, kept);
        }
        const signal = clientGone(reply);
        const making = cache.start(key);
        let whole = false;
        const service = app.services.reports;
        async function* intervals() {
          yield* service[kind](request.user, id, request.body, signal);
          whole = true;
        }
        try {
          await sendJsonArray(
            reply,
            intervals(),
            (interval) => making.item(reportIntervalJson(interval)),
            signal,
          );
        } finally {
          making.end(whole);
        }
      },
    });
  }
};
