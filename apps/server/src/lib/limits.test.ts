import { describe, expect, it } from 'vitest';
import { AbortedWhileWaiting, ConcurrencyLimits, Slots, type Admission } from './limits.js';

type Step =
  | { start: [user: number, organisation: number]; at: number; expect: 'ok' | Refusal }
  | { end: number; at: number };
type Refusal = { scope: 'user' | 'organisation'; retryAfter: number };

const cases: { name: string; perUser: number; perOrganisation: number; steps: Step[] }[] = [
  {
    name: 'the fifth call of one user is refused, the first four run',
    perUser: 4,
    perOrganisation: 8,
    steps: [
      { start: [1, 10], at: 0, expect: 'ok' },
      { start: [1, 10], at: 0, expect: 'ok' },
      { start: [1, 10], at: 0, expect: 'ok' },
      { start: [1, 10], at: 0, expect: 'ok' },
      // estimate 5 s, the oldest has run 1 s: 4 s
      { start: [1, 10], at: 1000, expect: { scope: 'user', retryAfter: 4 } },
      // another user of the organisation, another tenant
      { start: [2, 10], at: 1000, expect: 'ok' },
      { start: [3, 20], at: 1000, expect: 'ok' },
    ],
  },
  {
    name: 'an organisation is limited across its users',
    perUser: 2,
    perOrganisation: 3,
    steps: [
      { start: [1, 10], at: 0, expect: 'ok' },
      { start: [2, 10], at: 0, expect: 'ok' },
      { start: [3, 10], at: 0, expect: 'ok' },
      { start: [4, 10], at: 500, expect: { scope: 'organisation', retryAfter: 5 } },
      { start: [5, 11], at: 500, expect: 'ok' },
    ],
  },
  {
    name: 'an ended call frees its place, once, and teaches the estimate',
    perUser: 1,
    perOrganisation: 5,
    steps: [
      { start: [1, 10], at: 0, expect: 'ok' },
      { end: 0, at: 20_000 },
      { end: 0, at: 21_000 },
      // estimate 5 + 0.3 × (20 − 5) = 9.5 s
      { start: [1, 10], at: 20_000, expect: 'ok' },
      { start: [1, 10], at: 21_000, expect: { scope: 'user', retryAfter: 9 } },
    ],
  },
  {
    name: 'Retry-After is at least 1 s and at most 60 s',
    perUser: 1,
    perOrganisation: 5,
    steps: [
      { start: [1, 10], at: 0, expect: 'ok' },
      { start: [1, 10], at: 30_000, expect: { scope: 'user', retryAfter: 1 } },
      { end: 0, at: 1_000_000 },
      { start: [1, 10], at: 1_000_000, expect: 'ok' },
      { start: [1, 10], at: 1_000_000, expect: { scope: 'user', retryAfter: 60 } },
    ],
  },
];

describe('ConcurrencyLimits', () => {
  it.each(cases)('$name', ({ perUser, perOrganisation, steps }) => {
    const limits = new ConcurrencyLimits({ perUser, perOrganisation, initialEstimateMs: 5000 });
    const admitted: Admission[] = [];
    for (const step of steps) {
      if ('end' in step) {
        const a = admitted.filter((x) => x.admitted)[step.end]!;
        if (a.admitted) limits.release(a.ticket, step.at);
        continue;
      }
      const [user, organisation] = step.start;
      const result = limits.admit({ user, organisation }, step.at);
      admitted.push(result);
      if (step.expect === 'ok') expect(result.admitted).toBe(true);
      else
        expect(result).toEqual({
          admitted: false,
          scope: step.expect.scope,
          retryAfterSeconds: step.expect.retryAfter,
        });
    }
  });

  it('counts what runs per user and per organisation', () => {
    const limits = new ConcurrencyLimits({ perUser: 3, perOrganisation: 3 });
    const a = limits.admit({ user: 1, organisation: 10 }, 0);
    limits.admit({ user: 2, organisation: 10 }, 0);
    expect(limits.running('user', 1)).toBe(1);
    expect(limits.running('organisation', 10)).toBe(2);
    if (a.admitted) limits.release(a.ticket, 10);
    expect(limits.running('user', 1)).toBe(0);
    expect(limits.running('organisation', 10)).toBe(1);
  });
});

describe('Slots', () => {
  it('holds at most its size, and hands a freed slot to the first waiter', async () => {
    const slots = new Slots(2);
    const order: string[] = [];
    const a = await slots.acquire();
    const b = await slots.acquire();
    const c = slots.acquire().then((release) => (order.push('c'), release));
    const d = slots.acquire().then((release) => (order.push('d'), release));
    expect([slots.holders, slots.waiting]).toEqual([2, 2]);
    a();
    a(); // twice is once
    const releaseC = await c;
    expect(order).toEqual(['c']);
    expect([slots.holders, slots.waiting]).toEqual([2, 1]);
    b();
    (await d)();
    releaseC();
    expect([slots.holders, slots.waiting]).toEqual([0, 0]);
  });

  it('lets a waiter whose signal aborts leave the queue', async () => {
    const slots = new Slots(1);
    const release = await slots.acquire();
    const controller = new AbortController();
    const waiting = slots.acquire(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(AbortedWhileWaiting);
    expect(slots.waiting).toBe(0);
    release();
    expect(slots.holders).toBe(0);
    await expect(slots.acquire(controller.signal)).rejects.toBeInstanceOf(AbortedWhileWaiting);
  });
});
