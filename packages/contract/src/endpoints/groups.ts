import { CreateGroupBody, Group, UpdateGroupBody } from '../fleet.js';
import { GroupListPage, GroupListQuery } from '../management.js';
import { crudEndpoints } from './crud.js';

export const groups = crudEndpoints(
  'groups',
  'groups',
  {
    listQuery: GroupListQuery,
    listPage: GroupListPage,
    item: Group,
    create: CreateGroupBody,
    update: UpdateGroupBody,
  },
  {
    list: {
      summary: "The organisation's own groups, with their numbers of assets and drivers",
      description: 'search: name. Without limit every row; X-Total-Count holds how many match.',
    },
    update: { summary: 'Change the fields sent' },
    delete: { summary: 'Delete the group; its members stay' },
    conflicts: { create: [409], update: [409] },
  },
);
