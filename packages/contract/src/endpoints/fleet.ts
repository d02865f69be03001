import { Type } from 'typebox';
import { endpoint } from '../endpoint.js';
import { IdParams } from '../organisations.js';
import { FleetEntry, FleetOrganisationCount, FleetQuery } from '../vehicle-data.js';

/** The fleet overview (spec §2): every asset now, or one page of its cards. */
const tags = ['vehicle data'];
const FAILURES = [400, 401, 403, 404] as const;

export const list = endpoint('GET', '/organisations/:id/assets/fleet', {
  tags,
  summary: 'Fleet overview: every asset now (with entities=true, of the organisations below too)',
  description:
    'Without limit every asset, newest data first. With limit: one page of the cards (assets with a device now; newest data first, never sent last, then name and id) from offset. X-Total-Count holds how many entries there are (with limit: cards).',
  params: IdParams,
  querystring: FleetQuery,
  ok: { 200: Type.Array(FleetEntry) },
  errors: FAILURES,
});

export const organisations = endpoint('GET', '/organisations/:id/assets/fleet/organisations', {
  tags,
  summary:
    'How many fleet overview cards (assets with a device now) the organisation and each one below it has; only those with cards',
  params: IdParams,
  ok: { 200: Type.Array(FleetOrganisationCount) },
  errors: FAILURES,
});
