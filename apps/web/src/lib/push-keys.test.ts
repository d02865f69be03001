import { endpoints } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { endpointKey } from './endpoint-key';
import { pushQueries } from './push-keys';

type Kind = 'asset' | 'mediaRequest' | 'monitoring';
const stale = (kind: Kind, key: readonly unknown[]) =>
  pushQueries([kind]).predicate({ queryKey: key });
const id = { params: { id: 3 } };
const period = { params: { id: 3 }, query: { from: 'a', until: 'b' } };

describe('what a pushed change makes stale', () => {
  it.each([
    // a position: the fleet overview's pages and card counts, not the assets' list
    ['asset', endpointKey(endpoints.fleet.list, { ...id, query: { limit: 10 } }), true],
    ['asset', endpointKey(endpoints.fleet.organisations, id), true],
    ['asset', endpointKey(endpoints.assets.list, id), false],
    // a media request: its timeline and the footage, not a medium's own links
    ['mediaRequest', endpointKey(endpoints.mediaRequests.ofDriver.list, period, 1), true],
    ['mediaRequest', endpointKey(endpoints.mediaRequests.medias, id, false), true],
    ['mediaRequest', endpointKey(endpoints.vehicleData.assetMedia, period, 2), true],
    ['mediaRequest', endpointKey(endpoints.media.links, id), false],
    ['mediaRequest', endpointKey(endpoints.media.get, id), false],
    ['mediaRequest', endpointKey(endpoints.monitoring.ofAsset, period, 1), false],
    // a monitoring: the cards, requests and the active one
    ['monitoring', endpointKey(endpoints.monitoring.active, id), true],
    ['monitoring', endpointKey(endpoints.monitoring.requests, period, 1), true],
    ['monitoring', endpointKey(endpoints.monitoring.ofDriver, period, 1), true],
    ['monitoring', endpointKey(endpoints.mediaRequests.ofAsset.list, period, 1), false],
  ] as const)('%s → %j: %s', (kind, key, expected) => {
    expect(stale(kind, key)).toBe(expected);
  });
});
