import { describe, expect, it } from 'vitest';
import { Outage, OutageLog } from './outage.js';

describe('Outage: back off, and say so once per outage and once when it is over', () => {
  type Event = 'fail' | 'ok';
  it.each<[string, Event[], { waits: number[]; lines: (string | null)[] }]>([
    ['all well', ['ok', 'ok'], { waits: [0, 0], lines: [null, null] }],
    [
      'one outage of four failures',
      ['fail', 'fail', 'fail', 'fail', 'ok', 'ok'],
      {
        waits: [500, 1000, 2000, 3000, 0, 0],
        lines: ['warn', null, null, null, 'info', null],
      },
    ],
    [
      'the wait stays at its maximum',
      ['fail', 'fail', 'fail', 'fail', 'fail', 'fail'],
      { waits: [500, 1000, 2000, 3000, 3000, 3000], lines: ['warn', null, null, null, null, null] },
    ],
    [
      'two outages: two warnings, two ends, the wait starts small again',
      ['fail', 'fail', 'ok', 'fail', 'ok'],
      { waits: [500, 1000, 0, 500, 0], lines: ['warn', null, 'info', 'warn', 'info'] },
    ],
  ])('%s', (_name, events, expected) => {
    let now = 0;
    const outage = new Outage('engine', () => now);
    const steps = events.map((event) => {
      now += 1000;
      return event === 'fail' ? outage.failed('gone') : outage.succeeded();
    });
    expect(steps.map((s) => s.waitMs)).toEqual(expected.waits);
    expect(steps.map((s) => s.line?.level ?? null)).toEqual(expected.lines);
  });

  it('names the worker, the reason, and how long it lasted', () => {
    let now = 0;
    const outage = new Outage('engine', () => now);
    expect(outage.failed('57P01 terminating connection').line).toEqual({
      level: 'warn',
      message: 'engine: the database is unavailable; backing off until it is back',
      reason: '57P01 terminating connection',
    });
    outage.failed('again');
    now = 4200;
    expect(outage.succeeded().line?.message).toBe(
      'engine: the database is back after 4.2 s (2 failed tries); working again',
    );
  });
});

describe('OutageLog', () => {
  const logger = () => {
    const lines: string[] = [];
    return {
      lines,
      log: {
        warn: (_: object, message: string) => lines.push(`warn ${message}`),
        info: (message: string) => lines.push(`info ${message}`),
      },
    };
  };

  it('takes a lost connection as an outage and any other error as not its business', () => {
    const { lines, log } = logger();
    const outage = new OutageLog('sync', log);
    expect(outage.failed(new Error('duplicate key'))).toBeUndefined();
    expect(outage.failed(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(500);
    expect(outage.failed(new Error('Connection terminated unexpectedly'))).toBe(1000);
    outage.succeeded();
    outage.succeeded();
    expect(lines).toEqual([
      'warn sync: the database is unavailable; backing off until it is back',
      expect.stringMatching(/^info sync: the database is back after/),
    ]);
  });

  it.each([
    ['a round begun before the outage ends nothing', -1, 1],
    ['a round begun during the outage ends it (and the next failure is a new one)', +1, 3],
  ])('%s', async (_name, offset, count) => {
    const { lines, log } = logger();
    const outage = new OutageLog('jobs', log);
    const lost = Object.assign(new Error('x'), { code: 'ECONNREFUSED' });
    outage.failed(lost);
    const began = Date.now() + offset * 10_000;
    outage.succeededSince(began);
    outage.failed(lost);
    expect(lines).toHaveLength(count);
  });
});
