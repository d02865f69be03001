import { CreateDriverBody, Driver, UpdateDriverBody } from '../fleet.js';
import { DriverListPage, DriverListQuery } from '../management.js';
import { crudEndpoints } from './crud.js';

export const drivers = crudEndpoints(
  'drivers',
  'drivers',
  {
    listQuery: DriverListQuery,
    listPage: DriverListPage,
    item: Driver,
    create: CreateDriverBody,
    update: UpdateDriverBody,
  },
  {
    list: {
      summary: "The organisation's own drivers, with the asset they drive now",
      description:
        'search: first and last name or phone; filter=unlinked: in no asset now. Without limit every row; X-Total-Count holds how many match.',
    },
    update: { summary: 'Change the fields sent' },
    delete: {
      summary:
        'Delete the driver with its ended links and group memberships; 409 while it is linked to an asset',
    },
    conflicts: { delete: [409] },
  },
);
