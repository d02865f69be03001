import {
  DeviceConfigurationList,
  GroupConfigurationList,
  GroupConfigurationsQuery,
  UpdateGroupConfigurationsBody,
} from '../configurations.js';
import { endpoint } from '../endpoint.js';
import { AssetConfigs } from '../management.js';
import { IdParams } from '../organisations.js';

/** Device settings: their definitions, a configuration group's values, an asset's effective ones. */
const tags = ['configuration groups'];
const FAILURES = [400, 401, 403, 404] as const;

export const definitions = endpoint('GET', '/deviceconfigurations', {
  tags,
  summary: 'Every device setting, with its type, bounds and default',
  ok: { 200: DeviceConfigurationList },
  errors: [401],
});

export const asset = endpoint('GET', '/assets/:id/configs', {
  tags,
  summary: "The asset's effective device settings and whether its device has them",
  description:
    "settings: every setting, the configuration group's value or else the default, with its definition; devices: the device fitted now with the state of its latest settings.",
  params: IdParams,
  ok: { 200: AssetConfigs },
  errors: FAILURES,
});

export const group = endpoint('GET', '/configurationgroups/:id/deviceconfigurations', {
  tags,
  summary: "A configuration group's settings",
  description:
    'Only the values the group holds; with defaults=true every setting (the default where the group holds none); with definitions=true each with its definition.',
  params: IdParams,
  querystring: GroupConfigurationsQuery,
  ok: { 200: GroupConfigurationList },
  errors: FAILURES,
});

export const updateGroup = endpoint('POST', '/configurationgroups/:id/deviceconfigurations', {
  tags,
  summary: "Change a configuration group's settings",
  description:
    'Every value is checked against its setting first; one bad value refuses the whole list (400) and nothing is written. Answers the list as GET does with the same query.',
  params: IdParams,
  querystring: GroupConfigurationsQuery,
  body: UpdateGroupConfigurationsBody,
  ok: { 200: GroupConfigurationList },
  errors: FAILURES,
});
