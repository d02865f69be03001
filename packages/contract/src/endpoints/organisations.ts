import { Type } from 'typebox';
import { endpoint } from '../endpoint.js';
import { OrganisationListPage, OrganisationListQuery } from '../management.js';
import {
  CreateOrganisationBody,
  DeleteOrganisationQuery,
  IdParams,
  Organisation,
  OrganisationList,
  UpdateOrganisationBody,
} from '../organisations.js';

const tags = ['organisations'];
const FAILURES = [400, 401, 403, 404] as const;

export const list = endpoint('GET', '/organisations', {
  tags,
  summary: "The caller's organisation and all its descendants",
  ok: { 200: OrganisationList },
  errors: [401],
});

export const get = endpoint('GET', '/organisations/:id', {
  tags,
  params: IdParams,
  ok: { 200: Organisation },
  errors: FAILURES,
});

export const overview = endpoint('GET', '/organisations/:id/organisations', {
  tags,
  summary:
    'The organisation overview: {id} and every organisation below it, each with its parent and its own users, assets and devices',
  description:
    'search: name. Without sort, the tree order (each organisation followed by its children, by name). Without limit every row; X-Total-Count holds how many match.',
  params: IdParams,
  querystring: OrganisationListQuery,
  ok: { 200: OrganisationListPage },
  errors: FAILURES,
});

export const createChild = endpoint('POST', '/organisations/:id', {
  tags,
  summary: 'Create a child organisation under {id} (OEM and RESELLER)',
  params: IdParams,
  body: CreateOrganisationBody,
  ok: { 201: Organisation },
  errors: [...FAILURES, 409],
});

export const update = endpoint('PUT', '/organisations/:id', {
  tags,
  summary:
    "Rename (name) and/or move under another parent of the caller's subtree (parentId); OEM and RESELLER, never the caller's own organisation's move",
  params: IdParams,
  body: UpdateOrganisationBody,
  ok: { 200: Organisation },
  errors: [...FAILURES, 409],
});

export const remove = endpoint('DELETE', '/organisations/:id', {
  tags,
  summary:
    "Delete the organisation with everything in and below it, confirmed with its name (confirm=<name>); OEM and RESELLER, never the caller's own. One transaction: all of it or nothing; a client that goes away cancels it",
  params: IdParams,
  querystring: DeleteOrganisationQuery,
  ok: {
    200: Type.Unknown({
      description:
        "JSON lines (application/x-ndjson) of {status, done, steps, deleted: {rawRecords, trips, assets, organisations, …}}: 'started' at once, 'running' at least every second, a last line 'finished' with {seconds}, or 'failed' with a message (then nothing was deleted)",
    }),
  },
  errors: FAILURES,
});
