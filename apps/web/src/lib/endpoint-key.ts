import type { Endpoint } from '@fleet/contract';

/** What a key is made of: the path, and the base when it is not the main one. */
type Keyed = Pick<Endpoint, 'path'> & Partial<Pick<Endpoint, 'base'>>;

/** The path's segments, after the base's name when the call is not of the main base. */
const segmentsOf = ({ path, base = 'main' }: Keyed) => [
  ...(base === 'main' ? [] : [base]),
  ...path.split('/').filter(Boolean),
];

/**
 * Query keys derived from the table of endpoints: a call's path with its parameters filled in,
 * then its query when it has one. `GET /organisations/:id/assets` for organisation 3 with
 * `{search: 'x'}` is `['organisations', 3, 'assets', {search: 'x'}]`, so invalidating
 * `['organisations', 3]` refreshes everything of organisation 3. A call of another base starts
 * with its name (`['sync', 'organisations', 3, 'configuration']`), so the same path on two
 * bases never shares a key.
 *
 * A mark, when given, comes last, after the query (`{}` when there is none): what makes the
 * screen ask again without changing the call (the period filter's Update, a request that
 * settled, the monitoring link's token).
 */
export function endpointKey(
  endpoint: Keyed,
  input: { params?: object; query?: object } = {},
  mark?: unknown,
): readonly unknown[] {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const segments = segmentsOf(endpoint).map((segment) =>
    segment.startsWith(':') ? params[segment.slice(1)] : segment,
  );
  if (mark !== undefined) return [...segments, input.query ?? {}, mark];
  return input.query === undefined ? segments : [...segments, input.query];
}

/** Whether a query key is one of the endpoint's (any parameters, any query, any mark). */
export function isEndpointKey(endpoint: Keyed, key: readonly unknown[]): boolean {
  const segments = segmentsOf(endpoint);
  if (key.length < segments.length || key.length > segments.length + 2) return false;
  if (key.length > segments.length && typeof key[segments.length] !== 'object') return false;
  return segments.every((segment, i) => segment.startsWith(':') || key[i] === segment);
}

/** A filter of every cached call of these endpoints, for invalidateQueries and the like. */
export const endpointQueries = (...table: Keyed[]) => ({
  predicate: ({ queryKey }: { queryKey: readonly unknown[] }) =>
    table.some((endpoint) => isEndpointKey(endpoint, queryKey)),
});
