import { describe, expect, it } from 'vitest';
import { printable } from './pdf-document.js';
import { fitMap, lengthText, niceStep, scaleBar, scoreBands } from './pdf-geometry.js';

describe('score bands', () => {
  it.each([
    [[], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 0],
    [[0, 9.99, 10, 55, 100], [2, 1, 0, 0, 0, 1, 0, 0, 0, 1], 0],
    [[null, 99.9, Number.NaN], [0, 0, 0, 0, 0, 0, 0, 0, 0, 1], 2],
  ])('%j', (scores, bands, none) => {
    expect(scoreBands(scores)).toEqual({ bands, none });
  });
});

describe('nice steps', () => {
  it.each([
    [100, 5, 20],
    [87, 4, 50],
    [0.9, 3, 0.5],
    [1000, 10, 100],
    [0, 4, 1],
  ])('span %d in %d steps: %d', (span, count, step) => {
    expect(niceStep(span, count)).toBeCloseTo(step);
  });
});

describe('the map fit', () => {
  const box = { x: 0, y: 0, width: 500, height: 300 };
  it('puts the route inside the box, north up, with shapes kept', () => {
    const route = [
      { latitude: 52.0, longitude: 4.8 },
      { latitude: 52.1, longitude: 5.0 },
    ];
    const fit = fitMap(route, box);
    const [x0, y0] = fit.point(52.0, 4.8);
    const [x1, y1] = fit.point(52.1, 5.0);
    for (const [x, y] of [
      [x0, y0],
      [x1, y1],
    ])
      expect(x >= 0 && x <= 500 && y >= 0 && y <= 300).toBe(true);
    expect(y1).toBeLessThan(y0); // north is up
    // 0.1° of latitude ≈ 11.1 km; 0.2° of longitude at 52° ≈ 13.7 km
    expect((y0 - y1) * fit.metresPerPoint).toBeCloseTo(11_132, -1);
    expect((x1 - x0) * fit.metresPerPoint).toBeCloseTo(13_707, -2);
    expect(fit.bounds.south).toBeLessThan(52.0);
    expect(fit.bounds.east).toBeGreaterThan(5.0);
  });
  it('a single position is shown at least 500 m wide, centred', () => {
    const fit = fitMap([{ latitude: 52, longitude: 5 }], box);
    expect(fit.point(52, 5)).toEqual([250, 150]);
    expect(fit.metresPerPoint * 300 * 0.84).toBeCloseTo(500);
  });
});

describe('the scale bar', () => {
  it.each([
    [10, 100, 1000, '1 km'],
    [10, 150, 1000, '1 km'],
    [10, 250, 2000, '2 km'],
    [3, 100, 200, '200 m'],
    [0.5, 100, 50, '50 m'],
  ])('%d m/pt within %d pt: %d m', (perPoint, most, metres, text) => {
    const bar = scaleBar(perPoint, most);
    expect(bar.metres).toBe(metres);
    expect(bar.points).toBeLessThanOrEqual(most);
    expect(lengthText(bar.metres)).toBe(text);
  });
});

describe('printable text', () => {
  // a font with Latin letters up to U+024F (as DejaVu has ő, Ł) and no emoji
  const latin = (c: number) => c < 0x250;
  it.each([
    ['Łukasz Ödön 🚚', 'Łukasz Ödön ?'],
    ['Gergő', 'Gergő'],
    ['tab\there', 'tab here'],
    ['❤️', '?'],
    ['', ''],
  ])('%j → %j', (text, shown) => {
    expect(printable(text, latin)).toBe(shown);
  });
});
