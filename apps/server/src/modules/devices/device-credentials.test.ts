import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashCredential, issueCredential, parseCredential } from './device-credentials.js';

const SECRET = 'A'.repeat(42) + '_';

describe('issueCredential', () => {
  it('answers dev_<id>_<43 base64url characters> and the sha-256 hex of the whole text', () => {
    const { credential, hash } = issueCredential(42);
    expect(credential).toMatch(/^dev_42_[A-Za-z0-9_-]{43}$/);
    expect(hash).toBe(createHash('sha256').update(credential).digest('hex'));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('never issues the same secret twice', () => {
    const credentials = new Set(Array.from({ length: 100 }, () => issueCredential(1).credential));
    expect(credentials.size).toBe(100);
  });
});

describe('parseCredential', () => {
  it('reads back what issueCredential issued', () => {
    const { credential, hash } = issueCredential(2147483647);
    expect(parseCredential(credential)).toEqual({ deviceId: 2147483647, hash });
  });

  it.each([
    ['dev_7_' + SECRET, 7],
    ['dev_1234_' + SECRET.replaceAll('A', '-'), 1234],
  ])('answers the device id of %s', (text, deviceId) => {
    expect(parseCredential(text)).toEqual({ deviceId, hash: hashCredential(text) });
  });

  it.each([
    ['', 'empty'],
    ['dev_7', 'no secret'],
    ['dev_7_' + SECRET.slice(1), 'secret one short'],
    ['dev_7_' + SECRET + 'A', 'secret one long'],
    ['dev_7_' + SECRET.slice(1) + '=', 'padding'],
    ['dev_7_' + SECRET.slice(1) + '+', 'base64, not base64url'],
    ['dev_0_' + SECRET, 'id 0'],
    ['dev_07_' + SECRET, 'leading zero'],
    ['dev_-7_' + SECRET, 'negative id'],
    ['dev_2147483648_' + SECRET, 'id beyond integer'],
    ['DEV_7_' + SECRET, 'upper-case prefix'],
    [' dev_7_' + SECRET, 'leading space'],
    ['dev_7_' + SECRET + '\n', 'trailing newline'],
    ['Bearer dev_7_' + SECRET, 'with scheme'],
  ])('refuses %j (%s)', (text) => {
    expect(parseCredential(text)).toBeUndefined();
  });
});
