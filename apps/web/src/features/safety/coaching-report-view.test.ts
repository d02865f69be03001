import { describe, expect, it } from 'vitest';
import { linePath, niceMax, scaleY, scoreChange, xs } from './coaching-report-view';

describe('coaching chart geometry', () => {
  it.each([
    [0, []],
    [1, [50]],
    [3, [0, 50, 100]],
  ])('spreads %i points', (count, expected) => {
    expect(xs(count, 0, 100)).toEqual(expected);
  });

  it('scales values to the axis, capped at the top', () => {
    const y = scaleY(100, 200, 0);
    expect([y(0), y(50), y(100), y(150)]).toEqual([200, 100, 0, 0]);
    expect(scaleY(0, 200, 0)(5)).toBe(200);
  });

  it('draws a line broken at missing values', () => {
    expect(
      linePath([
        { x: 0, y: 10 },
        { x: 10, y: 20 },
        { x: 20, y: null },
        { x: 30, y: 5 },
        { x: 40, y: 6.25 },
      ]),
    ).toBe('M0,10 L10,20 M30,5 L40,6.3');
    expect(linePath([{ x: 0, y: null }])).toBe('');
  });

  it.each([
    [0, 1],
    [1, 1],
    [3, 5],
    [7, 10],
    [12, 20],
    [180, 200],
    [501, 1000],
  ])('rounds a count axis of %i up to %i', (value, expected) => {
    expect(niceMax(value)).toBe(expected);
  });

  it('tells the change of a score', () => {
    expect(scoreChange(71.7, 86.7)).toBe(15);
    expect(scoreChange(null, 80)).toBeNull();
  });
});
