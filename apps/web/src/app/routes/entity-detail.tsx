import { EntityDetailScreen } from '@/features/entity-detail/entity-detail-screen';
import { MonitoringPanel } from '@/features/monitoring/components/monitoring-panel';
import { NotFound } from './not-found';
import { useEntityParams } from './use-entity-params';

export function Component() {
  const entity = useEntityParams();
  if (!entity) return <NotFound />;
  // Keyed so that moving to another entity starts with fresh tab state.
  return (
    <EntityDetailScreen
      key={`${entity.type}-${entity.entityId}`}
      type={entity.type}
      entityId={entity.entityId}
      slots={{
        monitoring: <MonitoringPanel type={entity.type} entityId={entity.entityId} />,
      }}
    />
  );
}
