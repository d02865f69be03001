import { endpoints, type Endpoint, type PushEventKind } from '@fleet/contract';
import { endpointQueries } from './endpoint-key';

/**
 * Issue 19 §3: which cached calls a pushed change makes stale, named by the table of endpoints
 * (their query keys are derived from it: lib/endpoint-key.ts).
 */
export const PUSH_ENDPOINTS: Record<PushEventKind, readonly Pick<Endpoint, 'path' | 'base'>[]> = {
  // The fleet overview's cards: latest position, Driving/Stationary.
  asset: [endpoints.fleet.list, endpoints.fleet.organisations],
  // The media requests' timeline and the footage that arrives for them.
  mediaRequest: [
    endpoints.mediaRequests.ofAsset.list,
    endpoints.mediaRequests.ofDriver.list,
    endpoints.mediaRequests.medias,
    endpoints.vehicleData.assetMedia,
    endpoints.vehicleData.driverMedia,
  ],
  // The monitoring panel's cards, requests and the active monitoring.
  monitoring: [
    endpoints.monitoring.ofAsset,
    endpoints.monitoring.ofDriver,
    endpoints.monitoring.requests,
    endpoints.monitoring.active,
  ],
  // Issue 21 §2: a new notification of this user: the bell's count and list.
  notification: [endpoints.alerts.notifications],
};

/** A filter of every cached call the kinds make stale, for invalidateQueries. */
export const pushQueries = (kinds: Iterable<PushEventKind>) =>
  endpointQueries(...[...kinds].flatMap((kind) => [...PUSH_ENDPOINTS[kind]]));
