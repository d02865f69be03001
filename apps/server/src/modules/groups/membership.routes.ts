import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  IdParams,
  MemberAssetParams,
  MemberDriverParams,
  type ConfigurationGroupMembers,
  type GroupMembers,
} from '@fleet/contract';
import type { TSchema } from 'typebox';
import { errorResponses, NoContent } from '../../lib/http-error.js';
import type { Membership, MemberKind } from './membership.js';

const PARAMS = { asset: MemberAssetParams, driver: MemberDriverParams } as const;

export interface MembershipRoutesOptions {
  /** 'groups' or 'configurationgroups'. */
  base: string;
  tags: string[];
  /** The service's membership (read when a request comes: services exist by then). */
  membership: () => Membership<GroupMembers | ConfigurationGroupMembers>;
  kinds: MemberKind[];
  /** Also PUT …/{kindId}/remove, as the portal removes a group's driver (spec §7). */
  removeWithPut: boolean;
  /** The answer of members and membercandidates. */
  members: TSchema;
  summaries: { add: string; remove: string; candidates: string };
}

/**
 * The membership routes of a group or configuration group, for each kind of
 * member it holds: GET {base}/{id}/members and …/membercandidates;
 * PUT and DELETE {base}/{id}/{kind}s/{kindId}; and, for groups, PUT
 * …/{kindId}/remove, the removal with PUT as the portal calls it (spec §7).
 */
export const membershipRoutes: FastifyPluginAsyncTypebox<MembershipRoutesOptions> = async (
  app,
  { base, tags, membership, kinds, removeWithPut, members, summaries },
) => {
  const read = {
    tags,
    params: IdParams,
    response: { 200: members, ...errorResponses(400, 401, 403, 404) },
  };
  app.get(`/${base}/:id/members`, { schema: read }, (request) =>
    membership().members(request.user, request.params.id),
  );
  app.get(
    `/${base}/:id/membercandidates`,
    { schema: { ...read, summary: summaries.candidates } },
    (request) => membership().candidates(request.user, request.params.id),
  );

  const change = { tags, response: { 204: NoContent, ...errorResponses(400, 401, 403, 404) } };
  for (const kind of kinds) {
    const path = `/${base}/:id/${kind}s/:${kind}Id`;
    const params = PARAMS[kind];
    const set = (member: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
      const p = request.params as { id: number } & Record<`${MemberKind}Id`, number>;
      await membership().set(request.user, p.id, kind, p[`${kind}Id`], member);
      await reply.status(204).send(null);
    };
    app.put(path, { schema: { ...change, summary: summaries.add, params } }, set(true));
    app.delete(path, { schema: { ...change, summary: summaries.remove, params } }, set(false));
    if (!removeWithPut) continue;
    app.put(
      `${path}/remove`,
      {
        schema: { ...change, summary: `${summaries.remove} (PUT, as the portal calls it)`, params },
      },
      set(false),
    );
  }
};
