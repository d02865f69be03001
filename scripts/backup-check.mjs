// Checks that a backup of a Fleetwise database restores (docs/operations.md, Backups):
// pg_dump -Fc of DATABASE_URL, pg_restore into a new database beside it, then the row
// count of every table compared; the copy is dropped afterwards. Read-only on the source.
//
//   DATABASE_URL=postgres://user:pass@host:5432/fleetwise node scripts/backup-check.mjs
//
// Needs pg_dump and pg_restore of the server's major version or newer, and a role that may
// CREATE DATABASE.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const source = process.env.DATABASE_URL;
if (!source) {
  process.stderr.write('Set DATABASE_URL to the database to check.\n');
  process.exit(2);
}
const copyName = `fleet_restore_check_${process.pid}`;
const copy = new URL(source);
copy.pathname = `/${copyName}`;
const admin = new URL(source);
admin.pathname = '/postgres';

async function counts(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    const result = {};
    for (const { table_name: table } of rows) {
      const { rows: n } = await client.query(`SELECT count(*)::int AS n FROM "${table}"`);
      result[table] = n[0].n;
    }
    return result;
  } finally {
    await client.end();
  }
}

async function onAdmin(sql) {
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'fleet-backup-'));
const dump = path.join(dir, 'fleetwise.dump');
try {
  const started = Date.now();
  execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, source], {
    stdio: 'inherit',
  });
  const before = await counts(source);
  await onAdmin(`CREATE DATABASE "${copyName}"`);
  execFileSync('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${copy.href}`, dump], {
    stdio: 'inherit',
  });
  const after = await counts(copy.href);
  const differ = Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
  const rows = Object.values(before).reduce((a, b) => a + b, 0);
  if (differ.length) {
    process.stderr.write(`Restore differs in ${differ.join(', ')}\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write(
      `Backup restores: ${Object.keys(before).length} tables, ${rows} rows, dump ${(statSync(dump).size / 1e6).toFixed(1)} MB, ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
  }
} finally {
  await onAdmin(`DROP DATABASE IF EXISTS "${copyName}" WITH (FORCE)`).catch(() => {});
  rmSync(dir, { recursive: true, force: true });
}
