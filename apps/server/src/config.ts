import path from 'node:path';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /** Unset: the app starts its own embedded PostgreSQL under dataDir. */
  databaseUrl: string | undefined;
  /** Unset: a secret is generated once and kept under dataDir. */
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  logLevel: string;
  /** The fleet's time zone: local days of reports, calendars and rollups. */
  timezone: string;
  /** Engine workers per process draining the re-computation queue; 0 for none. */
  engineWorkers: number;
  seedDemo: boolean;
  webDist: string;
  login: { windowSeconds: number; maxPerAccount: number; maxPerAddress: number };
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

/** Reads the configuration from the environment; every setting has a default (see README). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const port = integer(env, 'PORT', 3000, 0);
  if (port > 65535) throw new ConfigError(`PORT must be at most 65535, got ${port}`);
  return {
    host: env.HOST || '127.0.0.1',
    port,
    dataDir: path.resolve(cwd, env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL', 15 * 60),
    refreshTokenTtlSeconds: integer(env, 'REFRESH_TOKEN_TTL', 30 * 24 * 3600),
    logLevel: env.LOG_LEVEL || 'info',
    timezone: zone(env.TIMEZONE || 'Europe/Amsterdam'),
    engineWorkers: integer(env, 'ENGINE_WORKERS', 2, 0),
    seedDemo: flag(env, 'SEED_DEMO', true),
    webDist: path.resolve(cwd, env.WEB_DIST || 'apps/web/dist'),
    login: {
      windowSeconds: integer(env, 'LOGIN_WINDOW', 15 * 60),
      maxPerAccount: integer(env, 'LOGIN_MAX_PER_ACCOUNT', 5),
      maxPerAddress: integer(env, 'LOGIN_MAX_PER_ADDRESS', 30),
    },
  };
}
