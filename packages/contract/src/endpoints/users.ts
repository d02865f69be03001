import { CreateUserBody, UpdateUserBody, UserListPage, UserListQuery } from '../management.js';
import { User } from '../users.js';
import { crudEndpoints } from './crud.js';

export const users = crudEndpoints(
  'users',
  'users',
  {
    listQuery: UserListQuery,
    listPage: UserListPage,
    item: User,
    create: CreateUserBody,
    update: UpdateUserBody,
  },
  {
    list: {
      summary: "The organisation's own users",
      description:
        'search: name or user name. Without limit every row; X-Total-Count holds how many match.',
    },
    create: { summary: 'Create a user; the caller gives at most its own authority' },
    update: { summary: 'Change the fields sent; a new role or password ends the user’s sessions' },
    delete: { summary: 'Delete the user and end its sessions' },
    conflicts: { create: [409], update: [409], delete: [409] },
  },
);
