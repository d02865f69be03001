import { endpoint } from '../endpoint.js';
import { CreateDeviceBody, Device, DeviceWithCredential, UpdateDeviceBody } from '../fleet.js';
import { DeviceListPage, DeviceListQuery } from '../management.js';
import { IdParams } from '../organisations.js';
import { crudEndpoints } from './crud.js';

export const devices = {
  ...crudEndpoints(
    'devices',
    'devices',
    {
      listQuery: DeviceListQuery,
      listPage: DeviceListPage,
      item: Device,
      created: DeviceWithCredential,
      create: CreateDeviceBody,
      update: UpdateDeviceBody,
    },
    {
      list: {
        summary:
          "The organisation's own devices, with the asset they are fitted to and their settings state",
        description:
          'search: name or identifier; filter=unlinked (fitted to no asset now), silent (not heard from for a day, or never), pending (settings not applied yet). Without limit every row; X-Total-Count holds how many match.',
      },
      create: { summary: 'Create a device; the answer holds its credential, shown this once' },
      update: { summary: 'Change the fields sent' },
      delete: {
        summary:
          'Delete the device with its ended links, commands and records; 409 while it is linked to an asset',
      },
      conflicts: { create: [409, 429], update: [409, 429], delete: [409] },
    },
  ),
  reissueCredential: endpoint('POST', '/devices/:id/credential', {
    tags: ['devices'],
    summary: 'Issue a new credential, shown this once; the old one stops working',
    params: IdParams,
    ok: { 200: DeviceWithCredential },
    errors: [400, 401, 403, 404],
  }),
};
