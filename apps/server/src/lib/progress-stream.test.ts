import { describe, expect, it, vi } from 'vitest';
import { HttpError } from './http-error.js';
import { progressLines, type Progress, type ProgressWork } from './progress-stream.js';

type Line = Progress & { n: number };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function collect(
  work: ProgressWork<Line>,
  signal = new AbortController().signal,
  heartbeatMs = 50,
) {
  const log = { error: vi.fn() };
  const lines: Line[] = [];
  for await (const line of progressLines(work, signal, log, heartbeatMs)) {
    expect(line.endsWith('\n')).toBe(true);
    lines.push(JSON.parse(line));
  }
  return { lines, log };
}

describe('progressLines', () => {
  it('sends each report, then the final line', async () => {
    const { lines } = await collect(async (report) => {
      report({ status: 'started', n: 0 });
      report({ status: 'running', n: 1 });
      return { status: 'finished', n: 2 };
    });
    expect(lines).toEqual([
      { status: 'started', n: 0 },
      { status: 'running', n: 1 },
      { status: 'finished', n: 2 },
    ]);
  });

  it('repeats the last line as running while the work is quiet', async () => {
    const { lines } = await collect(async (report) => {
      report({ status: 'started', n: 0 });
      await sleep(180);
      return { status: 'finished', n: 1 };
    });
    expect(lines[0]).toEqual({ status: 'started', n: 0 });
    expect(lines.at(-1)).toEqual({ status: 'finished', n: 1 });
    const beats = lines.slice(1, -1);
    expect(beats.length).toBeGreaterThanOrEqual(2);
    for (const beat of beats) expect(beat).toEqual({ status: 'running', n: 0 });
  });

  it('ends with the last line as failed, with our refusal as it is', async () => {
    const { lines, log } = await collect(async (report) => {
      report({ status: 'started', n: 3 });
      throw new HttpError(409, 'CONFLICT', 'Something moved');
    });
    expect(lines.at(-1)).toEqual({ status: 'failed', n: 3, message: 'Something moved' });
    expect(log.error).not.toHaveBeenCalled();
  });

  it('logs anything else and does not show it', async () => {
    const { lines, log } = await collect(async () => {
      throw new Error('relation "secret_table" does not exist');
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.status).toBe('failed');
    expect(lines[0]!.message).not.toContain('secret_table');
    expect(log.error).toHaveBeenCalledOnce();
  });

  it('says cancelled, without an error in the log, when the client went away', async () => {
    const controller = new AbortController();
    const { lines, log } = await collect(async (report, signal) => {
      report({ status: 'started', n: 0 });
      controller.abort();
      if (signal.aborted) throw new Error('cancelled');
      return { status: 'finished', n: 1 };
    }, controller.signal);
    expect(lines.at(-1)).toMatchObject({ status: 'failed', message: 'Cancelled' });
    expect(log.error).not.toHaveBeenCalled();
  });
});
