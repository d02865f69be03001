import type { Location } from '@fleet/contract';
import { HeatLayer } from '@/components/map/heat-layer';
import { MapView } from '@/components/map/map-view';

/** Spec §9: the heatmap starts over the Netherlands at zoom 7. */
const NETHERLANDS: [number, number] = [5.29, 52.13];
const NETHERLANDS_ZOOM = 7;

export default function HeatmapMap({ points }: { points: (Location & { weight?: number })[] }) {
  return (
    <MapView center={NETHERLANDS} zoom={NETHERLANDS_ZOOM} height={520} testId="heatmap-map">
      <HeatLayer id="heatmap" points={points} />
    </MapView>
  );
}
