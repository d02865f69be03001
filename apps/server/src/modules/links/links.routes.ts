import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  AssetDeviceParams,
  AssetDriverParams,
  DeviceLink,
  DeviceLinkList,
  DriverLink,
  DriverLinkList,
  FromQuery,
  IdParams,
  PeriodQuery,
  UntilQuery,
} from '@fleet/contract';
import type { TSchema } from 'typebox';
import { errorResponses, NoContent } from '../../lib/http-error.js';
import type { LinkKind } from './links.repository.js';

const tags = ['links'];
const readErrors = errorResponses(400, 401, 403, 404);
const writeErrors = errorResponses(400, 401, 403, 404, 409);

/** What differs between the two kinds of link; the routes are the same (issue 10 §8). */
const KINDS: Record<
  LinkKind,
  {
    service: 'deviceLinks' | 'driverLinks';
    link: TSchema;
    list: TSchema;
    params: TSchema;
    /** GET devices/{id}/devicelinks takes ?from; drivers/{id}/driverlinks ?from&until. */
    targetQuery: TSchema;
    targetSummary: string;
  }
> = {
  device: {
    service: 'deviceLinks',
    link: DeviceLink,
    list: DeviceLinkList,
    params: AssetDeviceParams,
    targetQuery: FromQuery,
    targetSummary: "The device's links still holding at or after from, newest first",
  },
  driver: {
    service: 'driverLinks',
    link: DriverLink,
    list: DriverLinkList,
    params: AssetDriverParams,
    targetQuery: PeriodQuery,
    targetSummary: "The driver's links overlapping [from, until), newest first",
  },
};

type Query = { from?: string; until?: string };

/** GET assets/{id}/{kind}links: the asset's links overlapping [from, until). */
function assetLinksRoute(app: FastifyInstance, kind: LinkKind) {
  const { service, list } = KINDS[kind];
  app.get(
    `/assets/:id/${kind}links`,
    {
      schema: {
        tags,
        summary: `The asset's ${kind} links overlapping [from, until), newest first`,
        params: IdParams,
        querystring: PeriodQuery,
        response: { 200: list, ...readErrors },
      },
    },
    (request) =>
      app.services[service].listByAsset(
        request.user,
        (request.params as { id: number }).id,
        request.query as Query,
      ),
  );
}

/**
 * Main base: links of assets to devices and to drivers, the same five routes
 * for each kind: list by asset, list by device (driver), link, end, delete.
 */
export const linkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const kind of ['device', 'driver'] as const) {
    const { service, link, list, params, targetQuery, targetSummary } = KINDS[kind];
    // Services are read when a request comes (a test mounts these routes without them).
    const links = () => app.services[service];
    const targetId = (p: unknown) => (p as Record<string, number>)[`${kind}Id`]!;
    const assetId = (p: unknown) => (p as { id: number }).id;

    assetLinksRoute(app, kind);

    app.get(
      `/${kind}s/:id/${kind}links`,
      {
        schema: {
          tags,
          summary: targetSummary,
          params: IdParams,
          querystring: targetQuery,
          response: { 200: list, ...readErrors },
        },
      },
      (request) =>
        links().listByTarget(request.user, assetId(request.params), request.query as Query),
    );

    app.put(
      `/assets/:id/${kind}s/:${kind}Id`,
      {
        schema: {
          tags,
          summary: `Link the ${kind} to the asset from \`from\` (default now), with no end`,
          params,
          querystring: FromQuery,
          response: { 201: link, ...writeErrors },
        },
      },
      async (request, reply) => {
        const made = await links().link(
          request.user,
          assetId(request.params),
          targetId(request.params),
          request.query as Query,
        );
        return reply.status(201).send(made);
      },
    );

    app.delete(
      `/assets/:id/${kind}s/:${kind}Id`,
      {
        schema: {
          tags,
          summary: `End the open link of the asset and the ${kind} at \`until\` (default now)`,
          params,
          querystring: UntilQuery,
          response: { 200: link, ...readErrors },
        },
      },
      (request) =>
        links().terminate(
          request.user,
          assetId(request.params),
          targetId(request.params),
          request.query as Query,
        ),
    );

    app.delete(
      `/${kind}links/:id`,
      {
        schema: {
          tags,
          summary: 'Remove the link as if it never was',
          params: IdParams,
          response: { 204: NoContent, ...readErrors },
        },
      },
      async (request, reply) => {
        await links().delete(request.user, assetId(request.params));
        return reply.status(204).send(null);
      },
    );
  }
};

/** GET assets/{id}/driverlinks on the admin base: the same as on the main base. */
export const assetDriverLinkRoute: FastifyPluginAsyncTypebox = async (app) => {
  assetLinksRoute(app, 'driver');
};
