import { describe, expect, it } from 'vitest';
import { PollWaiters } from './poll-waiters.js';

describe('PollWaiters', () => {
  it('wakes the device that has a command, not the others', async () => {
    const waiters = new PollWaiters();
    const one = waiters.wait(1, 5000);
    const two = waiters.wait(2, 50);
    waiters.wake(1);
    expect(await one.promise).toBe('woken');
    expect(await two.promise).toBe('timeout');
    expect(waiters.size).toBe(0);
  });

  it('keeps one poll per device: a new one answers the old', async () => {
    const waiters = new PollWaiters();
    const old = waiters.wait(1, 5000);
    const fresh = waiters.wait(1, 5000);
    expect(await old.promise).toBe('replaced');
    expect(waiters.size).toBe(1);
    old.cancel(); // a settled waiter's cancel leaves the new one alone
    expect(waiters.size).toBe(1);
    fresh.cancel();
    expect(await fresh.promise).toBe('timeout');
    expect(waiters.size).toBe(0);
  });

  it('wakes all after a reconnection, and answers all at shutdown', async () => {
    const waiters = new PollWaiters();
    const a = waiters.wait(1, 5000);
    const b = waiters.wait(2, 5000);
    waiters.wakeAll();
    expect([await a.promise, await b.promise]).toEqual(['woken', 'woken']);
    const c = waiters.wait(3, 5000);
    waiters.close();
    expect(await c.promise).toBe('closed');
    expect(await waiters.wait(4, 5000).promise).toBe('closed');
    expect(waiters.size).toBe(0);
  });
});
