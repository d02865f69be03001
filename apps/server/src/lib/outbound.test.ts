import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isBlockedName,
  isOutboundRefused,
  isPublicAddress,
  OutboundPolicy,
  parseAllowList,
} from './outbound.js';

/** Every address as the URL parser leaves it (new URL('http://2130706433/').hostname is 127.0.0.1). */
const hostOf = (url: string) => new URL(url).hostname.replace(/^\[|\]$/g, '');

describe('isPublicAddress', () => {
  it.each<[string, boolean, string]>([
    // refused
    ['127.0.0.1', false, 'loopback'],
    ['127.255.0.9', false, 'loopback'],
    [hostOf('http://2130706433:1/'), false, 'loopback as one number'],
    [hostOf('http://0x7f.1:1/'), false, 'loopback in hex'],
    [hostOf('http://0:1/'), false, 'unspecified as 0'],
    ['0.0.0.0', false, 'unspecified'],
    ['10.0.0.1', false, 'private'],
    ['172.16.5.4', false, 'private'],
    ['192.168.1.1', false, 'private'],
    ['169.254.169.254', false, 'link-local (cloud metadata)'],
    ['100.64.0.1', false, 'CGNAT'],
    ['100.100.100.200', false, 'CGNAT (a cloud metadata)'],
    ['224.0.0.1', false, 'multicast'],
    ['255.255.255.255', false, 'broadcast'],
    ['192.0.0.192', false, 'IETF reserved (a cloud metadata)'],
    ['198.18.0.1', false, 'benchmarking'],
    ['240.0.0.1', false, 'reserved'],
    ['::1', false, 'IPv6 loopback'],
    ['::', false, 'IPv6 unspecified'],
    [hostOf('http://[::ffff:127.0.0.1]:1/'), false, 'IPv4-mapped loopback'],
    ['::ffff:10.0.0.1', false, 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', false, 'IPv4-mapped link-local'],
    ['::127.0.0.1', false, 'IPv4-compatible loopback'],
    ['::ffff:0:127.0.0.1', false, 'IPv4-translated loopback'],
    ['64:ff9b::127.0.0.1', false, 'NAT64 of loopback'],
    ['64:ff9b::a9fe:a9fe', false, 'NAT64 of the metadata address'],
    ['64:ff9b:1::8.8.8.8', false, 'local-use NAT64'],
    ['2002:7f00:1::', false, '6to4 of loopback'],
    ['2001::1', false, 'Teredo'],
    ['fe80::1', false, 'IPv6 link-local'],
    ['fc00::1', false, 'IPv6 unique local'],
    ['fd00:ec2::254', false, 'IPv6 unique local (cloud metadata)'],
    ['ff02::1', false, 'IPv6 multicast'],
    ['2001:db8::1', false, 'documentation'],
    ['not an address', false, 'not an address'],
    // allowed
    ['8.8.8.8', true, 'public IPv4'],
    ['93.184.215.14', true, 'public IPv4'],
    ['1.1.1.1', true, 'public IPv4'],
    ['2606:4700:4700::1111', true, 'public IPv6'],
    ['2a00:1450:4001:80b::200e', true, 'public IPv6'],
    ['::ffff:8.8.8.8', true, 'IPv4-mapped public'],
    ['64:ff9b::808:808', true, 'NAT64 of a public address'],
    ['2002:808:808::1', true, '6to4 of a public address'],
  ])('%s: %s (%s)', (address, allowed) => {
    expect(isPublicAddress(address)).toBe(allowed);
  });
});

it.each([
  ['localhost', true],
  ['LOCALHOST.', true],
  ['app.localhost', true],
  ['metadata.google.internal', true],
  ['metadata', true],
  ['control.example.com', false],
])('isBlockedName(%s) is %s', (name, blocked) => {
  expect(isBlockedName(name)).toBe(blocked);
});

describe('OUTBOUND_ALLOW', () => {
  const policy = new OutboundPolicy(['10.0.0.0/8', '127.0.0.1', 'controlroom.local', 'fd00::/8']);
  it.each<[string, boolean]>([
    ['10.1.2.3', true],
    ['::ffff:10.1.2.3', true],
    ['11.0.0.1', true], // public anyway
    ['192.168.0.1', false],
    ['127.0.0.1', true],
    ['127.0.0.2', false],
    ['fd12::1', true],
    ['fe80::1', false],
  ])('address %s: %s', (address, allowed) => {
    expect(policy.addressAllowed(address)).toBe(allowed);
  });
  it('allows a listed name whatever it is, and only that name', () => {
    expect(policy.hostAllowed('controlroom.local')).toBe(true);
    expect(policy.hostAllowed('ControlRoom.Local.')).toBe(true);
    expect(policy.hostAllowed('other.local')).toBe(true); // decided by its addresses
    expect(policy.nameAllowed('other.local')).toBe(false);
    expect(new OutboundPolicy().hostAllowed('metadata.google.internal')).toBe(false);
    expect(new OutboundPolicy(['localhost']).hostAllowed('localhost')).toBe(true);
  });
  it.each(['10.0.0.0/99', 'not a host!', 'http://x/'])('refuses the entry %s', (entry) => {
    expect(() => parseAllowList([entry])).toThrow();
  });
});

describe('urlProblem (at save)', () => {
  const policy = new OutboundPolicy();
  it.each([
    'http://127.0.0.1:9000/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://2130706433:1/',
    'http://[::ffff:127.0.0.1]:1/',
    'http://0:1/',
    'http://localhost:3000/',
    'http://[::1]/',
  ])('refuses %s', async (url) => {
    expect(await policy.urlProblem(new URL(url))).toBe('is not an allowed destination');
  });
  it('accepts public addresses and names that do not resolve (yet)', async () => {
    expect(await policy.urlProblem(new URL('https://8.8.8.8/hook'))).toBeUndefined();
    expect(await policy.urlProblem(new URL('https://control.example.invalid/'))).toBeUndefined();
  });
});

describe('the dispatcher checks every connection', () => {
  let server: http.Server;
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      hits++;
      res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const call = (policy: OutboundPolicy, url: string) =>
    request(url, { dispatcher: policy.dispatcher({ timeoutMs: 2000 }) }).then(
      async (r) => {
        await r.body.dump();
        return r.statusCode;
      },
      (error: unknown) => error,
    );

  it('refuses loopback by address and by a name that resolves to it, without connecting', async () => {
    const policy = new OutboundPolicy();
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
    ]) {
      const outcome = await call(policy, url);
      expect(isOutboundRefused(outcome), `${url}: ${String(outcome)}`).toBe(true);
    }
    expect(hits).toBe(0);
  });

  it('checks the addresses a name has when connecting, not when it was saved (rebinding)', async () => {
    // A DNS server under an attacker's control: public at the save, loopback afterwards, or
    // both at once.
    let answer = ['93.184.215.14'];
    const policy = new OutboundPolicy([], async () =>
      answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
    expect(await policy.urlProblem(new URL(`http://rebind.test:${port}/`))).toBeUndefined();
    answer = ['127.0.0.1'];
    expect(isOutboundRefused(await call(policy, `http://rebind.test:${port}/`))).toBe(true);
    answer = ['93.184.215.14', '127.0.0.1'];
    expect(isOutboundRefused(await call(policy, `http://rebind.test:${port}/`))).toBe(true);
    answer = ['::ffff:7f00:1'];
    expect(isOutboundRefused(await call(policy, `http://rebind.test:${port}/`))).toBe(true);
    expect(await policy.urlProblem(new URL(`http://rebind.test:${port}/`))).toBeDefined();
    expect(hits).toBe(0);
  });

  it('connects where the allow-list says so', async () => {
    expect(await call(new OutboundPolicy(['127.0.0.1']), `http://127.0.0.1:${port}/`)).toBe(200);
    expect(await call(new OutboundPolicy(['localhost']), `http://localhost:${port}/`)).toBe(200);
    expect(hits).toBe(2);
  });
});
