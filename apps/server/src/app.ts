import { readFileSync } from 'node:fs';
import helmet from '@fastify/helmet';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { API_BASE, DEVICE_API_BASE } from '@fleet/contract';
import type { Config } from './config.js';
import { closeSiblings, siblingDb, type Db } from './db/database.js';
import { depthLimited } from './lib/json-depth.js';
import { redactUrl, redactingStream } from './lib/redact.js';
import { silentConnections } from './lib/silent-connections.js';
import { createBackgroundWork } from './jobs/background.js';
import type { JobRunner } from './jobs/job-runner.js';
import { createAccess } from './modules/access/index.js';
import { alertRoutes, createAlerts } from './modules/alerts/index.js';
import { createZones, zoneRoutes } from './modules/zones/index.js';
import {
  createReportSubscriptions,
  reportSubscriptionRoutes,
} from './modules/report-subscriptions/index.js';
import { adminDataRoutes, createAdminData } from './modules/admin-data/index.js';
import { assetReads, assetRoutes, createAssets } from './modules/assets/index.js';
import { authRoutes, createAuth, loadOrCreateSecret } from './modules/auth/index.js';
import { createAuthentication } from './modules/authn/index.js';
import { clientConfigRoutes } from './modules/client-config/index.js';
import { DemoSafety } from './modules/demo/index.js';
import {
  configurationGroupRoutes,
  createConfigurationGroups,
} from './modules/configuration-groups/index.js';
import { configurationRoutes, createConfigurations } from './modules/configurations/index.js';
import { createDeviceAuth, deviceApiRoutes } from './modules/device-api/index.js';
import { createDeviceChannel } from './modules/device-channel/index.js';
import { createDevices, deviceLogins, deviceReads, deviceRoutes } from './modules/devices/index.js';
import { createDrivers, driverReads, driverRoutes } from './modules/drivers/index.js';
import { createEngine } from './modules/engine/index.js';
import { AssetAnnouncer, createEvents, eventRoutes } from './modules/events/index.js';
import { createExports, exportRoutes } from './modules/exports/index.js';
import { createFleet, fleetRoutes } from './modules/fleet/index.js';
import { createGeocoding } from './modules/geocoding/index.js';
import { createGroups, groupMembers, groupRoutes } from './modules/groups/index.js';
import { healthRoutes } from './modules/health/index.js';
import {
  assetDriverLinkRoute,
  createLinks,
  linkRoutes,
  type LinkChanged,
} from './modules/links/index.js';
import {
  createManagementOverview,
  managementOverviewRoutes,
} from './modules/management-overview/index.js';
import { createMedia, mediaLinkRoutes, mediaRoutes } from './modules/media/index.js';
import { createMediaRequests, mediaRequestRoutes } from './modules/media-requests/index.js';
import {
  createMonitoring,
  monitoringEnds,
  monitoringRoutes,
  monitoringViewRoutes,
} from './modules/monitoring/index.js';
import {
  createOrganisationSettings,
  organisationSettingsRoutes,
} from './modules/organisation-settings/index.js';
import { createRawData } from './modules/raw-data/index.js';
import {
  createOrganisations,
  organisationRoutes,
  organisationTree,
} from './modules/organisations/index.js';
import { createReports, ReportCache, reportReads, reportRoutes } from './modules/reports/index.js';
import {
  coachingReportRoutes,
  createCoachingReport,
  createFootageAudit,
  createMySafety,
  createSafety,
  createSafetyJobs,
  mySafetyRoutes,
  safetyRoutes,
} from './modules/safety/index.js';
import { createApiKeys, createSync, syncExportRoutes, syncRoutes } from './modules/sync/index.js';
import { createUsers, userNames, userRoutes } from './modules/users/index.js';
import { createVehicleData, vehicleDataRoutes } from './modules/vehicle-data/index.js';
import {
  createJanusSessions,
  createVideoGateway,
  janusProxyRoutes,
} from './modules/video-gateway/index.js';
import authenticate from './plugins/authenticate.js';
import bodyDeadline from './plugins/body-deadline.js';
import errors, { clientErrorHandler, frameworkErrors } from './plugins/errors.js';
import openapi from './plugins/openapi.js';
import { validatorCompiler } from './plugins/validation.js';
import web from './plugins/web.js';
import { SyncedRecords } from './db/synced-records.js';
import { OutboundPolicy } from './lib/outbound.js';
import { HeavyWork } from './db/heavy-work.js';
import { mayWrite, ReplicaReads, withReader } from './db/replica-reads.js';

const VERSION: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;

/**
 * Each module is built by its factory (its index.ts) from the modules it depends on, in an order
 * that follows the arrows: the tree and access first, the fleet records, then what uses them.
 * The callbacks between modules (a link changed, a device fitted) are wired here, not imported.
 */
function createServices(db: Db, config: Config, log: FastifyBaseLogger, replica?: ReplicaReads) {
  const base = foundation(db, config, log, replica);
  const { secret, outbound, access, fleetAccess, assets, drivers, deviceChannel } = base;
  const { media, mediaLinks, mediaLinkTokens } = createMedia({
    db,
    config,
    secret,
    assets,
    drivers,
    fleetAccess,
    log,
    // Issue 20 §6: every view, play and download served is recorded in the footage audit.
    footage: createFootageAudit(db),
  });
  const organisationSettings = createOrganisationSettings({ db, access, outbound });
  const rawData = createRawData({ db });
  const videoGateway = createVideoGateway({ config, log });
  const deviceAuth = createDeviceAuth(deviceLogins(db), config.deviceAuthCacheSeconds);
  const syncApiKeys = createApiKeys({ db, access, userName: userNames(db) });
  const records = fleetRecords(base, (deviceId) => deviceAuth.forget(deviceId));
  const data = dataReads(base);
  // Issue 20: safety cases from the engine's events; a dismissal moves the scores.
  const safety = createSafety({
    db,
    timezone: config.timezone,
    access,
    scoreChanged: (assetId, eventTime) => base.engine.requeueAssetDay(assetId, eventTime),
    log,
  });
  // Issue 21 §1: zones and the visits report (the engine derives the visits).
  const zones = createZones({ db, access });
  const monitoringParts = createMonitoring({
    db,
    config,
    secret,
    assets,
    drivers,
    access,
    fleetAccess,
    deviceChannel,
    organisationSettings,
    videoGateway,
    outbound,
    log,
  });
  // Issue 21 §3: exports read through the screens' own services.
  const exports = createExports({
    ...records,
    ...data,
    media,
    zones,
    monitoring: monitoringParts.monitoring,
    organisationName: async (id) => (await base.tree.find(id))?.name ?? String(id),
    timezone: config.timezone,
  });
  return {
    ...base.services,
    ...records,
    ...data,
    exports,
    ...createSync({
      db,
      config,
      secret,
      outbound,
      access,
      tree: base.tree,
      log,
      applied: {
        linkChanged: base.linkChanged,
        devicesFitted: (assetIds) => base.services.deviceSettings.pushToAssets(assetIds),
      },
    }),
    syncApiKeys,
    organisationSettings,
    rawData,
    videoGateway,
    ...monitoringParts,
    deviceAuth,
    // Issue 16: one authentication layer that knows every kind of caller.
    authentication: createAuthentication({
      config,
      secret,
      deviceAuth,
      mediaLinkTokens,
      sessions: base.services.sessions,
      apiKeys: syncApiKeys,
      monitoringEnd: monitoringEnds(db),
    }),
    media,
    mediaLinks,
    safety,
    safetyJobs: createSafetyJobs({
      db,
      requestClip: (assetId, input) => records.mediaRequests.requestBySystem(assetId, input),
      log,
      demo: config.seedDemo ? new DemoSafety(db, safety) : undefined,
    }),
    mySafety: createMySafety({
      db,
      timezone: config.timezone,
      cases: safety,
      reports: data.reports,
    }),
    // Issue 19 §3: the push channel, fed by the database's announcements.
    events: createEvents({ db, access: base.access, log }),
    // Issue 21 §2: alert rules, their firing, notifications, e-mail and webhooks.
    ...createAlerts({
      db,
      access,
      outbound,
      mail: config.alerts,
      timeZone: config.timezone,
      log,
    }),
    zones,
    // Issue 21 §4: scheduled reports by e-mail, read through the screens' services.
    ...createReportSubscriptions({
      db,
      access,
      sources: { exports, safety, zones, timezone: config.timezone },
      mail: {
        ...config.alerts,
        publicBaseUrl: config.monitoring.publicBaseUrl,
        timezone: config.timezone,
      },
    }),
    geocoding: createGeocoding({ db, config, version: VERSION, log }),
  };
}

/**
 * Issue 20: safety cases from the engine's events (a dismissal moves the scores), and a
 * DRIVER's own page over them, with their score from the driver report.
 */

/**
 * What the other modules are built on: the signing secret, the tree and the access rules,
 * sign-in, the engine, the device channel, the configurations, and the reads of assets and
 * drivers other modules are given. `services` are those that routes use too.
 */
function foundation(db: Db, config: Config, log: FastifyBaseLogger, replica?: ReplicaReads) {
  const secret = loadOrCreateSecret(config.dataDir, config.jwtSecret);
  const tree = organisationTree(db);
  const { access, fleetAccess } = createAccess(tree);
  const { organisations, deletion } = createOrganisations({ db, access, log });
  const { tokens, sessions, auth } = createAuth({ db, config, secret });
  // Issue 18 §3: the engine and device batches on pools of their own, so they cannot take
  // the connections user requests need, nor wait behind them. This app ends them when it
  // closes (not another app's on the same database: tests build two).
  const engineDb = siblingDb(db, config.engineConnections, 'engine');
  const ingestDb = siblingDb(db, config.ingest.connections, 'ingest');
  const ownPools = [engineDb, ingestDb].filter((pool) => pool !== db);
  const announcer = new AssetAnnouncer(db, log);
  const { engine, engineWorkers, ingest } = createEngine({
    db,
    timezone: config.timezone,
    log,
    profileFile: config.engineProfileFile,
    engineDb,
    ingestDb,
    ingestLimits: {
      concurrency: config.ingest.connections,
      queue: config.ingest.queue,
      retryAfterSeconds: config.ingest.retryAfterSeconds,
    },
    positionsMoved: (assetIds) => announcer.moved(assetIds),
    // ENGINE_CONNECTIONS 0 shares the main pool, which a thread cannot: one a worker there.
    thread: config.engineThread
      ? { connections: config.engineConnections || config.engineWorkers }
      : undefined,
  });
  const assets = assetReads(db);
  const deviceChannel = createDeviceChannel({ db, log });
  const { configurations, deviceSettings, scoreSettings } = createConfigurations({
    db,
    access,
    fleetAccess,
    assets,
    deviceChannel,
  });
  return {
    db,
    config,
    log,
    secret,
    tree,
    access,
    fleetAccess,
    assets,
    deviceChannel,
    engine,
    drivers: driverReads(db),
    deletion,
    scoreSettings,
    // Issue 16: the destinations users' addresses (webhook, sync remote) may reach, and the
    // expensive reads' connections (cancelled when the client goes away; bounded).
    outbound: new OutboundPolicy(config.outbound.allow),
    heavyWork: new HeavyWork(db, config.heavy, log, replica),
    synced: new SyncedRecords(db),
    linkChanged: ((change) => engine.linkChanged(change)) satisfies LinkChanged,
    services: {
      ownPools,
      announcer,
      tokens,
      sessions,
      access,
      auth,
      organisations,
      engine,
      engineWorkers,
      ingest,
      deviceChannel,
      configurations,
      deviceSettings,
    },
  };
}
type Foundation = ReturnType<typeof foundation>;

/** The fleet records: assets, drivers, devices, their links and groups, and footage requests. */
function fleetRecords(base: Foundation, credentialChanged: (deviceId: number) => void) {
  const { db, config, access, fleetAccess, synced, assets, drivers } = base;
  const { deviceSettings } = base.services;
  return {
    users: createUsers({ db, access, sessions: base.services.sessions, drivers, tree: base.tree }),
    assets: createAssets({ db, fleetAccess, synced }),
    drivers: createDrivers({ db, fleetAccess, synced }),
    devices: createDevices({
      db,
      fleetAccess,
      synced,
      identifierClashesPerHour: config.identifierClashesPerHour,
      credentialChanged,
    }),
    groups: createGroups({ db, assets, drivers, fleetAccess }),
    configurationGroups: createConfigurationGroups({
      db,
      assets,
      fleetAccess,
      settings: {
        devicesOf: (groupId) => deviceSettings.groupDevices(groupId),
        assetsChanged: (assetIds) => deviceSettings.pushToAssets(assetIds),
      },
    }),
    ...createLinks({
      db,
      assets,
      drivers,
      devices: deviceReads(db),
      fleetAccess,
      synced,
      changed: base.linkChanged,
      deviceFitted: (assetId) => deviceSettings.pushToAssets([assetId]),
    }),
    mediaRequests: createMediaRequests({
      db,
      assets,
      drivers,
      fleetAccess,
      deviceChannel: base.deviceChannel,
    }),
    managementOverview: createManagementOverview({ db, access }),
  };
}

/** What reads the engine's results: reports, vehicle data, the fleet overview, admin data. */
function dataReads(base: Foundation) {
  const { db, config, log, tree, access, fleetAccess, assets, engine } = base;
  const reads = { ...base, groups: groupMembers(db), timezone: config.timezone };
  const reports = createReports(reads);
  return {
    reportCache: new ReportCache({
      seconds: config.reportCache.seconds,
      maxBytes: config.reportCache.megabytes * 1024 * 1024,
      maxEntryBytes: Math.min(16, config.reportCache.megabytes) * 1024 * 1024,
    }),
    adminData: createAdminData({
      db,
      timezone: config.timezone,
      tree,
      assets,
      engine,
      access,
      fleetAccess,
      log,
      deletion: base.deletion,
      rawData: createRawData({ db }),
    }),
    reports,
    coachingReport: createCoachingReport({ db, timezone: config.timezone, access, reports }),
    fleet: createFleet(reads),
    vehicleData: createVehicleData({ ...reads, reports: reportReads(db, config.timezone) }),
  };
}

export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    services: Services;
    jobs: JobRunner;
    appVersion: string;
  }
}

export interface AppOptions {
  config: Config;
  db: Db;
  /** false in tests; otherwise pino's options (a stream instead of stdout: a test's capture). */
  logger?: boolean | { level: string; stream?: { write(line: string): unknown } };
  /** The engine's workers started with the background work (main: ENGINE_WORKERS; tests drain by hand). */
  engineWorkers?: number;
  /** A streaming replica (DATABASE_REPLICA_URL) for reports, the fleet overview and entity data. */
  replicaDb?: Db;
}

/** Builds the whole HTTP app: infrastructure plugins, then the three API bases, then the web app. */
export async function buildApp({
  config,
  db,
  logger = false,
  engineWorkers = 0,
  replicaDb,
}: AppOptions): Promise<FastifyInstance> {
  const app = createFastify(config, logger);
  const replica = replicaDb && new ReplicaReads(db, replicaDb, app.log);
  decorate(app, db, config, engineWorkers, replica);
  addLifeCycleHooks(app);
  if (replica) readYourWrites(app, replica);
  forgetKeptReports(app);
  await registerInfrastructure(app, config);
  const json = addJsonParsers(app);
  logResponses(app);
  await registerMainBase(app, config, json);
  await registerAdminBase(app);
  await registerSyncBase(app);
  await registerDeviceAndGateway(app);
  await app.register(web, { root: config.webDist });
  return app;
}

function createFastify(config: Config, logger: AppOptions['logger']) {
  const app = Fastify({
    // Issue 16: every log line passes redaction, so no token in a URL or message reaches the log.
    logger:
      typeof logger === 'object'
        ? { ...logger, stream: redactingStream(logger.stream ?? process.stdout) }
        : logger,
    // One line per request, from our onResponse hook, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    clientErrorHandler,
    // Issue 16: request.ip and request.protocol from X-Forwarded-* only behind a trusted proxy.
    trustProxy: config.input.trustProxy,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  return app;
}
type App = ReturnType<typeof createFastify>;

function decorate(app: App, db: Db, config: Config, engineWorkers: number, replica?: ReplicaReads) {
  app.decorate('db', db);
  app.decorate('appVersion', VERSION);
  app.decorate('services', createServices(db, config, app.log, replica));
  // Issue 17: one place starts and stops the background work (jobs, sync, the engine's workers).
  app.decorate('jobs', createBackgroundWork(db, config, app.services, engineWorkers, app.log));
}

/** Start and stop: the device channel's polls, the video gateway and the background work. */
function addLifeCycleHooks(app: App) {
  const closeSilent = silentConnections(app.server);
  app.addHook('preClose', async () => closeSilent());
  // Waiting long-polls answer before the server waits for its requests to end.
  app.addHook('preClose', async () => app.services.deviceChannel.releasePolls());
  app.addHook('preClose', async () => app.services.events.release());
  app.addHook('onClose', () => app.services.deviceChannel.close());
  app.addHook('onClose', () => app.services.events.close());
  app.addHook('onClose', () => app.services.announcer.close());
  app.addHook('onClose', () => app.services.alertWork.delivery.close());
  app.addHook('onClose', async () => app.services.reportDelivery.close());
  app.addHook('onReady', async () => {
    await app.services.videoGateway.start();
    await app.jobs.start();
  });
  app.addHook('onClose', async () => {
    await app.jobs.stop();
    await app.services.videoGateway.stop();
    await closeSiblings(app.db, app.services.ownPools);
  });
}

/**
 * With a read replica: the expensive reads learn whose request they serve, and a signed-in
 * user's successful write is recorded before its answer leaves, so their next read (on any
 * process) waits for the replica to have it or goes to the primary (db/replica-reads.ts).
 */
function readYourWrites(app: App, replica: ReplicaReads) {
  app.addHook('onRequest', (request, _reply, done) =>
    withReader(() => request.user?.user_id, done),
  );
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.user && reply.statusCode < 400 && mayWrite(request.method, request.url))
      await replica.wrote(request.user.user_id);
    return payload;
  });
}

/**
 * A successful write (not a device's batch: the seconds a report is kept cover those) makes the
 * reports kept so far stale before its answer leaves, so whoever wrote sees it in their next
 * report (modules/reports/report-cache.ts).
 */
function forgetKeptReports(app: App) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      reply.statusCode < 400 &&
      mayWrite(request.method, request.url) &&
      !request.url.startsWith('/device-api/')
    )
      app.services.reportCache.changed();
    done(null, payload);
  });
}

/** Errors, the body deadline, authentication, the security headers and the API description. */
async function registerInfrastructure(app: App, config: Config) {
  await app.register(errors);
  // Issue 16: a body dribbled byte by byte is cut off with 408 (a slow-but-working upload is not).
  await app.register(bodyDeadline, {
    graceMs: config.input.bodyTimeoutSeconds * 1000,
    minBytesPerSecond: config.input.bodyMinBytesPerSecond,
  });
  await app.register(authenticate);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'", 'https:', 'wss:'],
        'worker-src': ["'self'", 'blob:'],
        // Recorded live feeds play from the blob the monitoring view downloaded with its token.
        'media-src': ["'self'", 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        // Issue 16: only for HTTPS requests (the hook below): over plain HTTP at a network
        // address it rewrote every script and style to an https:// nobody serves, a blank page.
        'upgrade-insecure-requests': null,
      },
    },
    strictTransportSecurity: false,
  });
  // Issue 16: a request that came over HTTPS (directly, or by a trusted proxy's
  // X-Forwarded-Proto with TRUST_PROXY) gets upgrade-insecure-requests and HSTS.
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol !== 'https') return;
    const csp = reply.raw.getHeader('content-security-policy');
    if (typeof csp === 'string')
      reply.raw.setHeader('content-security-policy', `${csp};upgrade-insecure-requests`);
    reply.raw.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
  await app.register(openapi, { version: VERSION });
}

type JsonParser = ReturnType<typeof depthLimited>;

/**
 * The specification's versioned JSON content type is JSON. The portal sends it on every call
 * (spec §7), a DELETE included, which has no body: an empty body is no body, not a 400.
 * Issue 16: every JSON parser refuses a body nested deeper than MAX_JSON_DEPTH first, so no
 * check after the parse recurses over thousands of levels (400, not a stack overflow's 500).
 */
function addJsonParsers(app: App): JsonParser {
  const json = depthLimited(app.getDefaultJsonParser('error', 'error'));
  app.removeContentTypeParser('application/json');
  // Fastify reads text/plain by default; the API takes JSON only: 415 (docs/api.md, issue 19 §10).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, json);
  app.addContentTypeParser(
    /^application\/vnd\.[\w.-]+\.v\d+\+json/,
    { parseAs: 'string' },
    // parseAs 'string': the body is a string.
    (request, body, done) =>
      body === '' ? done(null, undefined) : json(request, body as string, done),
  );
  return json;
}

/**
 * Devices send a batch every few seconds: answered requests log at debug, refused ones at
 * info, failures at error, so LOG_LEVEL=info shows what needs attention.
 */
function logResponses(app: App) {
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    // A 503 while the database is away is said once by the database watch (warn), not as an
    // error per request.
    const level =
      status === 503 ? 'warn' : status >= 500 ? 'error' : status >= 400 ? 'info' : 'debug';
    request.log[level](
      {
        method: request.method,
        // Issue 16: media links and long-poll tokens in the URL are credentials.
        url: redactUrl(request.url),
        ip: request.ip,
        status,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
}

/** Main base: the open routes, then the signed-in ones, then the monitoring view's. */
async function registerMainBase(app: App, config: Config, json: JsonParser) {
  await app.register(
    async (api) => {
      // Spec §7: the main base also takes JSON sent as application/octet-stream.
      api.addContentTypeParser('application/octet-stream', { parseAs: 'string' }, json);
      await api.register(healthRoutes);
      await api.register(clientConfigRoutes, {
        mapStyleUrl: config.mapStyleUrl,
        timeZone: config.timezone,
      });
      await api.register(authRoutes);
      await api.register(mediaLinkRoutes);
      await api.register(signedInMainRoutes);
      // A session or the monitoring's own token (the monitoring view).
      await api.register(monitoringViewRoutes);
    },
    { prefix: API_BASE.main },
  );
}

async function signedInMainRoutes(signedIn: FastifyInstance) {
  signedIn.addHook('onRequest', signedIn.authenticate);
  await signedIn.register(organisationRoutes);
  await signedIn.register(userRoutes);
  await signedIn.register(configurationRoutes);
  await signedIn.register(assetRoutes);
  await signedIn.register(driverRoutes);
  await signedIn.register(deviceRoutes);
  await signedIn.register(groupRoutes);
  await signedIn.register(configurationGroupRoutes);
  await signedIn.register(linkRoutes);
  await signedIn.register(reportRoutes);
  await signedIn.register(coachingReportRoutes);
  await signedIn.register(fleetRoutes);
  await signedIn.register(exportRoutes);
  await signedIn.register(vehicleDataRoutes);
  await signedIn.register(mediaRequestRoutes);
  await signedIn.register(mediaRoutes);
  await signedIn.register(organisationSettingsRoutes);
  await signedIn.register(monitoringRoutes);
  await signedIn.register(managementOverviewRoutes);
  await signedIn.register(safetyRoutes);
  await signedIn.register(mySafetyRoutes);
  await signedIn.register(eventRoutes);
  await signedIn.register(alertRoutes);
  await signedIn.register(zoneRoutes);
  await signedIn.register(reportSubscriptionRoutes);
}

/** Admin base: the OEM section's (spec §2, §6). The access module decides, for every route on it. */
async function registerAdminBase(app: App) {
  await app.register(
    async (admin) => {
      admin.addHook('onRequest', admin.authenticate);
      admin.addHook('onRequest', async (request) =>
        admin.services.access.assertOemSection(request.user),
      );
      await admin.register(assetDriverLinkRoute);
      await admin.register(adminDataRoutes);
    },
    { prefix: API_BASE.admin },
  );
}

/** Sync base: the export side takes API keys; every other call is a signed-in OEM's. */
async function registerSyncBase(app: App) {
  await app.register(
    async (sync) => {
      await sync.register(syncExportRoutes);
      await sync.register(async (signedIn) => {
        signedIn.addHook('onRequest', signedIn.authenticate);
        signedIn.addHook('onRequest', async (request) =>
          signedIn.services.access.assertMaySynchronise(request.user),
        );
        await signedIn.register(syncRoutes);
      });
    },
    { prefix: API_BASE.sync },
  );
}

/** The devices' base and the video gateway's proxy. */
async function registerDeviceAndGateway(app: App) {
  await app.register(deviceApiRoutes, { prefix: DEVICE_API_BASE });
  await app.register(janusProxyRoutes, {
    // The gateway asks monitoring who may use it and watch which room; it does not import it.
    authorise: (viewer, room) =>
      room === undefined
        ? app.services.monitoring.assertMayUseGateway(viewer)
        : app.services.monitoring.assertMayWatch(viewer, room),
    sessions: createJanusSessions(app.db),
  });
}
