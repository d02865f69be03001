import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ClientConfig } from '@fleet/contract';

/** Public settings for the web app; nothing secret belongs here. */
export const clientConfigRoutes: FastifyPluginAsyncTypebox<
  Pick<ClientConfig, 'mapStyleUrl' | 'timeZone'>
> = async (app, { mapStyleUrl, timeZone }) => {
  app.get(
    '/client-config',
    {
      schema: {
        tags: ['client config'],
        summary:
          'Settings the web app needs before sign-in: the map style, the fleet time zone, live video',
        security: [],
        response: { 200: ClientConfig },
      },
    },
    async (): Promise<ClientConfig> => {
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
  );
};
