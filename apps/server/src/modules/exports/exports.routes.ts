import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints, type AccessTokenClaims, type ExportFormat } from '@fleet/contract';
import type { FastifyReply } from 'fastify';
import { clientGone } from '../../db/heavy-work.js';
import { on } from '../../lib/endpoint-routes.js';
import { attachment, EXPORT_CONTENT_TYPES, tableStream } from '../../lib/table-export.js';
import type { Export } from './exports.service.js';
import type { PdfFile } from './pdf/pdf-exports.js';

/**
 * The export routes (issue 21 §3): each admits the export (at most two per user, 429 beyond),
 * reads the screen's rows through the screen's service call, then streams the file. The slot is
 * held until the file has been sent or the client has gone.
 */
export const exportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const table = endpoints.exports;
  const service = app.services.exports;

  async function send(
    user: AccessTokenClaims,
    reply: FastifyReply,
    format: ExportFormat,
    make: (signal: AbortSignal) => Promise<Export>,
  ) {
    const release = service.admit(user);
    let file: Export;
    try {
      file = await make(clientGone(reply));
    } catch (error) {
      release();
      throw error;
    }
    // release works once: whichever comes first, the answer sent or the client gone
    reply.raw.once('finish', release).once('close', release);
    return reply
      .header('content-type', EXPORT_CONTENT_TYPES[format])
      .header('content-disposition', attachment(`${file.name}.${format}`))
      .header('cache-control', 'no-store')
      .send(tableStream(file.table, format));
  }

  app.route({
    ...on(table.rankings),
    handler: (r, reply) =>
      send(r.user, reply, r.query.format, (signal) =>
        service.rankings(r.user, r.params.id, r.params.kind, r.body, signal),
      ),
  });
  app.route({
    ...on(table.fleet),
    handler: (r, reply) =>
      send(r.user, reply, r.query.format, (signal) =>
        service.fleet(r.user, r.params.id, r.query.entities ?? false, signal),
      ),
  });
  app.route({
    ...on(table.trips),
    handler: (r, reply) =>
      send(r.user, reply, r.query.format, (signal) =>
        service.trips(r.user, r.params.id, r.query, signal),
      ),
  });
  app.route({
    ...on(table.rawData),
    handler: (r, reply) =>
      send(r.user, reply, r.query.format, (signal) =>
        service.rawData(r.user, r.params.id, r.query, signal),
      ),
  });
  app.route({
    ...on(table.media),
    handler: (r, reply) =>
      send(r.user, reply, r.query.format, () => service.media(r.user, r.params.id, r.query)),
  });
  for (const kind of ['assets', 'drivers', 'devices', 'groups', 'users'] as const)
    app.route({
      ...on(table[kind]),
      handler: (r, reply) =>
        send(r.user, reply, (r.query as { format: ExportFormat }).format, () =>
          service[kind](r.user, r.params.id, r.query as never),
        ),
    });
  // The calendar, events, zone report, monitoring history and coaching report.
  app.route({
    ...on(table.calendar),
    handler: (r, reply) =>
      send(r.user, reply, r.query.format, (signal) =>
        service.calendar(r.user, r.params.id, r.params.kind, r.body, signal),
      ),
  });
  for (const [entity, endpoint] of [
    ['asset', table.assetEvents],
    ['driver', table.driverEvents],
  ] as const)
    app.route({
      ...on(endpoint),
      handler: (r, reply) =>
        send(r.user, reply, r.query.format, (signal) =>
          service.events(r.user, entity, r.params.id, r.query, signal),
        ),
    });
  app.route({
    ...on(table.zoneVisits),
    handler: (r, reply) =>
      send(r.user, reply, r.query.format, () => service.zoneVisits(r.user, r.params.id, r.query)),
  });
  for (const [entity, endpoint] of [
    ['asset', table.assetMonitorings],
    ['driver', table.driverMonitorings],
  ] as const)
    app.route({
      ...on(endpoint),
      handler: (r, reply) =>
        send(r.user, reply, r.query.format, () =>
          service.monitorings(r.user, entity, r.params.id, r.query),
        ),
    });
  app.route({
    ...on(table.coachingReport),
    handler: (r, reply) =>
      send(r.user, reply, r.query.format, () =>
        service.coachingReport(r.user, r.params.id, r.query),
      ),
  });

  // The printable PDFs (issue 21 §3): the same bound; the file is made whole before it is sent.
  async function sendPdf(
    user: AccessTokenClaims,
    reply: FastifyReply,
    make: (signal: AbortSignal) => Promise<PdfFile>,
  ) {
    const release = service.admit(user);
    try {
      const file = await make(clientGone(reply));
      reply.raw.once('finish', release).once('close', release);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachment(`${file.name}.pdf`))
        .header('cache-control', 'no-store')
        .send(file.pdf);
    } catch (error) {
      release();
      throw error;
    }
  }
  app.route({
    ...on(table.rankingsPdf),
    handler: (r, reply) =>
      sendPdf(r.user, reply, (signal) =>
        service.pdf.drivingStyle(
          r.user,
          r.params.id,
          r.params.kind,
          r.body,
          r.query.language ?? 'en',
          signal,
        ),
      ),
  });
  app.route({
    ...on(table.tripPdf),
    handler: (r, reply) =>
      sendPdf(r.user, reply, (signal) =>
        service.pdf.trip(r.user, r.params.id, r.params.tripId, r.query.language ?? 'en', signal),
      ),
  });
};
