import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The OpenAPI document comes from the route schemas; browsable at /api/docs. */
export default fp(
  async function openapi(app: FastifyInstance, opts: { version: string }) {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Fleetwise portal API', version: opts.version },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            device: { type: 'http', scheme: 'bearer', description: 'dev_<deviceId>_<secret>' },
            monitoringToken: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'A monitoring token: opens that one monitoring (docs/monitoring.md)',
            },
            syncApiKey: {
              type: 'apiKey',
              in: 'header',
              name: 'X-Api-Key',
              description: 'fwk_<keyId>_<secret>: the export side (docs/synchronisation.md)',
            },
          },
        },
        security: [{ bearer: [] }],
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'openapi' },
);
