import {
  ConfigurationGroup,
  ConfigurationGroupMembers,
  CreateConfigurationGroupBody,
  UpdateConfigurationGroupBody,
} from '../fleet.js';
import {
  ConfigurationGroupDetail,
  ConfigurationGroupListPage,
  ConfigurationGroupListQuery,
} from '../management.js';
import { crudEndpoints } from './crud.js';
import { memberChanges, memberLists } from './membership.js';

const crud = crudEndpoints(
  'configurationgroups',
  'configuration groups',
  {
    listQuery: ConfigurationGroupListQuery,
    listPage: ConfigurationGroupListPage,
    item: ConfigurationGroup,
    detail: ConfigurationGroupDetail,
    create: CreateConfigurationGroupBody,
    update: UpdateConfigurationGroupBody,
  },
  {
    list: {
      summary: "The organisation's own configuration groups, with their numbers of assets",
      description: 'search: name. Without limit every row; X-Total-Count holds how many match.',
    },
    get: {
      summary: 'The configuration group, with the settings state of each device of its assets',
    },
    update: { summary: 'Change the fields sent' },
    delete: {
      summary: 'Delete the configuration group with its settings; 409 while it holds assets',
    },
    conflicts: { create: [409], update: [409], delete: [409] },
  },
);

export const configurationGroups = {
  ...crud,
  ...memberLists(
    'configurationgroups',
    'configuration groups',
    ConfigurationGroupMembers,
    "Assets of the group's organisation not in it (without one, or in another)",
  ),
  assets: memberChanges('configurationgroups', 'configuration groups', 'asset', {
    add: 'Put the asset in this configuration group, out of any other; its device gets the settings',
    remove: 'Take the asset out of this configuration group; its device gets the defaults',
  }),
};
