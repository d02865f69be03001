import { describe, expect, it } from 'vitest';
import { ConfigError, engineThread, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has a default for everything', () => {
    const config = loadConfig({}, '/srv/fleet');
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      dataDir: '/srv/fleet/data',
      databaseUrl: undefined,
      jwtSecret: undefined,
      accessTokenTtlSeconds: 900,
      seedDemo: true,
      webDist: '/srv/fleet/apps/web/dist',
    });
  });

  it.each([
    [{ PORT: '8080' }, { port: 8080 }],
    [{ DATA_DIR: '/var/lib/fleet' }, { dataDir: '/var/lib/fleet' }],
    [{ DATABASE_URL: 'postgres://db/fleet' }, { databaseUrl: 'postgres://db/fleet' }],
    [{}, { databaseReplicaUrl: undefined }],
    [
      { DATABASE_REPLICA_URL: 'postgres://replica/fleet' },
      { databaseReplicaUrl: 'postgres://replica/fleet' },
    ],
    [{ SEED_DEMO: 'false' }, { seedDemo: false }],
    [{ ACCESS_TOKEN_TTL: '60' }, { accessTokenTtlSeconds: 60 }],
    [
      {},
      { geocoder: { kind: 'offline', url: undefined, googleMapsKey: undefined, timeoutMs: 3000 } },
    ],
    [
      { GEOCODER: 'nominatim', GEOCODER_URL: 'http://nominatim.local:8080' },
      { geocoder: { kind: 'nominatim', url: 'http://nominatim.local:8080' } },
    ],
    [
      { GEOCODER: 'google', GOOGLE_MAPS_KEY: 'key', GEOCODER_TIMEOUT: '1500' },
      { geocoder: { kind: 'google', googleMapsKey: 'key', timeoutMs: 1500 } },
    ],
    [{}, { media: { maxBytes: 200 * 1024 * 1024, jobMinutes: 60, store: { kind: 'local' } } }],
    [{}, { media: { linkSeconds: 300 } }],
    [{ MEDIA_LINK_TTL: '60' }, { media: { linkSeconds: 60 } }],
    [
      {
        MEDIA_STORE: 's3',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_BUCKET: 'media',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        MEDIA_MAX_BYTES: '1000',
      },
      {
        media: {
          maxBytes: 1000,
          store: {
            kind: 's3',
            endpoint: 'http://127.0.0.1:9000',
            bucket: 'media',
            region: 'us-east-1',
            accessKeyId: 'id',
            secretAccessKey: 'secret',
          },
        },
      },
    ],
  ])('reads %o', (env, expected) => {
    expect(loadConfig(env, '/srv/fleet')).toMatchObject(expected);
  });

  it.each([
    [{ PORT: 'eighty' }, "PORT must be an integer of at least 0, got 'eighty'"],
    [{ PORT: '70000' }, 'PORT must be at most 65535, got 70000'],
    [{ ACCESS_TOKEN_TTL: '0' }, "ACCESS_TOKEN_TTL must be an integer of at least 1, got '0'"],
    [{ SEED_DEMO: 'maybe' }, "SEED_DEMO must be true or false, got 'maybe'"],
    [{ GEOCODER: 'bing' }, "GEOCODER must be one of offline, nominatim, google, got 'bing'"],
    [{ GEOCODER: 'google' }, 'GEOCODER=google needs GOOGLE_MAPS_KEY'],
    [
      { GEOCODER_URL: 'nominatim.local' },
      "GEOCODER_URL must be an http(s) address, got 'nominatim.local'",
    ],
    [{ MEDIA_STORE: 'ftp' }, "MEDIA_STORE must be local or s3, got 'ftp'"],
    [{ MEDIA_STORE: 's3' }, "S3_ENDPOINT must be an http(s) address, got ''"],
    [
      { MEDIA_STORE: 's3', S3_ENDPOINT: 'https://s3.example.com' },
      'MEDIA_STORE=s3 needs S3_BUCKET',
    ],
    [{ MEDIA_MAX_BYTES: '0' }, "MEDIA_MAX_BYTES must be an integer of at least 1, got '0'"],
    [{ MEDIA_LINK_TTL: '5' }, "MEDIA_LINK_TTL must be an integer of at least 10, got '5'"],
  ])('refuses %o with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });

  it.each([
    [{}, 2, false],
    [{}, 4, true],
    [{ ENGINE_THREAD: 'auto' }, 2, false],
    [{ ENGINE_THREAD: 'AUTO' }, 8, true],
    [{ ENGINE_THREAD: 'on' }, 2, true],
    [{ ENGINE_THREAD: 'off' }, 8, false],
    [{ ENGINE_THREAD: '' }, 4, true],
  ])('ENGINE_THREAD %o on %i cores: %s', (env, cores, expected) => {
    expect(engineThread(env, cores)).toBe(expected);
  });

  it('refuses an ENGINE_THREAD that is not on, off or auto', () => {
    expect(() => loadConfig({ ENGINE_THREAD: 'sometimes' })).toThrow(
      new ConfigError("ENGINE_THREAD must be on, off or auto, got 'sometimes'"),
    );
  });
});
