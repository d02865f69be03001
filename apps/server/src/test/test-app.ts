import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import type { TokenPair } from '@fleet/contract';
import { buildApp, type AppOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { createDb, type Db } from '../db/database.js';
import { syncDefinitions } from '../modules/configurations/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../modules/demo/index.js';
import { createDatabase, databaseUrl, dropDatabase } from './databases.js';

export type DemoUser = (typeof DEMO_ACCOUNTS)[number]['username'];

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** the test database, for a second server on it */
  databaseUrl: string;
  config: Config;
  /** Signs a demo user in through the API and answers its token pair. */
  login(username: string): Promise<TokenPair>;
  /** app.inject with the user's bearer token. */
  as(username: string, options: InjectOptions): ReturnType<FastifyInstance['inject']>;
  /** Id of a demo organisation by name. */
  organisationId(name: string): Promise<number>;
  /** Listens on a free loopback port; answers the base URL (http://127.0.0.1:<port>). */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/** The real app on its own fresh database (a copy of the migrated template), seeded with the demo tree. */
export async function createTestApp(
  env: Record<string, string> = {},
  /** A test that reads the log passes its level and a stream to capture it. */
  { logger = false }: { logger?: AppOptions['logger'] } = {},
): Promise<TestApp> {
  const { serverUrl, template } = inject('testDatabase');
  const name = `fleet_test_${randomBytes(6).toString('hex')}`;
  await createDatabase(serverUrl, name, template);
  const url = databaseUrl(serverUrl, name);
  const db = createDb(url, 4);
  await seedDemo(db);
  await syncDefinitions(db);
  const config = loadConfig({
    DATA_DIR: path.join(os.tmpdir(), name),
    JWT_SECRET: `test-secret-${name}`,
    WEB_DIST: path.join(os.tmpdir(), 'no-web-build'),
    // Tests that need live video start Janus themselves (JANUS: 'auto').
    JANUS: 'off',
    MONITORING_JOB_SECONDS: '0',
    // Tests of synchronisation start its scheduler themselves.
    SYNC_JOB_SECONDS: '0',
    // Tests of the safety jobs run them themselves.
    SAFETY_JOB_SECONDS: '0',
    REPORTS_JOB_SECONDS: '0',
    // Tests send device data and ask the report again at once; report-cache.test.ts keeps them.
    REPORT_CACHE_SECONDS: '0',
    // Tests of alerts drain and deliver by hand (or start the alerts' work themselves).
    ALERTS_JOB_SECONDS: '0',
    ...env,
  });
  const app = await buildApp({ config, db, logger });
  const tokens = new Map<string, TokenPair>();

  const login = async (username: string) => {
    const account = DEMO_ACCOUNTS.find((a) => a.username === username);
    if (!account) throw new Error(`no demo user ${username}`);
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { organisation: account.organisation, username, password: DEMO_PASSWORD },
    });
    if (response.statusCode !== 200) throw new Error(`login ${username}: ${response.body}`);
    return response.json<TokenPair>();
  };

  return {
    app,
    db,
    databaseUrl: url,
    config,
    login,
    async as(username, options) {
      if (!tokens.has(username)) tokens.set(username, await login(username));
      const headers = {
        ...options.headers,
        authorization: `Bearer ${tokens.get(username)!.accessToken}`,
      };
      return app.inject({ ...options, headers });
    },
    async organisationId(orgName) {
      const row = await db
        .selectFrom('organisations')
        .select('id')
        .where('name', '=', orgName)
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    },
    async close() {
      await app.close();
      await db.destroy();
      await dropDatabase(serverUrl, name);
    },
  };
}
