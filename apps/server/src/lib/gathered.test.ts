import { expect, it } from 'vitest';
import { Gathered } from './gathered.js';

/** A question whose runs end when told; records the keys of each run. */
function question(fail?: (keys: number[]) => boolean) {
  const runs: number[][] = [];
  const ends: (() => void)[] = [];
  const gathered = new Gathered<number, string>(async (keys) => {
    runs.push(keys);
    await new Promise<void>((resolve) => ends.push(resolve));
    if (fail?.(keys)) throw new Error(`run ${runs.length} failed`);
    return new Map(keys.filter((k) => k > 0).map((k) => [k, `#${k}`]));
  }, 3);
  const endRun = async () => {
    ends.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { gathered, runs, endRun };
}

it('asks a key alone at once, and gathers the keys asked meanwhile into the next run', async () => {
  const { gathered, runs, endRun } = question();
  const first = gathered.get(1);
  // The first key is asked before get() answers: an idle server adds no wait.
  expect(runs).toEqual([[1]]);
  const meanwhile = [2, 3, 2, -4, 5].map((k) => gathered.get(k));
  expect(runs).toEqual([[1]]);
  await endRun();
  // [1] done; 2, 3 and -4 (2 asked twice, asked once) run together, at most 3 keys a run.
  expect(runs).toEqual([[1], [2, 3, -4]]);
  await endRun();
  expect(runs).toEqual([[1], [2, 3, -4], [5]]);
  await endRun();
  expect(await first).toBe('#1');
  // A key the run found nothing for answers undefined.
  expect(await Promise.all(meanwhile)).toEqual(['#2', '#3', '#2', undefined, '#5']);
  // Idle again: the next key is asked at once.
  void gathered.get(6);
  expect(runs.at(-1)).toEqual([6]);
});

it('fails only the callers of a run that failed; the next run goes on', async () => {
  const { gathered, endRun } = question((keys) => keys.includes(2));
  const first = gathered.get(1);
  const failing = Promise.allSettled([gathered.get(2), gathered.get(3)]);
  await endRun();
  expect(await first).toBe('#1');
  // Asked while the failing run is under way: the run after it.
  const later = gathered.get(7);
  await endRun();
  expect((await failing).map((s) => s.status)).toEqual(['rejected', 'rejected']);
  await endRun();
  expect(await later).toBe('#7');
});
