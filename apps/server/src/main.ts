import cluster from 'node:cluster';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createDb, databaseWatch, migrate, watchDatabase, type Db } from './db/database.js';
import { loadOrCreateSecret } from './modules/auth/index.js';
import { syncDefinitions } from './modules/configurations/index.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.js';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  seedDemo,
  seedDemoAlertRules,
  seedDemoReportSubscriptions,
} from './modules/demo/index.js';
import { createVideoGateway } from './modules/video-gateway/index.js';
import { followSupervisor, superviseServers } from './supervise.js';

const say = (message: string) => process.stdout.write(`${message}\n`);

function openDb(config: Config, url: string, onLost: (error: Error) => void): Db {
  return createDb(url, 10, onLost, {
    connectMs: config.database.connectMs,
    statementMs: config.database.statementMs,
    idleInTransactionMs: config.database.idleInTransactionMs,
    applicationName: 'fleet',
  });
}

/** The database made ready: started (the embedded one without DATABASE_URL), migrated, seeded. */
async function prepare(config: Config) {
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, (m) =>
      process.stderr.write(`postgres: ${m}\n`),
    );
    databaseUrl = embedded.url;
  }
  const db = openDb(config, databaseUrl, (error) =>
    process.stderr.write(`database connection lost: ${error.message}\n`),
  );
  try {
    const applied = await migrate(db);
    if (applied.length) say(`Applied migrations: ${applied.join(', ')}`);
    await syncDefinitions(db);
    const seeded = config.seedDemo && (await seedDemo(db));
    // Issue 21 §6: rules that fire on the simulated trucks (a fresh demo only).
    if (seeded) await seedDemoAlertRules(db);
    // Issue 21 §6: the demo manager's weekly report (idempotent: older demo databases too).
    if (config.seedDemo) await seedDemoReportSubscriptions(db);
  } finally {
    await db.destroy();
  }
  return { embedded, databaseUrl };
}

function banner(config: Config, address: string, embedded: boolean) {
  say('');
  say(`Fleetwise portal is running at ${address.replace('127.0.0.1', 'localhost')}`);
  say(`  API docs:  ${address}/api/docs`);
  say(
    `  Database:  ${embedded ? `embedded PostgreSQL, data in ${config.dataDir}` : 'DATABASE_URL'}${config.databaseReplicaUrl ? ', reads from DATABASE_REPLICA_URL' : ''}`,
  );
  if (config.serverProcesses > 1) say(`  Processes: ${config.serverProcesses} (SERVER_PROCESSES)`);
  if (config.seedDemo) {
    say(`  Demo sign-ins (password '${DEMO_PASSWORD}'):`);
    for (const a of DEMO_ACCOUNTS)
      say(`    ${a.organisation.padEnd(20)} ${a.username.padEnd(11)} ${a.role}`);
  }
  say('Press Ctrl-C to stop.');
}

/**
 * One server: the app on its pools, listening. In one of SERVER_PROCESSES (a cluster worker)
 * the supervisor made the database ready and says where it is listening.
 */
async function serve(config: Config, databaseUrl: string, embedded?: EmbeddedDatabase) {
  // A dropped idle connection is replaced by the pool; the watch (once started) says once that
  // the database is gone and once that it is back, instead of a line per connection.
  const db = openDb(config, databaseUrl, (error) => {
    const watch = databaseWatch(db);
    if (watch) watch.suspect();
    else process.stderr.write(`database connection lost: ${error.message}\n`);
  });
  // A streaming replica for the expensive reads (DATABASE_REPLICA_URL; db/replica-reads.ts).
  const replicaDb =
    config.databaseReplicaUrl &&
    openDb(config, config.databaseReplicaUrl, (error) =>
      process.stderr.write(`replica connection lost: ${error.message}\n`),
    );
  const app = await buildApp({
    config,
    db,
    logger: { level: config.logLevel },
    engineWorkers: config.engineWorkers,
    replicaDb: replicaDb || undefined,
  });
  if (cluster.isWorker) followSupervisor(app.services.videoGateway);
  const watch = watchDatabase(db, app.log);
  // A promise nobody awaited that failed (a database call of a fire-and-forget job, most
  // likely) is logged; it does not end the process and every connection with it.
  process.on('unhandledRejection', (reason) =>
    app.log.error({ err: reason }, 'a failure that nothing handled'),
  );
  let stopping = false;
  const stop = async (signal: string) => {
    // A second Ctrl-C does not wait; a server process of several gets the terminal's SIGINT and
    // the supervisor's SIGTERM for one stop (the supervisor kills it if it takes too long).
    if (stopping) {
      if (cluster.isPrimary) process.exit(1);
      return;
    }
    stopping = true;
    embedded?.stopping();
    if (cluster.isPrimary) say(`\n${signal}: stopping…`);
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
  if (cluster.isPrimary) banner(config, address, !!embedded);
}

async function main() {
  const config = loadConfig();
  // A process of SERVER_PROCESSES: the supervisor prepared the database and set DATABASE_URL.
  if (cluster.isWorker) return serve(config, config.databaseUrl!);
  const { embedded, databaseUrl } = await prepare(config);
  if (config.serverProcesses === 1) return serve(config, databaseUrl, embedded);
  // The signing secret made here, before the processes that read it start at once.
  loadOrCreateSecret(config.dataDir, config.jwtSecret);
  // One Janus of our own for all the processes: a monitoring's room is then on every one's.
  const janus =
    config.videoGateway.mode === 'auto'
      ? createVideoGateway({ config, log: pino({ level: config.logLevel }) })
      : undefined;
  await janus?.start();
  superviseServers({
    processes: config.serverProcesses,
    env: { DATABASE_URL: databaseUrl },
    say,
    onListening: (address) => banner(config, address, !!embedded),
    janus,
    // Janus is not needed to finish requests; it stops at once (the terminal's Ctrl-C reaches
    // it too, and it would otherwise be restarted while the servers finish).
    onStopping: () => {
      embedded?.stopping();
      void janus?.stop();
    },
    onStopped: async () => {
      await janus?.stop();
      await embedded?.stop();
    },
  });
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : String((error as Error)?.stack ?? error)}\n`,
  );
  process.exit(1);
});
