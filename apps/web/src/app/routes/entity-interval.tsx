import { EntityIntervalScreen } from '@/features/entity-detail/components/interval-screen';
import { NotFound } from './not-found';
import { useEntityParams } from './use-entity-params';

/** entity-interval (spec §2): the entity's driving style per day, week or month of the period. */
export function Component() {
  const entity = useEntityParams();
  if (!entity) return <NotFound />;
  return <EntityIntervalScreen type={entity.type} id={entity.entityId} />;
}
