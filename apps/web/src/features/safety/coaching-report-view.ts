/** Pure geometry and figures of the coaching charts (tested in coaching-report-view.test.ts). */

/** The x of each of `count` points spread over [left, right]; one point sits in the middle. */
export function xs(count: number, left: number, right: number): number[] {
  if (count <= 0) return [];
  if (count === 1) return [(left + right) / 2];
  const step = (right - left) / (count - 1);
  return Array.from({ length: count }, (_, i) => left + i * step);
}

/** A y scale from 0..max to [bottom, top]. */
export const scaleY = (max: number, bottom: number, top: number) => (value: number) =>
  max <= 0 ? bottom : bottom - ((bottom - top) * Math.min(value, max)) / max;

/**
 * An SVG path through the points, broken where a value is missing (a week without driving):
 * `M` starts each run, `L` continues it.
 */
export function linePath(points: readonly { x: number; y: number | null }[]): string {
  let path = '';
  let drawing = false;
  for (const { x, y } of points) {
    if (y === null) {
      drawing = false;
      continue;
    }
    path += `${path ? ' ' : ''}${drawing ? 'L' : 'M'}${round(x)},${round(y)}`;
    drawing = true;
  }
  return path;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** A round upper bound for a count axis: 1, 2, 5 × 10ⁿ at or above the largest value. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** A score's change after coaching, rounded to a tenth; null when either side is missing. */
export const scoreChange = (before: number | null, after: number | null) =>
  before === null || after === null ? null : Math.round((after - before) * 10) / 10;
