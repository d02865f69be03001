import { expect, it } from 'vitest';
import type { DeviceLogins } from '../devices/index.js';
import { isOnline } from '../../db/fleet-rows.js';
import { issueCredential } from '../devices/index.js';
import { DeviceAuthService, LAST_SEEN_EVERY_SECONDS } from './device-auth.js';

it('writes last_seen_at at most every LAST_SEEN_EVERY_SECONDS per device: at once when it comes online, else gathered', async () => {
  const writes: number[][] = [];
  const repository = {
    touchLastSeen: async (ids: number[]) => void writes.push(ids),
  } as unknown as DeviceLogins;
  const auth = new DeviceAuthService(repository);
  const t0 = 1_000_000;
  const period = LAST_SEEN_EVERY_SECONDS * 1000;
  // [device, ms since t0, the writes made at once so far]
  const calls: [number, number, number[][]][] = [
    [1, 0, [[1]]], // first heard: online now
    [1, 1000, [[1]]], // within the period: nothing
    [2, 1000, [[1], [2]]],
    [1, period - 1, [[1], [2]]],
    [1, period, [[1], [2]]], // a refresh: gathered
    [2, period + 1000, [[1], [2]]], // gathered with device 1's
    [1, 4 * period, [[1], [2], [1]]], // silent for two periods and more: online again, at once
  ];
  for (const [id, at, expected] of calls) {
    await auth.seen(id, t0 + at);
    expect(writes).toEqual(expected);
  }
  await auth.flush();
  expect(writes).toEqual([[1], [2], [1], [1, 2]]);
});

it.each([
  [null, false],
  [0, true],
  [89, true],
  [90, true],
  [91, false],
])('heard from %s s ago: online %s', (secondsAgo, online) => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  const lastSeen = secondsAgo === null ? null : new Date(now - secondsAgo * 1000);
  expect(isOnline(lastSeen, now)).toBe(online);
});

it('remembers a credential for cacheSeconds, and forgets it at once when told', async () => {
  const { credential, hash } = issueCredential(7);
  const asked: number[][] = [];
  const repository = {
    credentialHashes: async (ids: number[]) => (
      asked.push(ids),
      new Map(ids.filter((id) => id === 7).map((id) => [id, hash]))
    ),
  } as unknown as DeviceLogins;
  const auth = new DeviceAuthService(repository, 5);
  const t0 = 1_000_000;
  // [what happens, ms since t0, the answer, database questions so far]
  const steps: [string, number, number | undefined, number][] = [
    ['first call', 0, 7, 1],
    ['remembered', 4_999, 7, 1],
    ['expired', 5_000, 7, 2],
    ['forgotten', 5_001, 7, 3],
  ];
  for (const [what, at, answer, questions] of steps) {
    if (what === 'forgotten') auth.forget(7);
    expect(await auth.authenticate(credential, t0 + at), what).toBe(answer);
    expect(asked.length, what).toBe(questions);
  }
  // A wrong credential is never remembered: each try asks.
  const wrong = issueCredential(7).credential;
  expect(await auth.authenticate(wrong, t0)).toBeUndefined();
  expect(await auth.authenticate(wrong, t0)).toBeUndefined();
  // Nor is a credential of a device that does not exist, nor text that is not a credential.
  expect(await auth.authenticate(issueCredential(8).credential, t0)).toBeUndefined();
  expect(await auth.authenticate('dev_7_', t0)).toBeUndefined();
  expect(asked.length).toBe(6);
});

it('checks the credentials of devices calling at once in one statement, and writes their coming online in one', async () => {
  const issued = Array.from({ length: 50 }, (_, i) => issueCredential(i + 1));
  const asked: number[][] = [];
  const writes: number[][] = [];
  const repository = {
    credentialHashes: async (ids: number[]) => {
      asked.push(ids);
      // Device 50 has been given another credential since.
      return new Map(
        ids.map((id) => [id, id === 50 ? issueCredential(50).hash : issued[id - 1]!.hash]),
      );
    },
    touchLastSeen: async (ids: number[]) => void writes.push(ids),
  } as unknown as DeviceLogins;
  const auth = new DeviceAuthService(repository, 30);
  const t0 = 1_000_000;
  // Every device reconnects at once: the first is asked alone, the others together after it.
  const ids = await Promise.all(issued.map(({ credential }) => auth.authenticate(credential, t0)));
  expect(ids).toEqual([...issued.slice(0, 49).map((_, i) => i + 1), undefined]);
  expect(asked.map((run) => run.length)).toEqual([1, 49]);
  await Promise.all(ids.slice(0, 49).map((id) => auth.seen(id!, t0)));
  expect(writes.map((run) => run.length)).toEqual([1, 48]);
});
