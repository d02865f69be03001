import { endpoint, NoContent } from '../endpoint.js';
import { IdParams } from '../organisations.js';
import { Zone, ZoneInput, ZoneList, ZoneVisitList, ZoneVisitQuery } from '../zones.js';

/** Zones (issue 21 §1): read by the roles that see the fleet, changed by those managing it. */
const tags = ['zones'];
const FAILURES = [400, 401, 403, 404] as const;

export const list = endpoint('GET', '/organisations/:id/zones', {
  tags,
  summary: "An organisation's zones (not DRIVER)",
  params: IdParams,
  ok: { 200: ZoneList },
  errors: FAILURES,
});

export const create = endpoint('POST', '/organisations/:id/zones', {
  tags,
  summary: 'Create a zone (not DRIVER)',
  params: IdParams,
  body: ZoneInput,
  ok: { 201: Zone },
  errors: FAILURES,
});

export const update = endpoint('PUT', '/zones/:id', {
  tags,
  summary: 'Change a zone: a new version from now; earlier data keeps the old one (not DRIVER)',
  params: IdParams,
  body: ZoneInput,
  ok: { 200: Zone },
  errors: FAILURES,
});

export const remove = endpoint('DELETE', '/zones/:id', {
  tags,
  summary: 'Delete a zone; its past visits stay in the report (not DRIVER)',
  params: IdParams,
  ok: { 204: NoContent },
  errors: FAILURES,
});

export const visits = endpoint('GET', '/organisations/:id/zones/visits', {
  tags,
  summary: "Visits of the organisation's zones in a period, by asset and driver (not DRIVER)",
  params: IdParams,
  querystring: ZoneVisitQuery,
  ok: { 200: ZoneVisitList },
  errors: FAILURES,
});
