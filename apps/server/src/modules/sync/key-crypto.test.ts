import { describe, expect, it } from 'vitest';
import { sameHash } from '../../lib/same-hash.js';
import { issueApiKey, parseApiKey, prefixOf } from './api-key-tokens.js';
import { KeyCrypto } from './key-crypto.js';

describe('KeyCrypto', () => {
  const crypto = new KeyCrypto('a signing secret');

  it('opens what it sealed for the same organisation', () => {
    const sealed = crypto.encrypt('fwk_1_secret-key', 7);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('secret-key');
    expect(crypto.decrypt(sealed, 7)).toBe('fwk_1_secret-key');
  });

  it('seals the same key differently each time', () => {
    expect(crypto.encrypt('k', 1)).not.toBe(crypto.encrypt('k', 1));
  });

  it.each([
    ['another organisation', (s: string) => [s, 8] as const],
    ['another secret', (s: string) => [s, 7, new KeyCrypto('another secret')] as const],
    [
      'a changed byte',
      (s: string) => [s.slice(0, -3) + (s.at(-3) === 'A' ? 'B' : 'A') + s.slice(-2), 7] as const,
    ],
    ['another version', (s: string) => ['v2' + s.slice(2), 7] as const],
    ['garbage', () => ['not sealed', 7] as const],
  ])('does not open with %s', (_, change) => {
    const [text, organisationId, other] = change(crypto.encrypt('fwk_1_secret-key', 7)) as [
      string,
      number,
      KeyCrypto?,
    ];
    expect((other ?? crypto).decrypt(text, organisationId)).toBeUndefined();
  });
});

describe('API key tokens', () => {
  it('issues keys that parse back to their id and hash', () => {
    const issued = issueApiKey(12);
    expect(issued.key).toMatch(/^fwk_12_[\w-]{43}$/);
    expect(issued.prefix).toBe(`fwk_12_${issued.key.slice(7, 11)}…`);
    expect(parseApiKey(issued.key)).toEqual({ id: 12, hash: issued.hash });
    expect(sameHash(parseApiKey(issued.key)!.hash, issued.hash)).toBe(true);
  });

  it.each([
    '',
    'fwk_12_short',
    'dev_12_' + 'a'.repeat(43),
    'fwk_0_' + 'a'.repeat(43),
    'fwk_9999999999_' + 'a'.repeat(43),
    ' fwk_1_' + 'a'.repeat(43),
  ])('refuses %j', (text) => {
    expect(parseApiKey(text)).toBeUndefined();
    expect(prefixOf(text)).toBe('');
  });

  it('compares hashes of other lengths as different', () => {
    expect(sameHash('ab', 'abcd')).toBe(false);
    expect(sameHash('', '')).toBe(false);
  });
});
