import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, migrate } from '../db/database.js';
import { startEmbeddedPostgres } from '../db/embedded.js';
import { installJobs } from '../jobs/job-runner.js';

/** The same server, another database. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export const createDatabase = (serverUrl: string, name: string, template?: string) =>
  admin(serverUrl, (c) =>
    c.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`),
  );

export const dropDatabase = (serverUrl: string, name: string) =>
  admin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));

export interface TestServer {
  /** A URL on the test server; tests make their own databases beside it. */
  serverUrl: string;
  /** A migrated, empty database to copy with CREATE DATABASE … TEMPLATE. */
  template: string;
  stop(): Promise<void>;
}

/**
 * The PostgreSQL the tests run on: TEST_DATABASE_URL when set (a real server),
 * otherwise an embedded one in a temporary directory.
 */
export async function startTestServer(): Promise<TestServer> {
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded = async () => {};
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fleet-test-'));
    chmodSync(dir, 0o755); // the embedded server runs as the postgres user when we are root
    const embedded = await startEmbeddedPostgres(dir, (m) =>
      process.stderr.write(`postgres: ${m}\n`),
    );
    serverUrl = embedded.url;
    stopEmbedded = async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const template = `fleet_template_${process.pid}`;
  await dropDatabase(serverUrl, template);
  await createDatabase(serverUrl, template);
  const db = createDb(databaseUrl(serverUrl, template), 1);
  await migrate(db);
  // The job runner's schema and queues once here, not at each test server's start.
  await installJobs(db);
  await db.destroy();
  return {
    serverUrl,
    template,
    stop: async () => {
      await dropDatabase(serverUrl, template);
      await stopEmbedded();
    },
  };
}
