import { lazy, Suspense, useMemo } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Loading } from '@/components/loading';
import { useStore } from '@/lib/store';
import { useEventTypeLabel } from '@/lib/use-labels';
import type { Entity } from '../api/get-entity';
import { useHeatmap } from '../api/get-vehicle-data';
import { HEATMAP_EVENT_TYPES, heatmapStore, useEntityPeriod } from '../state';
import { QueryState } from './shared';

const HeatmapMap = lazy(() => import('./heatmap-map'));

/** Spec §2 Heatmap: the chosen event type's events of the period as a heat layer, weighted per cell. */
export function HeatmapTab({ entity }: { entity: Entity }) {
  const { t } = useTranslation();
  const period = useEntityPeriod();
  const label = useEventTypeLabel();
  const eventType = useStore(heatmapStore);
  // Counted per grid cell on the server, so that a year draws as well as a day.
  const events = useHeatmap(entity.type, entity.id, eventType, period);
  const points = useMemo(() => events.data ?? [], [events.data]);
  const count = useMemo(() => points.reduce((sum, cell) => sum + cell.weight, 0), [points]);
  return (
    <>
      <fieldset className="mb-3">
        <legend className="small text-body-secondary mb-1">{t('entity.heatmap.eventType')}</legend>
        {HEATMAP_EVENT_TYPES.map((type) => (
          <Form.Check
            key={type}
            inline
            type="radio"
            name="heatmap-event-type"
            id={`heatmap-${type}`}
            label={label(type)}
            checked={eventType === type}
            onChange={() => heatmapStore.set(type)}
          />
        ))}
      </fieldset>
      <QueryState query={events} />
      {/* Issue 19 §11: a count only once the cells have come, never "0 events" before. */}
      {events.data && (
        <p className="small text-body-secondary mb-2" data-testid="heatmap-count">
          {t('entity.heatmap.count', { count })}
        </p>
      )}
      <Suspense fallback={<Loading />}>
        <HeatmapMap points={points} />
      </Suspense>
    </>
  );
}
