import { lazy, Suspense } from 'react';
import { Spinner } from 'react-bootstrap';
import { EntityDetailScreen } from '@/features/entity-detail/entity-detail-screen';
import type { EntitySlots } from '@/features/entity-detail/slots';
import { MonitoringPanel } from '@/features/monitoring/components/monitoring-panel';
import { NotFound } from './not-found';
import { useEntityParams } from './use-entity-params';

// The media feature loads when its tab or a trip's event list first needs it.
const MediaPanel = lazy(() => import('@/features/media/components/media-panel'));
const EventMedia = lazy(() => import('@/features/media/components/event-media'));
// Issue 20: the Safety tab loads with the safety review's chunk.
const SafetyTab = lazy(() => import('@/features/safety/components/safety-tab'));

const slots: EntitySlots = {
  mediaTab: (entity) => (
    <Suspense fallback={<Spinner size="sm" />}>
      <MediaPanel type={entity.type} entityId={entity.id} />
    </Suspense>
  ),
  safetyTab: (entity) => (
    <Suspense fallback={<Spinner size="sm" />}>
      <SafetyTab entity={entity} />
    </Suspense>
  ),
  monitoringTab: (entity) => <MonitoringPanel type={entity.type} entityId={entity.id} />,
  eventMedia: (event) => (
    <Suspense fallback={null}>
      <EventMedia {...event} />
    </Suspense>
  ),
};

export function Component() {
  const entity = useEntityParams();
  if (!entity) return <NotFound />;
  // Keyed so that moving to another entity starts with fresh tab state.
  return (
    <EntityDetailScreen
      key={`${entity.type}-${entity.entityId}`}
      type={entity.type}
      entityId={entity.entityId}
      slots={slots}
    />
  );
}
