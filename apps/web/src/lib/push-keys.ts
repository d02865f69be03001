import type { PushEventKind } from '@fleet/contract';

/**
 * Issue 19 §3: which cached calls a pushed change makes stale. Each pattern is a query key's
 * start written as a path (`:x` stands for any one segment): the derived keys of the table of
 * endpoints (lib/endpoint-key.ts: `assets/:id/mediarequests`) and the hand-made keys of the
 * screens not yet in the table (`media-requests`), so a screen refreshes whichever it uses.
 */
export const PUSH_QUERIES: Record<PushEventKind, readonly string[]> = {
  // The fleet overview's cards: latest position, Driving/Stationary.
  asset: ['organisations/:id/fleet', 'organisations/:id/assets/fleet'],
  // The media requests' timeline and the footage that arrives for them.
  mediaRequest: [
    'media-requests',
    'requested-media',
    'media',
    'assets/:id/mediarequests',
    'drivers/:id/mediarequests',
    'mediarequests/:id/medias',
    'assets/:id/media',
    'drivers/:id/media',
  ],
  // The monitoring panel's cards, requests and the active monitoring.
  monitoring: [
    'monitorings',
    'monitoring-requests',
    'monitoring-active',
    'assets/:id/assetmonitorings',
    'drivers/:id/assetmonitorings',
    'assets/:id/assetmonitoringrequests',
  ],
};

/** Whether a query key starts with the pattern's segments. */
export function keyMatches(pattern: string, key: readonly unknown[]): boolean {
  const segments = pattern.split('/');
  return (
    key.length >= segments.length &&
    segments.every((segment, i) => segment.startsWith(':') || key[i] === segment)
  );
}

/** A filter of every cached call the kinds make stale, for invalidateQueries. */
export const pushQueries = (kinds: Iterable<PushEventKind>) => {
  const patterns = [...kinds].flatMap((kind) => PUSH_QUERIES[kind]);
  return {
    predicate: ({ queryKey }: { queryKey: readonly unknown[] }) =>
      patterns.some((pattern) => keyMatches(pattern, queryKey)),
  };
};
