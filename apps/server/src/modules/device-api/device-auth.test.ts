import { expect, it } from 'vitest';
import type { DeviceLogins } from '../devices/index.js';
import { isOnline } from '../../db/fleet-rows.js';
import { DeviceAuthService, LAST_SEEN_EVERY_SECONDS } from './device-auth.js';

it('writes last_seen_at at most every LAST_SEEN_EVERY_SECONDS per device', async () => {
  const writes: number[] = [];
  const repository = {
    touchLastSeen: async (id: number) => void writes.push(id),
  } as unknown as DeviceLogins;
  const auth = new DeviceAuthService(repository);
  const t0 = 1_000_000;
  for (const [id, at] of [
    [1, 0],
    [1, 1000],
    [2, 1000],
    [1, LAST_SEEN_EVERY_SECONDS * 1000 - 1],
    [1, LAST_SEEN_EVERY_SECONDS * 1000],
  ] as const)
    await auth.seen(id, t0 + at);
  expect(writes).toEqual([1, 2, 1]);
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
