import { Navigate } from 'react-router';
import { hrefs } from '@/config/paths';
import { NotFound } from './not-found';
import { useEntityParams } from './use-entity-params';

/** The entity's heatmap are a tab of the entity detail screen. */
export function Component() {
  const entity = useEntityParams();
  if (!entity) return <NotFound />;
  return (
    <Navigate to={`${hrefs.entityDetail(entity.type, entity.entityId)}?tab=heatmap`} replace />
  );
}
