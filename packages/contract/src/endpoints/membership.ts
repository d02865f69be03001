import type { TSchema } from 'typebox';
import { endpoint, NoContent } from '../endpoint.js';
import { MemberAssetParams, MemberDriverParams } from '../fleet.js';
import { IdParams } from '../organisations.js';

/**
 * The membership calls of a group or configuration group (spec §7): GET {base}/{id}/members and
 * …/membercandidates, and per kind of member PUT and DELETE {base}/{id}/{kind}s/{kindId}.
 */
const FAILURES = [400, 401, 403, 404] as const;
const PARAMS = { asset: MemberAssetParams, driver: MemberDriverParams } as const;
export type MemberKind = keyof typeof PARAMS;

type Summaries = { add: string; remove: string };

/* @__NO_SIDE_EFFECTS__ */
export function memberLists<const B extends string, const S extends TSchema>(
  base: B,
  tag: string,
  members: S,
  candidates: string,
) {
  const read = { tags: [tag], params: IdParams, ok: { 200: members }, errors: FAILURES };
  return {
    members: endpoint('GET', `/${base}/:id/members`, read),
    candidates: endpoint('GET', `/${base}/:id/membercandidates`, {
      ...read,
      summary: candidates,
    }),
  };
}

const change = <const K extends MemberKind>(tag: string, kind: K) => ({
  tags: [tag],
  params: PARAMS[kind] as (typeof PARAMS)[K],
  ok: { 204: NoContent },
  errors: FAILURES,
});

/** Putting a member of `kind` in (again: no change) and taking it out. */
/* @__NO_SIDE_EFFECTS__ */
export function memberChanges<const B extends string, const K extends MemberKind>(
  base: B,
  tag: string,
  kind: K,
  summaries: Pick<Summaries, 'add' | 'remove'>,
) {
  const path = `/${base}/:id/${kind}s/:${kind}Id` as const;
  return {
    kind,
    add: endpoint('PUT', path, { ...change(tag, kind), summary: summaries.add }),
    remove: endpoint('DELETE', path, { ...change(tag, kind), summary: summaries.remove }),
  };
}

/** A group's removal with PUT …/{kindId}/remove, as the portal calls it (spec §7). */
/* @__NO_SIDE_EFFECTS__ */
export function memberRemoveWithPut<const B extends string, const K extends MemberKind>(
  base: B,
  tag: string,
  kind: K,
  remove: string,
) {
  return endpoint('PUT', `/${base}/:id/${kind}s/:${kind}Id/remove`, {
    ...change(tag, kind),
    summary: `${remove} (PUT, as the portal calls it)`,
  });
}
