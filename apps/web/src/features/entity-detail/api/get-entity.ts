import { endpoints, type Asset, type Driver } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EntityType } from '@/config/paths';
import { api } from '@/lib/auth';

export type Entity =
  | { type: 'ASSET'; id: number; organisationId: number; name: string; asset: Asset }
  | { type: 'DRIVER'; id: number; organisationId: number; name: string; driver: Driver };

/** Spec §2: loaded as an asset when type is ASSET, otherwise as a driver. */
export async function getEntity(type: EntityType, id: number): Promise<Entity> {
  if (type === 'ASSET') {
    const asset = await api.call(endpoints.assets.get, { params: { id } });
    return { type, id, organisationId: asset.organisationId, name: asset.name, asset };
  }
  const driver = await api.call(endpoints.drivers.get, { params: { id } });
  const name = `${driver.firstName} ${driver.lastName}`.trim();
  return { type, id, organisationId: driver.organisationId, name, driver };
}

export const entityQueryOptions = (type: EntityType, id: number) =>
  queryOptions({ queryKey: ['entity', type, id], queryFn: () => getEntity(type, id) });

export const useEntity = (type: EntityType, id: number) => useQuery(entityQueryOptions(type, id));
