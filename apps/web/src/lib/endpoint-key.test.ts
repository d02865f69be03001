import { describe, expect, it } from 'vitest';
import { endpointKey, endpointQueries, isEndpointKey } from './endpoint-key';

const list = { path: '/organisations/:id/assets' };
const one = { path: '/assets/:id' };
const all = { path: '/organisations' };

describe('endpointKey', () => {
  it.each([
    [all, {}, ['organisations']],
    [one, { params: { id: 3 } }, ['assets', 3]],
    [list, { params: { id: 3 } }, ['organisations', 3, 'assets']],
    [
      list,
      { params: { id: 3 }, query: { search: 'x' } },
      ['organisations', 3, 'assets', { search: 'x' }],
    ],
  ])('%j with %j is %j', (endpoint, input, key) => {
    expect(endpointKey(endpoint, input)).toEqual(key);
  });
});

describe('isEndpointKey', () => {
  it.each([
    [one, ['assets', 3], true],
    [one, ['assets', 3, 'links'], false],
    [one, ['drivers', 3], false],
    [list, ['organisations', 3, 'assets', { limit: 10 }], true],
    [list, ['organisations', 3, 'assets'], true],
    [list, ['organisations', 3], false],
    [all, ['organisations'], true],
    [all, ['organisations', 3], false],
  ])('%j and %j: %s', (endpoint, key, expected) => {
    expect(isEndpointKey(endpoint, key)).toBe(expected);
  });

  it('filters the cached calls of several endpoints', () => {
    const { predicate } = endpointQueries(list, one);
    const keys = [
      ['assets', 1],
      ['organisations', 2, 'assets', {}],
      ['drivers', 1],
    ];
    expect(keys.filter((queryKey) => predicate({ queryKey }))).toEqual(keys.slice(0, 2));
  });
});
