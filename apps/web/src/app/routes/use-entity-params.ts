import { useParams } from 'react-router';
import { isEntityType, type EntityType } from '@/config/paths';

/** The :type and :entityId of an entity route, or null when they name no asset or driver. */
export function useEntityParams(): { type: EntityType; entityId: number } | null {
  const { type, entityId } = useParams();
  const id = Number(entityId);
  return isEntityType(type) && Number.isInteger(id) && id > 0 ? { type, entityId: id } : null;
}
