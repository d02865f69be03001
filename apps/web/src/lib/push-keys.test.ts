import { endpoints } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { endpointKey } from './endpoint-key';
import { keyMatches, pushQueries } from './push-keys';

const stale = (kind: 'asset' | 'mediaRequest' | 'monitoring', key: readonly unknown[]) =>
  pushQueries([kind]).predicate({ queryKey: key });

describe('keyMatches', () => {
  it.each([
    ['media-requests', ['media-requests', 'ASSET', 3, 'x'], true],
    ['media', ['media-links', 4], false],
    ['media', ['medium', 4], false],
    ['organisations/:id/fleet', ['organisations', 3, 'fleet', 'own', { page: 1 }], true],
    ['organisations/:id/fleet', ['organisations', 3, 'assets'], false],
    ['organisations/:id/fleet', ['organisations', 3], false],
    ['assets/:id/mediarequests', ['assets', 7, 'mediarequests', { from: 'a' }], true],
    ['assets/:id/mediarequests', ['assets', 7, 'media'], false],
  ] as const)('%s of %j: %s', (pattern, key, expected) => {
    expect(keyMatches(pattern, key)).toBe(expected);
  });
});

describe('what a change makes stale', () => {
  it("a position: the fleet overview's pages, not the assets' list", () => {
    expect(stale('asset', ['organisations', 3, 'fleet', 'subtree', { page: 2 }])).toBe(true);
    expect(stale('asset', endpointKey(endpoints.assets.list, { params: { id: 3 } }))).toBe(false);
  });
  it('a media request: its timeline and footage, as hand keys or derived from the path', () => {
    expect(stale('mediaRequest', ['requested-media', 5, false])).toBe(true);
    expect(stale('mediaRequest', ['drivers', 2, 'mediarequests', { from: 'x' }])).toBe(true);
    expect(stale('mediaRequest', ['monitorings', 'ASSET', 2])).toBe(false);
  });
  it('a monitoring: the cards, requests and the active one', () => {
    expect(stale('monitoring', ['monitoring-active', 2])).toBe(true);
    expect(stale('monitoring', ['assets', 2, 'assetmonitoringrequests', {}])).toBe(true);
    expect(stale('monitoring', ['media-requests', 'ASSET', 2])).toBe(false);
  });
});
