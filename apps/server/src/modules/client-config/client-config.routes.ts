import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints, type ClientConfig } from '@fleet/contract';
import { on } from '../../lib/endpoint-routes.js';

/** Public settings for the web app; nothing secret belongs here. */
export const clientConfigRoutes: FastifyPluginAsyncTypebox<
  Pick<ClientConfig, 'mapStyleUrl' | 'timeZone'>
> = async (app, { mapStyleUrl, timeZone }) => {
  app.route({
    ...on(endpoints.clientConfig.get),
    handler: async (): Promise<ClientConfig> => {
      const gateway = app.services.videoGateway;
      return {
        mapStyleUrl,
        timeZone,
        liveVideo: {
          available: gateway.configured,
          reason: gateway.unavailableReason,
          gatewayPath: '/janus',
          // TURN credentials only to callers who may watch a live feed (liveFeed.iceServers).
          iceServers: gateway.publicIceServers,
        },
      };
    },
  });
};
