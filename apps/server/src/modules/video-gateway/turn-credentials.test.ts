import { describe, expect, it } from 'vitest';
import { iceServersFor, publicIceServers, turnCredential, turnExpiry } from './turn-credentials.js';

// Expected passwords from openssl, independently:
//   echo -n "$username" | openssl dgst -sha1 -hmac "$secret" -binary | base64
describe('turnCredential: the TURN REST scheme (coturn use-auth-secret)', () => {
  it.each([
    ['north', 'monitoring-12', 1700000000, 'tFPo1wx5X0zhZeCFSSRRBzWwggM='],
    ['north', 'user-1', 1433895918, 'DFQvkkUWaOuKAEreMRv4tmOB5Fc='],
    ['a long shared secret', 'device-3', 1700000000, '6vpnt0UlvwCgDQIpcrjW7HhUSIA='],
  ])('secret %j, caller %s, expiry %i → %s', (secret, caller, expiry, credential) => {
    expect(turnCredential(secret, caller, expiry)).toEqual({
      username: `${expiry}:${caller}`,
      credential,
    });
  });
});

describe('turnExpiry: at least the ttl, the same for a while', () => {
  it.each([
    // now (ms), ttl (s), expiry (s): steps of ttl/4, at most an hour
    [1_700_000_000_000, 86400, 1_700_089_200],
    [1_700_000_001_000, 86400, 1_700_089_200],
    [1_700_000_000_000, 600, 1_700_000_700],
    [1_700_000_149_000, 600, 1_700_000_850],
    [1_700_000_000_000, 60, 1_700_000_070],
  ])('now %i, ttl %i → %i', (now, ttl, expiry) => {
    expect(turnExpiry(now, ttl)).toBe(expiry);
    expect(expiry - now / 1000).toBeGreaterThanOrEqual(ttl);
  });
});

describe('ICE servers: who gets which', () => {
  const servers = [
    { urls: 'stun:stun.example.com:3478' },
    {
      urls: ['turn:turn.example.com:3478', 'turns:turn.example.com:5349'],
      username: 'u',
      credential: 'static',
    },
  ];
  it('answers anyone STUN only', () => {
    expect(publicIceServers(servers)).toEqual([{ urls: 'stun:stun.example.com:3478' }]);
  });
  it('answers a viewer the servers as configured without a secret', () => {
    expect(iceServersFor(servers, { ttlSeconds: 600 }, 'user-1')).toEqual(servers);
  });
  it('mints a credential of the caller for every TURN server with a secret', () => {
    const now = 1_700_000_000_000;
    const expiry = turnExpiry(now, 600);
    expect(iceServersFor(servers, { secret: 'north', ttlSeconds: 600 }, 'user-1', now)).toEqual([
      { urls: 'stun:stun.example.com:3478' },
      { urls: servers[1]!.urls, ...turnCredential('north', 'user-1', expiry) },
    ]);
  });
});
