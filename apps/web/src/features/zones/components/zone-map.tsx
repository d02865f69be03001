import type { Zone, ZoneShape } from '@fleet/contract';
import { useEffect, useRef } from 'react';
import { MapView } from '@/components/map/map-view';
import { useMap } from '@/components/map/map-context';
import { shapesBounds } from '../zone-shape';
import { ZoneDrawing, type DrawTool } from './zone-draw';
import { ZoneLayer } from './zone-layer';

/** Where the map starts before any zone: where the demo fleet drives (central Netherlands). */
const FALLBACK_CENTER: [number, number] = [5.2, 52.1];

/** Fits the map to the zones it starts with (they have loaded before the map); not later. */
function FitZones({ zones }: { zones: Zone[] }) {
  const map = useMap();
  const start = useRef(zones);
  useEffect(() => {
    const bounds = shapesBounds(start.current.map((z) => z.shape));
    if (bounds) map.fitBounds(bounds, { padding: 40, maxZoom: 14, duration: 0 });
  }, [map]);
  return null;
}

export type Editing = {
  /** the zone being edited (its saved shape is hidden under the drawing), or null for a new one */
  zoneId: number | null;
  tool: DrawTool | null;
  shape: ZoneShape | null;
  revision: string;
  colour: string;
  onShape: (shape: ZoneShape | null) => void;
};

/** The zones on the map, and the one being drawn or edited. Loaded lazily with MapLibre. */
export default function ZoneMap({
  zones,
  editing,
  label,
}: {
  zones: Zone[];
  editing: Editing | null;
  label: string;
}) {
  const shown = editing ? zones.filter((z) => z.id !== editing.zoneId) : zones;
  return (
    <section aria-label={label}>
      <MapView center={FALLBACK_CENTER} zoom={9} height={520} testId="zone-map">
        <ZoneLayer zones={shown} />
        <FitZones zones={zones} />
        {editing && (
          <ZoneDrawing
            tool={editing.tool}
            shape={editing.shape}
            revision={editing.revision}
            colour={editing.colour}
            onShape={editing.onShape}
          />
        )}
      </MapView>
    </section>
  );
}
