import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AssetConfigs,
  DeviceConfigurationList,
  GroupConfigurationList,
  GroupConfigurationsQuery,
  IdParams,
  UpdateGroupConfigurationsBody,
} from '@fleet/contract';
import { errorResponses } from '../../lib/http-error.js';

export const configurationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.configurations;

  app.get(
    '/deviceconfigurations',
    {
      schema: {
        tags: ['configuration groups'],
        summary: 'Every device setting, with its type, bounds and default',
        response: { 200: DeviceConfigurationList, ...errorResponses(401) },
      },
    },
    () => service.definitions(),
  );

  app.get(
    '/assets/:id/configs',
    {
      schema: {
        tags: ['configuration groups'],
        summary: "The asset's effective device settings and whether its device has them",
        description:
          "settings: every setting, the configuration group's value or else the default, with its definition; devices: the device fitted now with the state of its latest settings.",
        params: IdParams,
        response: { 200: AssetConfigs, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => app.services.deviceSettings.assetConfigs(request.user, request.params.id),
  );

  app.get(
    '/configurationgroups/:id/deviceconfigurations',
    {
      schema: {
        tags: ['configuration groups'],
        summary: "A configuration group's settings",
        description:
          'Only the values the group holds; with defaults=true every setting (the default where the group holds none); with definitions=true each with its definition.',
        params: IdParams,
        querystring: GroupConfigurationsQuery,
        response: { 200: GroupConfigurationList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.groupConfigurations(request.user, request.params.id, request.query),
  );

  app.post(
    '/configurationgroups/:id/deviceconfigurations',
    {
      schema: {
        tags: ['configuration groups'],
        summary: "Change a configuration group's settings",
        description:
          'Every value is checked against its setting first; one bad value refuses the whole list (400) and nothing is written. Answers the list as GET does with the same query.',
        params: IdParams,
        querystring: GroupConfigurationsQuery,
        body: UpdateGroupConfigurationsBody,
        response: { 200: GroupConfigurationList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.update(request.user, request.params.id, request.body, request.query),
  );
};
