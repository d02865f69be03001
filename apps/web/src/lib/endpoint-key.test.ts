import { describe, expect, it } from 'vitest';
import { endpointKey, endpointQueries, isEndpointKey } from './endpoint-key';

const list = { path: '/organisations/:id/assets' };
const one = { path: '/assets/:id' };
const all = { path: '/organisations' };
const sync = { path: '/organisations/:id/configuration', base: 'sync' as const };
const remote = { path: '/organisations', base: 'sync' as const };
const admin = { path: '/assets/:id/driverlinks', base: 'admin' as const };
const main = { path: '/assets/:id', base: 'main' as const };

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
    [main, { params: { id: 3 } }, ['assets', 3]],
    [sync, { params: { id: 3 } }, ['sync', 'organisations', 3, 'configuration']],
    [remote, { query: { server: 'x' } }, ['sync', 'organisations', { server: 'x' }]],
    [admin, { params: { id: 3 } }, ['admin', 'assets', 3, 'driverlinks']],
  ])('%j with %j is %j', (endpoint, input, key) => {
    expect(endpointKey(endpoint, input)).toEqual(key);
  });

  it.each([
    [one, { params: { id: 3 } }, 7, ['assets', 3, {}, 7]],
    [
      list,
      { params: { id: 3 }, query: { search: 'x' } },
      true,
      ['organisations', 3, 'assets', { search: 'x' }, true],
    ],
    [one, { params: { id: 3 } }, undefined, ['assets', 3]],
  ])('%j with %j and the mark %j is %j', (endpoint, input, mark, key) => {
    expect(endpointKey(endpoint, input, mark)).toEqual(key);
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
    [all, ['sync', 'organisations'], false],
    [remote, ['organisations'], false],
    [remote, ['sync', 'organisations', { server: 'x' }], true],
    [sync, ['sync', 'organisations', 3, 'configuration'], true],
    [sync, ['organisations', 3, 'configuration'], false],
    [main, ['assets', 3], true],
    [one, ['assets', 3, {}, 7], true],
    [one, ['assets', 3, { from: 'x' }, 'token'], true],
    [one, ['assets', 3, 'links', 7], false],
    [one, ['assets', 3, {}, 7, 8], false],
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
