import { CreateGroupBody, Group, GroupMembers, UpdateGroupBody } from '../fleet.js';
import { GroupListPage, GroupListQuery } from '../management.js';
import { crudEndpoints } from './crud.js';
import { memberChanges, memberLists, memberRemoveWithPut } from './membership.js';

const crud = crudEndpoints(
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

const add = 'Add to the group (again: no change)';
const remove = 'Take out of the group';

export const groups = {
  ...crud,
  ...memberLists(
    'groups',
    'groups',
    GroupMembers,
    "Assets and drivers of the group's organisation not in the group yet",
  ),
  assets: {
    ...memberChanges('groups', 'groups', 'asset', { add, remove }),
    removeWithPut: memberRemoveWithPut('groups', 'groups', 'asset', remove),
  },
  drivers: {
    ...memberChanges('groups', 'groups', 'driver', { add, remove }),
    removeWithPut: memberRemoveWithPut('groups', 'groups', 'driver', remove),
  },
};
