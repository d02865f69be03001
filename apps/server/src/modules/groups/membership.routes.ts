import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Endpoint, IdParams } from '@fleet/contract';
import { on } from '../../lib/endpoint-routes.js';
import type { Membership, MemberKind } from './membership.js';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/** The contract's membership calls of a group or configuration group (its memberChanges). */
export interface MembershipTable {
  members: Endpoint;
  candidates: Endpoint;
  /** Per kind of member it holds: put in, take out, and for groups take out with PUT. */
  kinds: { kind: MemberKind; add: Endpoint; remove: Endpoint; removeWithPut?: Endpoint }[];
}

/**
 * The membership routes of a group or configuration group: GET {base}/{id}/members and
 * …/membercandidates; PUT and DELETE {base}/{id}/{kind}s/{kindId}; and, for groups, PUT
 * …/{kindId}/remove, the removal with PUT as the portal calls it (spec §7). `membership` is read
 * when a request comes: the services exist by then.
 */
export function membershipRoutes(
  app: App,
  table: MembershipTable,
  membership: () => Membership<unknown>,
) {
  const id = (request: FastifyRequest) => (request.params as IdParams).id;
  app.route({
    ...on(table.members),
    handler: (request) => membership().members(request.user, id(request)),
  });
  app.route({
    ...on(table.candidates),
    handler: (request) => membership().candidates(request.user, id(request)),
  });

  for (const { kind, add, remove, removeWithPut } of table.kinds) {
    const set = (member: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
      const memberId = (request.params as Record<`${MemberKind}Id`, number>)[`${kind}Id`];
      await membership().set(request.user, id(request), kind, memberId, member);
      await reply.status(204).send(null);
    };
    app.route({ ...on(add), handler: set(true) });
    app.route({ ...on(remove), handler: set(false) });
    if (removeWithPut) app.route({ ...on(removeWithPut), handler: set(false) });
  }
}
