import type { Zone } from '@fleet/contract';
import type { FeatureCollection } from 'geojson';
import { Marker } from 'maplibre-gl';
import { useEffect, useMemo } from 'react';
import { useGeoJsonSource } from '@/components/map/use-geojson-source';
import { shapeCentre, shapeRing } from '../zone-shape';

/**
 * The zones as map layers: each filled and outlined in its colour, its name at its centre. The
 * names are HTML markers: the built-in base map has no glyphs for text layers. They repeat the
 * list beside the map, so screen readers skip them.
 */
export function ZoneLayer({ zones }: { zones: Zone[] }) {
  const data = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: zones.map((zone) => ({
        type: 'Feature',
        properties: { id: zone.id, colour: zone.colour },
        geometry: { type: 'Polygon', coordinates: [shapeRing(zone.shape)] },
      })),
    }),
    [zones],
  );
  const map = useGeoJsonSource(
    'zones',
    [
      {
        id: 'zones-fill',
        type: 'fill',
        source: 'zones',
        paint: { 'fill-color': ['get', 'colour'], 'fill-opacity': 0.2 },
      },
      {
        id: 'zones-outline',
        type: 'line',
        source: 'zones',
        paint: { 'line-color': ['get', 'colour'], 'line-width': 2 },
      },
    ],
    data,
  );

  useEffect(() => {
    const markers = zones.map((zone) => {
      const label = document.createElement('div');
      label.className = 'zone-label small fw-semibold px-1 rounded border bg-white text-dark';
      label.style.borderColor = zone.colour;
      label.style.pointerEvents = 'none';
      label.setAttribute('aria-hidden', 'true');
      label.dataset.testid = 'zone-label';
      label.textContent = zone.name;
      return new Marker({ element: label }).setLngLat(shapeCentre(zone.shape)).addTo(map);
    });
    return () => markers.forEach((marker) => marker.remove());
  }, [map, zones]);

  return <span hidden data-testid="zones-features" data-count={data.features.length} />;
}
