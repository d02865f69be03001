import os from 'node:os';
import path from 'node:path';
import { DEFAULT_MEDIA_LINK_SECONDS } from '@fleet/contract';
import {
  GEOCODER_KINDS,
  type GeocoderConfig,
  type GeocoderKind,
} from './modules/geocoding/index.js';
import { parseAllowList } from './lib/outbound.js';
import type { HeavyWorkConfig } from './db/heavy-work.js';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /** Unset: the app starts its own embedded PostgreSQL under dataDir. */
  databaseUrl: string | undefined;
  /** A streaming replica of it for reports, the fleet overview and entity data (read-your-writes). */
  databaseReplicaUrl: string | undefined;
  /** Unset: a secret is generated once and kept under dataDir. */
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** How long one process trusts what it read of a session (revoked, role); 0: ask every time. */
  sessionCacheSeconds: number;
  /** How long one process trusts what it read of a device credential; 0: ask every time. */
  deviceAuthCacheSeconds: number;
  logLevel: string;
  /** The fleet's time zone: local days of reports, calendars and rollups. */
  timezone: string;
  /**
   * Server processes on this machine (node:cluster, sharing the port): each a whole server, as
   * the nodes of docs/operations.md; 1: this process serves alone.
   */
  serverProcesses: number;
  /** Engine workers per process draining the re-computation queue; 0 for none. */
  engineWorkers: number;
  /** issue 18: the engine's workers in a thread of their own (ENGINE_THREAD) */
  engineThread: boolean;
  /** Issue 18: a file the engine writes its step timings to every 5 s (profiling); none: off. */
  engineProfileFile?: string;
  seedDemo: boolean;
  webDist: string;
  /** A MapLibre style URL for the web app's maps; null: OpenStreetMap raster tiles. */
  mapStyleUrl: string | null;
  login: { windowSeconds: number; maxPerAccount: number; maxPerAddress: number };
  /** Reverse geocoding: the offline place list by default, Nominatim or Google when configured. */
  geocoder: Omit<GeocoderConfig, 'userAgent'>;
  media: MediaConfig;
  /** Live video (docs/monitoring.md). */
  videoGateway: VideoGatewayConfig;
  monitoring: MonitoringConfig;
  sync: SyncConfig;
  /** Raw records and datapoints: minutes between runs of the partitions and retention job; 0: none. */
  rawData: { jobMinutes: number };
  /** Issue 20: seconds between runs of the safety jobs (clips for new cases, the demo's reviews); 0: none. */
  safety: { jobSeconds: number };
  /** Issue 16, outbound requests to users' addresses (webhook, sync remote): lib/outbound.ts. */
  outbound: { allow: string[] };
  /** Issue 16, database faults: limits of every database connection, ms (0: none). */
  database: DatabaseTimeoutsConfig;
  /** Issue 16, input limits: slow bodies, upload quota and rate, the proxy in front. */
  input: InputConfig;
  // Identity (issue 16): sessions across tabs.
  /** Seconds a just-rotated refresh token still answers the same new pair; 0: none. */
  refreshGraceSeconds: number;
  /** Refusals of a taken device identifier one user may get in an hour before 429. */
  identifierClashesPerHour: number;
  /** Issue 16: heavy work (long reports): limits per user and organisation, connections. */
  heavy: HeavyWorkConfig;
  /** Issue 18 §3: report answers kept for a few seconds (modules/reports/report-cache.ts). */
  reportCache: { seconds: number; megabytes: number };
  /** Issue 18 §3: device batches on a pool of their own, a bounded queue, 503 beyond. */
  ingest: IngestConfig;
  /** Issue 18 §3: the engine's own pool of connections; 0: it shares the main pool. */
  engineConnections: number;
  /** Issue 21 §2: alert e-mails (SMTP_URL unset: kept in the outbox) and the alerts' jobs. */
  alerts: AlertsConfig;
  /** Issue 21 §4: seconds between runs of the scheduled reports job (SMTP as alerts); 0: none. */
  reports: { jobSeconds: number };
}

/** Issue 18 §3: how device batches are stored under load (README: configuration). */
export interface IngestConfig {
  /** connections of ingestion's own pool: batches stored at once */
  connections: number;
  /** batches that may wait for one of them; beyond, 503 with Retry-After */
  queue: number;
  /** the Retry-After of that 503, seconds */
  retryAfterSeconds: number;
}

export interface AlertsConfig {
  /** smtp(s)://user:pass@host:port; unset: e-mails wait in the outbox the portal shows. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Seconds between the deliveries and silent-device checks; 0: none in this process. */
  jobSeconds: number;
}

/** Issue 16, input limits (README: configuration). */
export interface InputConfig {
  /** Seconds any request body may take beyond what its size allows at bodyMinBytesPerSecond. */
  bodyTimeoutSeconds: number;
  /** Bytes per second a request body must keep up on average after that grace (408 below). */
  bodyMinBytesPerSecond: number;
  /** Bytes of media one organisation may keep; users' uploads beyond it are refused. */
  mediaQuotaBytes: number;
  /** Uploads one user may start per minute (429 beyond). */
  uploadsPerMinute: number;
  /** Bytes one user may upload per hour (429 beyond). */
  uploadBytesPerHour: number;
  /** Fastify's trustProxy: false, true (any), or the proxies' addresses (CIDR ranges too). */
  trustProxy: boolean | string[];
}

/** Issue 16: a database that stops, hangs or is gone makes calls fail fast (README, docs/operations.md). */
export interface DatabaseTimeoutsConfig {
  /** opening a connection or waiting for a free one; also how long a frozen database goes unnoticed */
  connectMs: number;
  /** one statement; long enough for the heaviest report, re-processing and organisation deletion */
  statementMs: number;
  /** a transaction open without a statement */
  idleInTransactionMs: number;
}

/** Synchronisation (docs/synchronisation.md). */
export interface SyncConfig {
  /** Seconds between this process's looks for due runs; 0: it runs none (other servers may). */
  jobSeconds: number;
  /** The first retry after a failed run, in seconds; doubles with each failure in a row. */
  retrySeconds: number;
  /** Milliseconds one request to a remote may take, answer included. */
  timeoutMs: number;
}

export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

/** The Janus video gateway: our own (auto), an external one (JANUS_URL), or none (off). */
export interface VideoGatewayConfig {
  mode: 'auto' | 'external' | 'off';
  /** the janus binary, looked up on PATH */
  binary: string;
  url?: string;
  adminKey?: string;
  /** the gateway address handed to devices (default: the Janus address) */
  deviceUrl?: string;
  /** where Janus writes recordings (a folder the server reads too); null: no recordings */
  recordingsDir: string | null;
  rtpPortRange: string;
  /** STUN/TURN servers for browsers (and Janus's own STUN) */
  iceServers: IceServer[];
  // Issue 16 (authentication): time-limited TURN credentials (TURN_SECRET, TURN_TTL).
  turn: { secret?: string; ttlSeconds: number };
}

export interface MonitoringConfig {
  /** The portal's address as the control room reaches it, for the monitoring-view link. */
  publicBaseUrl: string;
  /** How long a monitoring token still works after the end. */
  tokenHours: number;
  /** Seconds between the periodic checks (maximum duration, finalising, recordings, alarms); 0: none. */
  jobSeconds: number;
  /** Milliseconds a webhook delivery may take. */
  webhookTimeoutMs: number;
}

/** Where pictures and videos live, and how large an upload may be (docs/operations.md). */
export interface MediaConfig {
  /** Largest upload in bytes (413 beyond it). */
  maxBytes: number;
  /** local: files under DATA_DIR/media; s3: an S3-compatible bucket (path-style URLs). */
  store: { kind: 'local' } | ({ kind: 's3' } & S3Config);
  /** Minutes between retention runs (and garbage sweeps); 0: no periodic jobs. */
  jobMinutes: number;
  /** Seconds a media link (GET media/{id}/links) lasts. */
  linkSeconds: number;
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new ConfigError(`${name} must be an integer of at least ${min}, got '${raw}'`);
  }
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got '${raw}'`);
}

/**
 * ENGINE_THREAD: on, off, or auto (the default): on where there are more than two cores. On
 * two, the thread took the cores from the users' requests that the engine had left them while
 * it waited in their event loop (docs/performance.md, issue 18 §3 of 2026-12-07).
 */
export function engineThread(env: NodeJS.ProcessEnv, cores: number): boolean {
  const raw = env.ENGINE_THREAD?.toLowerCase() || 'auto';
  if (raw === 'auto') return cores > 2;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`ENGINE_THREAD must be on, off or auto, got '${raw}'`);
}

function zone(name: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name;
  } catch {
    throw new ConfigError(
      `TIMEZONE must be an IANA time zone such as Europe/Amsterdam, got '${name}'`,
    );
  }
}

function geocoder(env: NodeJS.ProcessEnv): Config['geocoder'] {
  const kind = (env.GEOCODER || 'offline').toLowerCase();
  if (!(GEOCODER_KINDS as readonly string[]).includes(kind)) {
    throw new ConfigError(`GEOCODER must be one of ${GEOCODER_KINDS.join(', ')}, got '${kind}'`);
  }
  const url = env.GEOCODER_URL || undefined;
  if (url && !/^https?:\/\/[^/]/.test(url)) {
    throw new ConfigError(`GEOCODER_URL must be an http(s) address, got '${url}'`);
  }
  const googleMapsKey = env.GOOGLE_MAPS_KEY || undefined;
  if (kind === 'google' && !googleMapsKey) {
    throw new ConfigError('GEOCODER=google needs GOOGLE_MAPS_KEY');
  }
  return {
    kind: kind as GeocoderKind,
    url,
    googleMapsKey,
    timeoutMs: integer(env, 'GEOCODER_TIMEOUT', 3000),
  };
}

function media(env: NodeJS.ProcessEnv): MediaConfig {
  const kind = (env.MEDIA_STORE || 'local').toLowerCase();
  const common = {
    maxBytes: integer(env, 'MEDIA_MAX_BYTES', 200 * 1024 * 1024),
    jobMinutes: integer(env, 'MEDIA_JOB_MINUTES', 60, 0),
    linkSeconds: integer(env, 'MEDIA_LINK_TTL', DEFAULT_MEDIA_LINK_SECONDS, 10),
  };
  if (kind === 'local') return { ...common, store: { kind: 'local' } };
  if (kind !== 's3') throw new ConfigError(`MEDIA_STORE must be local or s3, got '${kind}'`);
  const endpoint = env.S3_ENDPOINT || '';
  if (!/^https?:\/\/[^/]/.test(endpoint)) {
    throw new ConfigError(`S3_ENDPOINT must be an http(s) address, got '${endpoint}'`);
  }
  const required = (name: string) => {
    const value = env[name];
    if (!value) throw new ConfigError(`MEDIA_STORE=s3 needs ${name}`);
    return value;
  };
  return {
    ...common,
    store: {
      kind: 's3',
      endpoint: endpoint.replace(/\/+$/, ''),
      bucket: required('S3_BUCKET'),
      region: env.S3_REGION || 'us-east-1',
      accessKeyId: required('S3_ACCESS_KEY_ID'),
      secretAccessKey: required('S3_SECRET_ACCESS_KEY'),
    },
  };
}

function iceServers(raw: string | undefined): IceServer[] {
  if (!raw?.trim()) return [];
  if (raw.trim().startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new ConfigError('ICE_SERVERS must be a JSON array of {urls, username?, credential?}');
    }
    const valid =
      Array.isArray(parsed) &&
      parsed.every(
        (s) =>
          typeof s === 'object' &&
          s !== null &&
          (typeof s.urls === 'string' ||
            (Array.isArray(s.urls) && s.urls.every((u: unknown) => typeof u === 'string'))),
      );
    if (!valid)
      throw new ConfigError('ICE_SERVERS must be a JSON array of {urls, username?, credential?}');
    return parsed as IceServer[];
  }
  const urls = raw
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  const bad = urls.find((u) => !/^(stun|stuns|turn|turns):/.test(u));
  if (bad) throw new ConfigError(`ICE_SERVERS entries start with stun: or turn:, got '${bad}'`);
  return urls.map((u) => ({ urls: u }));
}

/** Issue 16, outbound: OUTBOUND_ALLOW, checked here so a typo stops the start. */
function outboundAllow(env: NodeJS.ProcessEnv): string[] {
  const entries = (env.OUTBOUND_ALLOW ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  try {
    parseAllowList(entries);
  } catch (error) {
    throw new ConfigError(`OUTBOUND_ALLOW: ${(error as Error).message}`);
  }
  return entries;
}

function publicBaseUrl(env: NodeJS.ProcessEnv, port: number): string {
  const raw = env.PUBLIC_BASE_URL || `http://localhost:${port}`;
  if (!/^https?:\/\/[^/]/.test(raw))
    throw new ConfigError(`PUBLIC_BASE_URL must be an http(s) address, got '${raw}'`);
  return raw.replace(/\/+$/, '');
}

function videoGateway(env: NodeJS.ProcessEnv, dataDir: string): VideoGatewayConfig {
  const url = env.JANUS_URL?.replace(/\/+$/, '') || undefined;
  if (url && !/^https?:\/\/[^/]/.test(url))
    throw new ConfigError(`JANUS_URL must be an http(s) address of the Janus API, got '${url}'`);
  const deviceUrl = env.JANUS_DEVICE_URL || undefined;
  if (deviceUrl && !/^(https?|wss?):\/\/[^/]/.test(deviceUrl))
    throw new ConfigError(
      `JANUS_DEVICE_URL must be an http(s) or ws(s) address, got '${deviceUrl}'`,
    );
  const off = (env.JANUS || 'auto').toLowerCase();
  if (!['auto', 'off'].includes(off))
    throw new ConfigError(`JANUS must be auto or off, got '${off}'`);
  const ports = env.JANUS_RTP_PORTS || '20000-20999';
  const range = /^(\d+)-(\d+)$/.exec(ports);
  if (
    !range ||
    Number(range[1]) < 1024 ||
    Number(range[2]) > 65535 ||
    Number(range[1]) >= Number(range[2])
  )
    throw new ConfigError(`JANUS_RTP_PORTS must be a range such as 20000-20999, got '${ports}'`);
  const mode = off === 'off' ? 'off' : url ? 'external' : 'auto';
  const recordings = env.JANUS_RECORDINGS_DIR
    ? path.resolve(env.JANUS_RECORDINGS_DIR)
    : mode === 'auto'
      ? path.join(dataDir, 'recordings')
      : null;
  return {
    mode,
    binary: env.JANUS_BINARY || 'janus',
    url,
    adminKey: env.JANUS_ADMIN_KEY || undefined,
    deviceUrl,
    recordingsDir: recordings,
    rtpPortRange: ports,
    iceServers: iceServers(env.ICE_SERVERS),
    // Issue 16 (authentication): TURN REST credentials, as coturn's use-auth-secret checks them.
    turn: { secret: env.TURN_SECRET || undefined, ttlSeconds: integer(env, 'TURN_TTL', 86400, 60) },
  };
}

/** TRUST_PROXY: unset or false, true (any: only behind a proxy that always sets the headers), or addresses. */
function trustProxy(raw: string | undefined): InputConfig['trustProxy'] {
  const value = raw?.trim().toLowerCase();
  if (!value || ['0', 'false', 'no', 'off'].includes(value)) return false;
  if (['true', 'yes', 'on'].includes(value)) return true;
  const addresses = value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const bad = addresses.find(
    (a) => !/^([\da-f.:]+(\/\d{1,3})?|loopback|linklocal|uniquelocal)$/.test(a),
  );
  if (bad)
    throw new ConfigError(
      `TRUST_PROXY must be true, false or a list of proxy addresses, got '${bad}'`,
    );
  return addresses;
}

/** SMTP_URL: smtp:// or smtps://, checked here so a typo stops the start. */
function smtpUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('SMTP_URL must be an address such as smtp://user:pass@mail.example:587');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new ConfigError(`SMTP_URL must start with smtp:// or smtps://, got '${url.protocol}'`);
  return raw;
}

/** Reads the configuration from the environment; every setting has a default (see README). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const port = integer(env, 'PORT', 3000, 0);
  if (port > 65535) throw new ConfigError(`PORT must be at most 65535, got ${port}`);
  const serverProcesses = integer(env, 'SERVER_PROCESSES', 1, 1);
  if (serverProcesses > 64)
    throw new ConfigError(`SERVER_PROCESSES must be at most 64, got ${serverProcesses}`);
  return {
    host: env.HOST || '127.0.0.1',
    port,
    dataDir: path.resolve(cwd, env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReplicaUrl: env.DATABASE_REPLICA_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL', 15 * 60),
    refreshTokenTtlSeconds: integer(env, 'REFRESH_TOKEN_TTL', 30 * 24 * 3600),
    sessionCacheSeconds: integer(env, 'SESSION_CACHE', 5, 0),
    // Issue 18 §3: longer than a device's 10-30 s between batches, or nearly every batch asks.
    deviceAuthCacheSeconds: integer(env, 'DEVICE_AUTH_CACHE', 30, 0),
    logLevel: env.LOG_LEVEL || 'info',
    timezone: zone(env.TIMEZONE || 'Europe/Amsterdam'),
    serverProcesses,
    engineWorkers: integer(env, 'ENGINE_WORKERS', 3, 0),
    engineThread: engineThread(env, os.availableParallelism()),
    engineProfileFile: env.ENGINE_PROFILE || undefined,
    seedDemo: flag(env, 'SEED_DEMO', true),
    webDist: path.resolve(cwd, env.WEB_DIST || 'apps/web/dist'),
    mapStyleUrl: env.MAP_STYLE_URL || null,
    login: {
      windowSeconds: integer(env, 'LOGIN_WINDOW', 15 * 60),
      maxPerAccount: integer(env, 'LOGIN_MAX_PER_ACCOUNT', 5),
      maxPerAddress: integer(env, 'LOGIN_MAX_PER_ADDRESS', 30),
    },
    geocoder: geocoder(env),
    media: media(env),
    videoGateway: videoGateway(env, path.resolve(cwd, env.DATA_DIR || 'data')),
    monitoring: {
      publicBaseUrl: publicBaseUrl(env, port),
      tokenHours: integer(env, 'MONITORING_TOKEN_HOURS', 24),
      jobSeconds: integer(env, 'MONITORING_JOB_SECONDS', 5, 0),
      webhookTimeoutMs: integer(env, 'WEBHOOK_TIMEOUT', 5000),
    },
    rawData: { jobMinutes: integer(env, 'RAW_DATA_JOB_MINUTES', 60, 0) },
    safety: { jobSeconds: integer(env, 'SAFETY_JOB_SECONDS', 60, 0) },
    sync: {
      jobSeconds: integer(env, 'SYNC_JOB_SECONDS', 10, 0),
      retrySeconds: integer(env, 'SYNC_RETRY_SECONDS', 60),
      timeoutMs: integer(env, 'SYNC_TIMEOUT', 15_000, 100),
    },
    // Issue 16, database faults.
    database: {
      connectMs: integer(env, 'DB_CONNECT_TIMEOUT', 3000, 0),
      statementMs: integer(env, 'DB_STATEMENT_TIMEOUT', 600_000, 0),
      idleInTransactionMs: integer(env, 'DB_IDLE_IN_TRANSACTION_TIMEOUT', 60_000, 0),
    },
    // Issue 18 §3: ingestion and the engine on pools of their own beside the main pool of 10
    // (user requests and everything else). Device batches are stored `connections` at a time,
    // `queue` more wait; beyond, 503 with Retry-After (nothing taken, so nothing lost).
    ingest: {
      connections: integer(env, 'INGEST_CONNECTIONS', 4),
      queue: integer(env, 'INGEST_QUEUE', 500, 0),
      retryAfterSeconds: integer(env, 'INGEST_RETRY_AFTER', 5),
    },
    engineConnections: integer(env, 'ENGINE_CONNECTIONS', 3, 0),
    outbound: { allow: outboundAllow(env) },
    // Issue 16, input limits.
    input: {
      bodyTimeoutSeconds: integer(env, 'BODY_TIMEOUT', 30),
      bodyMinBytesPerSecond: integer(env, 'BODY_MIN_RATE', 8 * 1024),
      mediaQuotaBytes: integer(env, 'MEDIA_QUOTA_BYTES', 50 * 1024 ** 3),
      uploadsPerMinute: integer(env, 'MEDIA_UPLOADS_PER_MINUTE', 30),
      uploadBytesPerHour: integer(env, 'MEDIA_UPLOAD_BYTES_PER_HOUR', 5 * 1024 ** 3),
      trustProxy: trustProxy(env.TRUST_PROXY),
    },
    // Identity (issue 16): two tabs refreshing at once both get the one new pair.
    refreshGraceSeconds: integer(env, 'REFRESH_GRACE', 10, 0),
    // Identity (issue 16): "identifier taken" is an answer about other tenants; bound its rate.
    identifierClashesPerHour: integer(env, 'IDENTIFIER_CLASHES_PER_HOUR', 20),
    // Issue 16: heavy work (db/heavy-work.ts). The pool has 10 connections; heavy calls take
    // at most `connections` of them, the rest stay for everything else. One at a time: a heavy
    // report keeps a core busy, and two of them on two cores left nothing for other requests.
    heavy: {
      perUser: integer(env, 'HEAVY_CALLS_PER_USER', 4),
      perOrganisation: integer(env, 'HEAVY_CALLS_PER_ORGANISATION', 8),
      connections: integer(env, 'HEAVY_CONNECTIONS', 1),
      reportAssetDays: integer(env, 'HEAVY_REPORT_ASSET_DAYS', 20_000),
    },
    // Issue 18 §3: the same report asked again within seconds is the answer already made.
    reportCache: {
      seconds: integer(env, 'REPORT_CACHE_SECONDS', 5, 0),
      megabytes: integer(env, 'REPORT_CACHE_MB', 64),
    },
    alerts: {
      smtpUrl: smtpUrl(env.SMTP_URL),
      mailFrom: env.MAIL_FROM || 'Fleetwise <alerts@localhost>',
      jobSeconds: integer(env, 'ALERTS_JOB_SECONDS', 15, 0),
    },
    reports: { jobSeconds: integer(env, 'REPORTS_JOB_SECONDS', 300, 0) },
  };
}
