import type { Endpoint } from '@fleet/contract';

/**
 * Query keys derived from the table of endpoints: a call's path with its parameters filled in,
 * then its query when it has one. `GET /organisations/:id/assets` for organisation 3 with
 * `{search: 'x'}` is `['organisations', 3, 'assets', {search: 'x'}]`, so invalidating
 * `['organisations', 3]` refreshes everything of organisation 3.
 */
export function endpointKey(
  endpoint: Pick<Endpoint, 'path'>,
  input: { params?: object; query?: object } = {},
): readonly unknown[] {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const segments = endpoint.path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? params[segment.slice(1)] : segment));
  return input.query === undefined ? segments : [...segments, input.query];
}

/** Whether a query key is one of the endpoint's (any parameters, any query). */
export function isEndpointKey(endpoint: Pick<Endpoint, 'path'>, key: readonly unknown[]): boolean {
  const segments = endpoint.path.split('/').filter(Boolean);
  if (key.length < segments.length || key.length > segments.length + 1) return false;
  if (key.length > segments.length && typeof key[segments.length] !== 'object') return false;
  return segments.every((segment, i) => segment.startsWith(':') || key[i] === segment);
}

/** A filter of every cached call of these endpoints, for invalidateQueries and the like. */
export const endpointQueries = (...table: Pick<Endpoint, 'path'>[]) => ({
  predicate: ({ queryKey }: { queryKey: readonly unknown[] }) =>
    table.some((endpoint) => isEndpointKey(endpoint, queryKey)),
});
