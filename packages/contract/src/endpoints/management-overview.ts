import { endpoint } from '../endpoint.js';
import { ManagementOverview } from '../management.js';
import { IdParams } from '../organisations.js';

export const get = endpoint('GET', '/organisations/:id/managementoverview', {
  tags: ['management'],
  summary: "Counts of the organisation's own records and what needs attention",
  description:
    'Each check names the list and filter that shows its records: /management/{resource}?filter={filter}.',
  params: IdParams,
  ok: { 200: ManagementOverview },
  errors: [400, 401, 403, 404],
});
