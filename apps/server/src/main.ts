import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createDb, databaseWatch, migrate, watchDatabase } from './db/database.js';
import { syncDefinitions } from './modules/configurations/index.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.js';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  seedDemo,
  seedDemoAlertRules,
  seedDemoReportSubscriptions,
} from './modules/demo/index.js';

const say = (message: string) => process.stdout.write(`${message}\n`);

async function main() {
  const config = loadConfig();
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, (m) =>
      process.stderr.write(`postgres: ${m}\n`),
    );
    databaseUrl = embedded.url;
  }
  // A dropped idle connection is replaced by the pool; the watch (once started) says once that
  // the database is gone and once that it is back, instead of a line per connection.
  const db = createDb(
    databaseUrl,
    10,
    (error) => {
      const watch = databaseWatch(db);
      if (watch) watch.suspect();
      else process.stderr.write(`database connection lost: ${error.message}\n`);
    },
    {
      connectMs: config.database.connectMs,
      statementMs: config.database.statementMs,
      idleInTransactionMs: config.database.idleInTransactionMs,
      applicationName: 'fleet',
    },
  );
  // A streaming replica for the expensive reads (DATABASE_REPLICA_URL; db/replica-reads.ts).
  const replicaDb =
    config.databaseReplicaUrl &&
    createDb(
      config.databaseReplicaUrl,
      10,
      (error) => process.stderr.write(`replica connection lost: ${error.message}\n`),
      {
        connectMs: config.database.connectMs,
        statementMs: config.database.statementMs,
        idleInTransactionMs: config.database.idleInTransactionMs,
        applicationName: 'fleet',
      },
    );
  const applied = await migrate(db);
  if (applied.length) say(`Applied migrations: ${applied.join(', ')}`);
  await syncDefinitions(db);
  const seeded = config.seedDemo && (await seedDemo(db));
  // Issue 21 §6: rules that fire on the simulated trucks (a fresh demo only).
  if (seeded) await seedDemoAlertRules(db);
  // Issue 21 §6: the demo manager's weekly report (idempotent: older demo databases too).
  if (config.seedDemo) await seedDemoReportSubscriptions(db);

  const app = await buildApp({
    config,
    db,
    logger: { level: config.logLevel },
    engineWorkers: config.engineWorkers,
    replicaDb: replicaDb || undefined,
  });
  const watch = watchDatabase(db, app.log);
  // A promise nobody awaited that failed (a database call of a fire-and-forget job, most
  // likely) is logged; it does not end the process and every connection with it.
  process.on('unhandledRejection', (reason) =>
    app.log.error({ err: reason }, 'a failure that nothing handled'),
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1); // a second Ctrl-C does not wait
    stopping = true;
    say(`\n${signal}: stopping…`);
    await app.close();
    await watch.stop();
    await db.destroy();
    if (replicaDb) await replicaDb.destroy();
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const address = await app.listen({ host: config.host, port: config.port });
  say('');
  say(`Fleetwise portal is running at ${address.replace('127.0.0.1', 'localhost')}`);
  say(`  API docs:  ${address}/api/docs`);
  say(
    `  Database:  ${embedded ? `embedded PostgreSQL, data in ${config.dataDir}` : 'DATABASE_URL'}${replicaDb ? ', reads from DATABASE_REPLICA_URL' : ''}`,
  );
  if (seeded || config.seedDemo) {
    say(`  Demo sign-ins (password '${DEMO_PASSWORD}'):`);
    for (const a of DEMO_ACCOUNTS)
      say(`    ${a.organisation.padEnd(20)} ${a.username.padEnd(11)} ${a.role}`);
  }
  say('Press Ctrl-C to stop.');
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : String((error as Error)?.stack ?? error)}\n`,
  );
  process.exit(1);
});
