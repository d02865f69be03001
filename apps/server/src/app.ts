import { readFileSync } from 'node:fs';
import helmet from '@fastify/helmet';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { API_BASE } from '@fleet/contract';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { AccessService } from './modules/access/access.service.js';
import { AuthRepository } from './modules/auth/auth.repository.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { loadOrCreateSecret } from './modules/auth/secret.js';
import { AccessTokens } from './modules/auth/tokens.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { OrganisationRepository } from './modules/organisations/organisations.repository.js';
import { organisationRoutes } from './modules/organisations/organisations.routes.js';
import { OrganisationService } from './modules/organisations/organisations.service.js';
import { UserRepository } from './modules/users/users.repository.js';
import { userRoutes } from './modules/users/users.routes.js';
import { UserService } from './modules/users/users.service.js';
import authenticate from './plugins/authenticate.js';
import errors from './plugins/errors.js';
import openapi from './plugins/openapi.js';
import { validatorCompiler } from './plugins/validation.js';
import web from './plugins/web.js';

const VERSION: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;

function createServices(db: Db, config: Config) {
  const tokens = new AccessTokens(
    loadOrCreateSecret(config.dataDir, config.jwtSecret),
    config.accessTokenTtlSeconds,
  );
  const organisationRepository = new OrganisationRepository(db);
  const access = new AccessService(organisationRepository);
  return {
    tokens,
    access,
    auth: new AuthService(
      new AuthRepository(db),
      tokens,
      config.refreshTokenTtlSeconds,
      config.login,
    ),
    organisations: new OrganisationService(organisationRepository, access),
    users: new UserService(new UserRepository(db), access),
  };
}

export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    services: Services;
    appVersion: string;
  }
}

export interface AppOptions {
  config: Config;
  db: Db;
  /** false in tests; otherwise pino's options. */
  logger?: boolean | { level: string };
}

/** Builds the whole HTTP app: infrastructure plugins, then the three API bases, then the web app. */
export async function buildApp({
  config,
  db,
  logger = false,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    // One line per request, from our onResponse hook, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);

  app.decorate('db', db);
  app.decorate('appVersion', VERSION);
  app.decorate('services', createServices(db, config));
  await app.register(errors);
  await app.register(authenticate);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'", 'https:', 'wss:'],
        'worker-src': ["'self'", 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
      },
    },
  });
  await app.register(openapi, { version: VERSION });

  // The specification's versioned JSON content type is JSON.
  app.addContentTypeParser(
    /^application\/vnd\.[\w.-]+\.v\d+\+json/,
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(async (signedIn) => {
        signedIn.addHook('onRequest', signedIn.authenticate);
        await signedIn.register(organisationRoutes);
        await signedIn.register(userRoutes);
      });
    },
    { prefix: API_BASE.main },
  );
  for (const prefix of [API_BASE.admin, API_BASE.sync]) {
    // Admin and sync routes arrive with their issues; the bases already demand a signed-in caller.
    await app.register(async (base) => base.addHook('onRequest', base.authenticate), { prefix });
  }

  await app.register(web, { root: config.webDist });
  return app;
}
