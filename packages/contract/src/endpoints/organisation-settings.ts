import { endpoint } from '../endpoint.js';
import { OrganisationSettings, OrganisationSettingsInput } from '../organisation-settings.js';
import { IdParams } from '../organisations.js';

/** Organisation settings (spec §7). The settings' id is the organisation's id. */
const tags = ['organisations'];
const FAILURES = [400, 401, 403, 404] as const;

export const get = endpoint('GET', '/organisations/:id/settings', {
  tags,
  summary: "An organisation's settings (defaults while none were saved)",
  params: IdParams,
  ok: { 200: OrganisationSettings },
  errors: FAILURES,
});

export const save = endpoint('POST', '/organisations/:id/settings', {
  tags,
  summary: 'Save settings of an organisation (the fields sent; OEM and RESELLER)',
  params: IdParams,
  body: OrganisationSettingsInput,
  ok: { 200: OrganisationSettings },
  errors: FAILURES,
});

export const update = endpoint('PUT', '/organisationsettings/:id', {
  tags,
  summary: 'Change settings {id} (the organisation id; the fields sent; OEM and RESELLER)',
  params: IdParams,
  body: OrganisationSettingsInput,
  ok: { 200: OrganisationSettings },
  errors: FAILURES,
});
