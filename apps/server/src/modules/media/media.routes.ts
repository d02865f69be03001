import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { Binary, ErrorCode, MediaItem, endpoints } from '@fleet/contract';
import { on } from '../../lib/endpoint-routes.js';
import { HttpError, badRequest, errorResponses } from '../../lib/http-error.js';
import { validatorCompiler } from '../../plugins/validation.js';
import { callerOf } from '../../plugins/authenticate.js';
import { sendPage } from '../../lib/page.js';
import { DeviceMediaFields, type Download, type IncomingUpload } from './media.service.js';

const FIELD_MAX_BYTES = 10_000;

/** Multipart bodies are read by the handler (fields, then the file streamed): the schema documents them. */
const multipartValidator: FastifySchemaCompiler<TSchema> = (route) =>
  route.httpPart === 'body' ? () => ({ value: undefined }) : validatorCompiler(route);

const uploadSchema = (fields: TSchema) =>
  Type.Object({ ...(fields as unknown as { properties: object }).properties, file: Binary });

/** The fields sent before the file, and the file's stream (not read yet). */
async function readUpload(request: FastifyRequest): Promise<IncomingUpload> {
  if (!request.isMultipart())
    throw new HttpError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Send multipart/form-data');
  const part = await request.file().catch((error: Error & { statusCode?: number }) => {
    if (error.statusCode && error.statusCode < 500) throw error;
    throw badRequest(`The multipart body could not be read: ${error.message}`);
  });
  if (!part) throw badRequest('file is required (after the other fields)');
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    if (name === part.fieldname) continue;
    if (Array.isArray(value)) throw badRequest(`${name} is sent more than once`);
    if (!value || value.type !== 'field') continue;
    if (value.valueTruncated) throw badRequest(`${name} is too long`);
    fields[name] = String(value.value);
  }
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw badRequest(`the file goes in the field 'file', not '${part.fieldname}'`);
  }
  return {
    fields,
    file: {
      stream: part.file,
      fileName: part.filename || undefined,
      truncated: () => part.file.truncated,
    },
  };
}

const sendDownload = (reply: FastifyReply, download: Download) =>
  reply.status(download.status).headers(download.headers).send(download.stream);

/** The media calls of the main base (spec §7); every one checks access through FleetAccess. */
export const mediaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.media;
  await app.register(multipart, {
    limits: { fileSize: service.maxBytes, files: 1, fields: 20, fieldSize: FIELD_MAX_BYTES },
  });
  const media = endpoints.media;

  // Spec §7 names the call "POST media/": with and without the trailing slash (issue 19 §10);
  // the slash form is the same call, hidden from the OpenAPI document.
  for (const url of [media.upload.path, `${media.upload.path}/`]) {
    const route = on(media.upload);
    app.route({
      ...route,
      url,
      schema: url.endsWith('/') ? { ...route.schema, hide: true } : route.schema,
      validatorCompiler: multipartValidator,
      handler: async (request, reply) =>
        reply.status(201).send(await service.uploadByUser(request.user, await readUpload(request))),
    });
  }

  app.route({
    ...on(media.get),
    handler: (request) => service.get(request.user, request.params.id),
  });

  app.route({
    ...on(media.download),
    handler: async (request, reply) =>
      sendDownload(
        reply,
        await service.download(request.user, request.params.id, request.headers.range),
      ),
  });

  app.route({
    ...on(media.thumbnail),
    handler: async (request, reply) =>
      sendDownload(reply, await service.thumbnail(request.user, request.params.id)),
  });

  app.route({
    ...on(media.links),
    handler: (request) =>
      app.services.mediaLinks.links(request.user, request.params.id, request.query.caseId),
  });

  app.route({
    ...on(media.remove),
    handler: async (request, reply) => {
      await service.remove(request.user, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...on(endpoints.vehicleData.assetMedia),
    handler: async (request, reply) =>
      sendPage(reply, await service.listForAsset(request.user, request.params.id, request.query)),
  });
  app.route({
    ...on(endpoints.vehicleData.driverMedia),
    handler: async (request, reply) =>
      sendPage(reply, await service.listForDriver(request.user, request.params.id, request.query)),
  });

  app.route({
    ...on(media.deletions),
    handler: (request) => service.deletions(request.user, request.params.id),
  });
};

/**
 * The files behind media links (media-links.ts), outside the signed-in scope: the link in the
 * query is the only credential, and it opens the one medium it names.
 */
export const mediaLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // After validation, as before: a missing link or a bad id answers 400 first.
  app.addHook('preHandler', app.callers.accept('mediaLink'));
  const service = app.services.mediaLinks;
  app.route({
    ...on(endpoints.media.linkFile),
    handler: async (request, reply) =>
      sendDownload(
        reply,
        await service.file(
          callerOf(request, 'mediaLink'),
          request.params.id,
          request.query,
          request.headers.range,
        ),
      ),
  });
  app.route({
    ...on(endpoints.media.linkThumbnail),
    handler: async (request, reply) =>
      sendDownload(
        reply,
        await service.thumbnail(callerOf(request, 'mediaLink'), request.params.id),
      ),
  });
};

/** POST /device-api/v1/media: a device's own pictures and videos (docs/device-protocol.md). */
export const deviceMediaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.media;
  await app.register(multipart, {
    limits: { fileSize: service.maxBytes, files: 1, fields: 20, fieldSize: FIELD_MAX_BYTES },
  });
  app.post(
    '/media',
    {
      validatorCompiler: multipartValidator,
      schema: {
        tags: ['device'],
        summary:
          'Send a picture or video (multipart: timestamp, camera, transferReason, commandId?, then file); the same one twice is stored once (200)',
        security: [{ device: [] }],
        consumes: ['multipart/form-data'],
        body: uploadSchema(DeviceMediaFields),
        response: {
          200: MediaItem,
          201: MediaItem,
          ...errorResponses(400, 401, 404, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const { item, created } = await service.uploadByDevice(
        request.deviceId,
        await readUpload(request),
      );
      return reply.status(created ? 201 : 200).send(item);
    },
  );
};
