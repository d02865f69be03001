import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

/** Issue 16's settings: slow bodies, the upload quota and rate, the proxy in front. */
describe('loadConfig: input limits', () => {
  it('has generous defaults and trusts no proxy', () => {
    expect(loadConfig({}).input).toEqual({
      bodyTimeoutSeconds: 30,
      bodyMinBytesPerSecond: 8192,
      mediaQuotaBytes: 50 * 1024 ** 3,
      uploadsPerMinute: 30,
      uploadBytesPerHour: 5 * 1024 ** 3,
      trustProxy: false,
    });
  });

  it.each([
    ['false', false],
    ['true', true],
    ['10.0.0.5', ['10.0.0.5']],
    ['127.0.0.1, 10.0.0.0/8,::1', ['127.0.0.1', '10.0.0.0/8', '::1']],
    ['loopback', ['loopback']],
  ])('reads TRUST_PROXY=%s', (raw, expected) => {
    expect(loadConfig({ TRUST_PROXY: raw }).input.trustProxy).toEqual(expected);
  });

  it.each([
    [
      { TRUST_PROXY: 'proxy.example.com' },
      "TRUST_PROXY must be true, false or a list of proxy addresses, got 'proxy.example.com'",
    ],
    [{ BODY_TIMEOUT: '0' }, "BODY_TIMEOUT must be an integer of at least 1, got '0'"],
    [
      { MEDIA_QUOTA_BYTES: 'lots' },
      "MEDIA_QUOTA_BYTES must be an integer of at least 1, got 'lots'",
    ],
  ])('refuses %o with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });
});
