import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ClientConfig } from '@fleet/contract';

/** Public settings for the web app; nothing secret belongs here. */
export const clientConfigRoutes: FastifyPluginAsyncTypebox<ClientConfig> = async (
  app,
  { mapStyleUrl, timeZone },
) => {
  app.get(
    '/client-config',
    {
      schema: {
        tags: ['client config'],
        summary: 'Settings the web app needs before sign-in: the map style and the fleet time zone',
        security: [],
        response: { 200: ClientConfig },
      },
    },
    async (): Promise<ClientConfig> => ({ mapStyleUrl, timeZone }),
  );
};
