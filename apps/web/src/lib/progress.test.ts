import { describe, expect, it } from 'vitest';
import { deletionPercent, importPercent, splitLines } from './progress';

describe('splitLines', () => {
  it.each([
    ['', [], ''],
    ['{"a":1}', [], '{"a":1}'],
    ['{"a":1}\n', ['{"a":1}'], ''],
    ['{"a":1}\n{"b":', ['{"a":1}'], '{"b":'],
    ['{"a":1}\n\n{"b":2}\n', ['{"a":1}', '{"b":2}'], ''],
    ['{"a":1}\r\n{"b":2}\r\n', ['{"a":1}', '{"b":2}'], ''],
  ])('%j → %j, keeping %j', (buffer, lines, rest) => {
    expect(splitLines(buffer)).toEqual({ lines, rest });
  });

  it('puts a line cut across chunks back together', () => {
    const chunks = ['{"status":"sta', 'rted"}\n{"status":"run', 'ning"}\n'];
    let buffer = '';
    const lines: string[] = [];
    for (const chunk of chunks) {
      const split = splitLines(buffer + chunk);
      buffer = split.rest;
      lines.push(...split.lines);
    }
    expect(lines.map((l) => JSON.parse(l).status)).toEqual(['started', 'running']);
    expect(buffer).toBe('');
  });
});

describe('deletionPercent', () => {
  it.each([
    [null, 0],
    [{ status: 'started', done: 0, steps: 0 }, 0],
    [{ status: 'running', done: 0, steps: 143 }, 0],
    [{ status: 'running', done: 50, steps: 200 }, 25],
    [{ status: 'running', done: 143, steps: 143 }, 100],
    [{ status: 'finished', done: 3, steps: 3 }, 100],
    // a failed deletion rolled back: the bar stays where it stopped
    [{ status: 'failed', done: 1, steps: 3 }, 33],
  ] as const)('%j is %i %', (progress, percent) => {
    expect(deletionPercent(progress)).toBe(percent);
  });
});

describe('importPercent', () => {
  const line = (over: object) => ({
    status: 'running' as const,
    devices: 4,
    reattributed: 0,
    total: 0,
    remaining: 0,
    ...over,
  });
  it.each([
    ['nothing yet', null, 0],
    ['started', line({ status: 'started' }), 0],
    ['half the devices', line({ reattributed: 2 }), 10],
    ['every device, nothing queued yet', line({ reattributed: 4 }), 20],
    ['rebuilding: none done', line({ reattributed: 4, total: 10, remaining: 10 }), 20],
    ['rebuilding: half', line({ reattributed: 4, total: 10, remaining: 5 }), 60],
    ['rebuilding: all', line({ reattributed: 4, total: 10, remaining: 0 }), 100],
    [
      'live trucks queued more than the total',
      line({ reattributed: 4, total: 10, remaining: 12 }),
      20,
    ],
    ['no devices at all', line({ devices: 0 }), 20],
    ['finished', line({ status: 'finished', reattributed: 4, total: 10 }), 100],
  ] as const)('%s: %j is %i %', (_, progress, percent) => {
    expect(importPercent(progress)).toBe(percent);
  });
});
