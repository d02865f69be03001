import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import helmet from '@fastify/helmet';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { API_BASE, DEVICE_API_BASE } from '@fleet/contract';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { depthLimited } from './lib/json-depth.js';
import { redactUrl, redactingStream } from './lib/redact.js';
import { createBackgroundWork } from './jobs/background.js';
import type { JobRunner } from './jobs/job-runner.js';
import { AccessService } from './modules/access/access.service.js';
import { FleetAccess } from './modules/access/fleet-access.js';
import { AssetRepository } from './modules/assets/assets.repository.js';
import { assetRoutes } from './modules/assets/assets.routes.js';
import { AssetService } from './modules/assets/assets.service.js';
import { AuthRepository } from './modules/auth/auth.repository.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { loadOrCreateSecret } from './modules/auth/secret.js';
import { SessionCheck } from './modules/auth/sessions.js';
import { AccessTokens } from './modules/auth/tokens.js';
import { ConfigurationRepository } from './modules/configurations/configurations.repository.js';
import { configurationRoutes } from './modules/configurations/configurations.routes.js';
import { ConfigurationService } from './modules/configurations/configurations.service.js';
import { ConfigurationGroupRepository } from './modules/configuration-groups/configuration-groups.repository.js';
import { configurationGroupRoutes } from './modules/configuration-groups/configuration-groups.routes.js';
import { ConfigurationGroupService } from './modules/configuration-groups/configuration-groups.service.js';
import { DeviceAuthService } from './modules/device-api/device-auth.js';
import { deviceApiRoutes } from './modules/device-api/device-api.routes.js';
import { DeviceRepository } from './modules/devices/devices.repository.js';
import { deviceRoutes } from './modules/devices/devices.routes.js';
import { DeviceService } from './modules/devices/devices.service.js';
import { DriverRepository } from './modules/drivers/drivers.repository.js';
import { driverRoutes } from './modules/drivers/drivers.routes.js';
import { DriverService } from './modules/drivers/drivers.service.js';
import { EngineRepository } from './modules/engine/engine.repository.js';
import { EngineService } from './modules/engine/engine.service.js';
import { IngestRepository } from './modules/engine/ingest.repository.js';
import { IngestService } from './modules/engine/ingest.service.js';
import { createGeocoder } from './modules/geocoding/geocoders.repository.js';
import { GeocodeCacheRepository } from './modules/geocoding/geocoding.repository.js';
import { GeocodingService } from './modules/geocoding/geocoding.service.js';
import { GroupRepository } from './modules/groups/groups.repository.js';
import { groupRoutes } from './modules/groups/groups.routes.js';
import { GroupService } from './modules/groups/groups.service.js';
import { AdminDataRepository } from './modules/admin-data/admin-data.repository.js';
import { adminDataRoutes } from './modules/admin-data/admin-data.routes.js';
import { AdminDataService } from './modules/admin-data/admin-data.service.js';
import { DataDeletionRepository } from './modules/admin-data/data-deletion.repository.js';
import { DataDeletionService } from './modules/admin-data/data-deletion.service.js';
import { ScoreSettingsService } from './modules/drivingstyle/score-settings.js';
import { ReportsRepository } from './modules/reports/reports.repository.js';
import { reportRoutes } from './modules/reports/reports.routes.js';
import { ReportsService } from './modules/reports/reports.service.js';
import { VehicleDataRepository } from './modules/vehicle-data/vehicle-data.repository.js';
import { vehicleDataRoutes } from './modules/vehicle-data/vehicle-data.routes.js';
import { FleetRepository } from './modules/fleet/fleet.repository.js';
import { fleetRoutes } from './modules/fleet/fleet.routes.js';
import { FleetService } from './modules/fleet/fleet.service.js';
import { VehicleDataService } from './modules/vehicle-data/vehicle-data.service.js';
import { clientConfigRoutes } from './modules/client-config/client-config.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { MediaFilesRepository } from './modules/media/media-files.repository.js';
import { createMediaStore } from './modules/media/media-store.repository.js';
import { MediaRepository } from './modules/media/media.repository.js';
import { mediaLinkRoutes, mediaRoutes } from './modules/media/media.routes.js';
import { MediaLinkService, MediaLinkTokens } from './modules/media/media-links.js';
import { MediaService } from './modules/media/media.service.js';
import { LinkRepository } from './modules/links/links.repository.js';
import { assetDriverLinkRoute, linkRoutes } from './modules/links/links.routes.js';
import { LinkService, type LinkChanged } from './modules/links/links.service.js';
import { OrganisationRepository } from './modules/organisations/organisations.repository.js';
import { organisationRoutes } from './modules/organisations/organisations.routes.js';
import { OrganisationService } from './modules/organisations/organisations.service.js';
import { UserRepository } from './modules/users/users.repository.js';
import { userRoutes } from './modules/users/users.routes.js';
import { UserService } from './modules/users/users.service.js';
import authenticate from './plugins/authenticate.js';
import bodyDeadline from './plugins/body-deadline.js';
import errors, { clientErrorHandler, frameworkErrors } from './plugins/errors.js';
import openapi from './plugins/openapi.js';
import { validatorCompiler } from './plugins/validation.js';
import web from './plugins/web.js';
// Issue 8: the device channel and media requests.
import { DeviceChannelRepository } from './modules/device-channel/device-channel.repository.js';
import { DeviceChannelService } from './modules/device-channel/device-channel.service.js';
import { MediaRequestRepository } from './modules/media-requests/media-requests.repository.js';
import { mediaRequestRoutes } from './modules/media-requests/media-requests.routes.js';
import { MediaRequestService } from './modules/media-requests/media-requests.service.js';
// Issue 9: live monitoring, the video gateway and organisation settings.
import { MonitoringRepository } from './modules/monitoring/monitoring.repository.js';
import { monitoringRoutes, monitoringViewRoutes } from './modules/monitoring/monitoring.routes.js';
import { MonitoringService } from './modules/monitoring/monitoring.service.js';
import { RecordingsRepository } from './modules/monitoring/recordings.repository.js';
import { WebhookRepository } from './modules/monitoring/webhook.repository.js';
import { OutboundPolicy } from './lib/outbound.js';
import { OrganisationSettingsRepository } from './modules/organisation-settings/organisation-settings.repository.js';
import { organisationSettingsRoutes } from './modules/organisation-settings/organisation-settings.routes.js';
import { OrganisationSettingsService } from './modules/organisation-settings/organisation-settings.service.js';
import { janusProxyRoutes } from './modules/video-gateway/janus-proxy.routes.js';
import { VideoGatewayService } from './modules/video-gateway/video-gateway.service.js';
// Issue 10: management.
import { ManagementOverviewRepository } from './modules/management-overview/management-overview.repository.js';
import { managementOverviewRoutes } from './modules/management-overview/management-overview.routes.js';
import { ManagementOverviewService } from './modules/management-overview/management-overview.service.js';
import { DeviceSettingsRepository } from './modules/configurations/device-settings.repository.js';
import { DeviceSettingsService } from './modules/configurations/device-settings.service.js';
// Issue 11: synchronisation.
import { ApiKeyRepository } from './modules/sync/api-keys.repository.js';
import { ApiKeyService } from './modules/sync/api-keys.service.js';
import { KeyCrypto } from './modules/sync/key-crypto.js';
import { SyncRemoteRepository } from './modules/sync/remote.repository.js';
import { SyncApplyRepository } from './modules/sync/sync-apply.repository.js';
import { SyncConfigRepository } from './modules/sync/sync-config.repository.js';
import { SyncExportRepository } from './modules/sync/sync-export.repository.js';
import { syncExportRoutes } from './modules/sync/sync-export.routes.js';
import { SyncExportService } from './modules/sync/sync-export.service.js';
import { SyncResultRepository } from './modules/sync/sync-results.repository.js';
import { SyncRunService } from './modules/sync/sync-run.service.js';
import { SyncScheduler } from './modules/sync/sync-scheduler.js';
import { syncRoutes } from './modules/sync/sync.routes.js';
import { SyncService } from './modules/sync/sync.service.js';
import { SyncedRecords } from './modules/sync/synced-records.repository.js';
// Issue 16: one authentication layer.
import { Authentication } from './modules/authn/authn.service.js';
import { MonitoringTokens } from './modules/monitoring/monitoring-tokens.js';
import { MonitoringJobs } from './modules/monitoring/monitoring-jobs.service.js';
// Issue 16: heavy work is cancellable and bounded.
import { HeavyWork } from './lib/limits-http.js';

/** Most records of one kind a remote organisation may list to one run. */
const SYNC_MAX_ITEMS_PER_KIND = 100_000;
/** Largest answer read from a remote (one page). */
const SYNC_MAX_ANSWER_BYTES = 20 * 1024 * 1024;

const VERSION: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;

function createServices(db: Db, config: Config, log: FastifyBaseLogger) {
  const secret = loadOrCreateSecret(config.dataDir, config.jwtSecret);
  const tokens = new AccessTokens(secret, config.accessTokenTtlSeconds);
  const organisationRepository = new OrganisationRepository(db);
  const access = new AccessService(organisationRepository);
  const fleetAccess = new FleetAccess(access, organisationRepository);
  const assetRepository = new AssetRepository(db);
  const deviceRepository = new DeviceRepository(db);
  const driverRepository = new DriverRepository(db);
  const linkRepository = new LinkRepository(db);
  const syncedRecords = new SyncedRecords(db);
  const engine = new EngineService(new EngineRepository(db, config.timezone), log);
  // Issue 11: deleting an organisation, or its data, in one transaction with progress.
  const dataDeletion = new DataDeletionService(new DataDeletionRepository(db), log);
  const linkChanged: LinkChanged = (change) => engine.linkChanged(change);
  const configurationRepository = new ConfigurationRepository(db);
  const scoreSettings = new ScoreSettingsService(configurationRepository);
  const reportsRepository = new ReportsRepository(db, config.timezone);
  // Issue 16: the expensive reads' connections (cancelled when the client goes away; bounded).
  const heavyWork = new HeavyWork(db, config.heavy, log);
  const authRepository = new AuthRepository(db);
  const sessions = new SessionCheck(tokens, authRepository, config.sessionCacheSeconds);
  const groupRepository = new GroupRepository(db);
  // Issue 8: the channel to the devices, and the media requests it carries.
  const deviceChannel = new DeviceChannelService(new DeviceChannelRepository(db), db, log);
  const mediaRequests = new MediaRequestService(
    new MediaRequestRepository(db),
    assetRepository,
    driverRepository,
    fleetAccess,
    deviceChannel,
  );
  const media = new MediaService(
    new MediaRepository(db),
    new MediaFilesRepository(config.dataDir),
    createMediaStore(config.media, config.dataDir),
    assetRepository,
    driverRepository,
    fleetAccess,
    log,
    config.media.maxBytes,
    {
      quotaBytes: config.input.mediaQuotaBytes,
      perMinute: config.input.uploadsPerMinute,
      bytesPerHour: config.input.uploadBytesPerHour,
    },
  );
  // Issue 16: the destinations users' addresses (webhook, sync remote) may reach.
  const outbound = new OutboundPolicy(config.outbound.allow);
  // Issue 9: organisation settings, the video gateway and monitoring.
  const organisationSettings = new OrganisationSettingsService(
    new OrganisationSettingsRepository(db),
    access,
    outbound,
  );
  const videoGateway = new VideoGatewayService(config.videoGateway, config.dataDir, log);
  const monitoringRepository = new MonitoringRepository(db);
  const monitoringMediaStore = createMediaStore(config.media, config.dataDir);
  const monitoring = new MonitoringService(
    monitoringRepository,
    assetRepository,
    driverRepository,
    access,
    fleetAccess,
    deviceChannel,
    organisationSettings,
    videoGateway,
    monitoringMediaStore,
    config.monitoring,
    secret,
    log,
  );
  // Issue 17: the monitoring module's background work, apart from its requests and views.
  const monitoringJobs = new MonitoringJobs(
    monitoringRepository,
    monitoring,
    organisationSettings,
    videoGateway,
    new RecordingsRepository(path.join(config.dataDir, 'tmp')),
    new WebhookRepository(config.monitoring.webhookTimeoutMs, outbound),
    new MediaFilesRepository(config.dataDir),
    monitoringMediaStore,
    config.monitoring,
    log,
  );
  // Issue 10: settings reach the devices when a group is saved, an asset joins or leaves a
  // configuration group, or a device is fitted.
  const configurations = new ConfigurationService(configurationRepository, access, (groupId) =>
    deviceSettings.pushToGroup(groupId),
  );
  const deviceSettings: DeviceSettingsService = new DeviceSettingsService(
    new DeviceSettingsRepository(db),
    configurations,
    deviceChannel,
    assetRepository,
    fleetAccess,
  );
  // Issue 11: synchronisation; the remote's API keys are sealed with a key from the signing secret.
  const keyCrypto = new KeyCrypto(secret);
  const syncConfigs = new SyncConfigRepository(db);
  const syncResults = new SyncResultRepository(db);
  const syncRemote = new SyncRemoteRepository(
    { timeoutMs: config.sync.timeoutMs, maxBytes: SYNC_MAX_ANSWER_BYTES },
    outbound,
  );
  const userRepository = new UserRepository(db);
  const syncRuns = new SyncRunService(
    db,
    syncConfigs,
    syncResults,
    new SyncApplyRepository(),
    syncRemote,
    keyCrypto,
    {
      linkChanged: (change) => engine.linkChanged(change),
      devicesFitted: (assetIds) => deviceSettings.pushToAssets(assetIds),
    },
    {
      retryBaseSeconds: config.sync.retrySeconds,
      maxItemsPerKind: SYNC_MAX_ITEMS_PER_KIND,
      runner: `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
    },
    log,
  );
  const syncScheduler = new SyncScheduler(syncConfigs, syncResults, syncRuns, log);
  // Issue 16: one authentication layer that knows every kind of caller.
  const deviceAuth = new DeviceAuthService(deviceRepository);
  const syncApiKeys = new ApiKeyService(
    new ApiKeyRepository(db),
    access,
    async (userId) => (await userRepository.find(userId))?.name ?? null,
  );
  const mediaLinkTokens = new MediaLinkTokens(secret, config.media.linkSeconds);
  const monitoringEnds = new MonitoringRepository(db);
  const authentication = new Authentication(
    sessions,
    new MonitoringTokens(secret),
    deviceAuth,
    syncApiKeys,
    mediaLinkTokens,
    {
      monitoringTokenHours: config.monitoring.tokenHours,
      monitoringEnd: (id) => monitoringEnds.endOf(id),
    },
  );
  return {
    syncScheduler,
    syncRuns,
    sync: new SyncService(syncConfigs, syncResults, syncRemote, keyCrypto, access, () =>
      syncScheduler.kick(),
    ),
    syncApiKeys,
    syncExport: new SyncExportService(new SyncExportRepository(db), organisationRepository),
    organisationSettings,
    videoGateway,
    monitoring,
    monitoringJobs,
    deviceChannel,
    deviceSettings,
    mediaRequests,
    managementOverview: new ManagementOverviewService(new ManagementOverviewRepository(db), access),
    tokens,
    sessions,
    access,
    auth: new AuthService(
      authRepository,
      tokens,
      config.refreshTokenTtlSeconds,
      config.login,
      sessions,
      config.refreshGraceSeconds,
    ),
    organisations: new OrganisationService(organisationRepository, access, dataDeletion),
    users: new UserService(new UserRepository(db), access, sessions),
    configurations,
    assets: new AssetService(assetRepository, fleetAccess, syncedRecords),
    drivers: new DriverService(driverRepository, fleetAccess, syncedRecords),
    devices: new DeviceService(
      deviceRepository,
      fleetAccess,
      syncedRecords,
      config.identifierClashesPerHour,
    ),
    groups: new GroupService(
      new GroupRepository(db),
      assetRepository,
      driverRepository,
      fleetAccess,
    ),
    configurationGroups: new ConfigurationGroupService(
      new ConfigurationGroupRepository(db),
      assetRepository,
      fleetAccess,
      {
        devicesOf: (groupId) => deviceSettings.groupDevices(groupId),
        assetsChanged: (assetIds) => deviceSettings.pushToAssets(assetIds),
      },
    ),
    deviceLinks: new LinkService(
      'device',
      linkRepository,
      assetRepository,
      deviceRepository,
      fleetAccess,
      syncedRecords,
      linkChanged,
      (assetId) => deviceSettings.pushToAssets([assetId]),
    ),
    driverLinks: new LinkService(
      'driver',
      linkRepository,
      assetRepository,
      driverRepository,
      fleetAccess,
      syncedRecords,
      linkChanged,
    ),
    deviceAuth,
    authentication,
    ingest: new IngestService(new IngestRepository(db, config.timezone)),
    engine,
    adminData: new AdminDataService(
      new AdminDataRepository(db, config.timezone),
      organisationRepository,
      assetRepository,
      engine,
      access,
      fleetAccess,
      dataDeletion,
      log,
    ),
    reports: new ReportsService(
      reportsRepository,
      assetRepository,
      driverRepository,
      groupRepository,
      access,
      scoreSettings,
      heavyWork,
    ),
    fleet: new FleetService(
      new FleetRepository(db),
      organisationRepository,
      access,
      scoreSettings,
      heavyWork,
    ),
    vehicleData: new VehicleDataService(
      new VehicleDataRepository(db),
      reportsRepository,
      assetRepository,
      driverRepository,
      access,
      fleetAccess,
      scoreSettings,
      heavyWork,
    ),
    media,
    mediaLinks: new MediaLinkService(mediaLinkTokens, media),
    geocoding: new GeocodingService(
      new GeocodeCacheRepository(db),
      createGeocoder({ ...config.geocoder, userAgent: `Fleetwise/${VERSION}` }),
      log,
    ),
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
}

/** Builds the whole HTTP app: infrastructure plugins, then the three API bases, then the web app. */
export async function buildApp({
  config,
  db,
  logger = false,
  engineWorkers = 0,
}: AppOptions): Promise<FastifyInstance> {
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

  app.decorate('db', db);
  app.decorate('appVersion', VERSION);
  app.decorate('services', createServices(db, config, app.log));
  // Issue 17: one place starts and stops the background work (jobs, sync, the engine's workers).
  app.decorate('jobs', createBackgroundWork(db, config, app.services, engineWorkers, app.log));
  // Waiting long-polls answer before the server waits for its requests to end.
  app.addHook('preClose', async () => app.services.deviceChannel.releasePolls());
  app.addHook('onClose', () => app.services.deviceChannel.close());
  app.addHook('onReady', async () => {
    await app.services.videoGateway.start();
    await app.jobs.start();
  });
  app.addHook('onClose', async () => {
    await app.jobs.stop();
    await app.services.videoGateway.stop();
  });
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

  // The specification's versioned JSON content type is JSON. The portal sends it on every call
  // (spec §7), a DELETE included, which has no body: an empty body is no body, not a 400.
  // Issue 16: every JSON parser refuses a body nested deeper than MAX_JSON_DEPTH first, so no
  // check after the parse recurses over thousands of levels (400, not a stack overflow's 500).
  const json = depthLimited(app.getDefaultJsonParser('error', 'error'));
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, json);
  app.addContentTypeParser(
    /^application\/vnd\.[\w.-]+\.v\d+\+json/,
    { parseAs: 'string' },
    // parseAs 'string': the body is a string.
    (request, body, done) =>
      body === '' ? done(null, undefined) : json(request, body as string, done),
  );

  // Devices send a batch every few seconds: answered requests log at debug, refused ones at
  // info, failures at error, so LOG_LEVEL=info shows what needs attention.
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
      await api.register(async (signedIn) => {
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
        await signedIn.register(fleetRoutes);
        await signedIn.register(vehicleDataRoutes);
        await signedIn.register(mediaRequestRoutes);
        await signedIn.register(mediaRoutes);
        await signedIn.register(organisationSettingsRoutes);
        await signedIn.register(monitoringRoutes);
        await signedIn.register(managementOverviewRoutes);
      });
      // A session or the monitoring's own token (the monitoring view).
      await api.register(monitoringViewRoutes);
    },
    { prefix: API_BASE.main },
  );
  // Admin base: the OEM section's (spec §2, §6). The access module decides, for every route on it.
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
  // Sync base: the export side takes API keys; every other call is a signed-in OEM's.
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

  await app.register(deviceApiRoutes, { prefix: DEVICE_API_BASE });
  await app.register(janusProxyRoutes);

  await app.register(web, { root: config.webDist });
  return app;
}
