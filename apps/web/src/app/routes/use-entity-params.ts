import { useParams } from 'react-router';
import { isEntityType, type EntityType } from '@/config/paths';
import { useRouteHandle } from '../route-handle';

/**
 * The type (:type, or the route's own for asset-detail and driver-detail) and :entityId of an
 * entity route, or null when they name no asset or driver.
 */
export function useEntityParams(): { type: EntityType; entityId: number } | null {
  const params = useParams();
  const handle = useRouteHandle();
  const { entityId } = params;
  const type = params.type ?? handle.entityType;
  const id = Number(entityId);
  return isEntityType(type) && Number.isInteger(id) && id > 0 ? { type, entityId: id } : null;
}
