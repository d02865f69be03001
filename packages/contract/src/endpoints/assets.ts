import { Asset, CreateAssetBody, UpdateAssetBody } from '../fleet.js';
import { AssetListPage, AssetListQuery } from '../management.js';
import { crudEndpoints } from './crud.js';

export const assets = crudEndpoints(
  'assets',
  'assets',
  {
    listQuery: AssetListQuery,
    listPage: AssetListPage,
    item: Asset,
    create: CreateAssetBody,
    update: UpdateAssetBody,
  },
  {
    list: {
      summary:
        "The organisation's own assets, with their device, driver and configuration group now",
      description:
        'search: name or licence plate; filter=unlinked: no device fitted now. Without limit every row; X-Total-Count holds how many match.',
    },
    update: {
      summary: 'Change the fields sent; the configuration group is set through configurationgroups',
    },
    delete: {
      summary:
        'Delete the asset with its ended links, group memberships and history; 409 while a device or driver link has not ended',
    },
    conflicts: { delete: [409] },
  },
);
