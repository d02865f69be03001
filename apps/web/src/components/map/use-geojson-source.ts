import type { FeatureCollection } from 'geojson';
import type { AddLayerObject, GeoJSONSource } from 'maplibre-gl';
import { useEffect } from 'react';
import { useMap } from './map-context';

/**
 * The traccar-web pattern: add a GeoJSON source and its layers on mount, remove them on unmount,
 * and feed new data through setData rather than re-creating them.
 */
export function useGeoJsonSource(id: string, layers: AddLayerObject[], data: FeatureCollection) {
  const map = useMap();

  useEffect(() => {
    map.addSource(id, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    for (const layer of layers) map.addLayer(layer);
    return () => {
      // The map may already be gone when the whole view unmounts.
      if (!map.style) return;
      for (const layer of layers) if (map.getLayer(layer.id)) map.removeLayer(layer.id);
      if (map.getSource(id)) map.removeSource(id);
    };
    // Layers are fixed for the life of the component: their paint comes from constants.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, id]);

  useEffect(() => {
    map.getSource<GeoJSONSource>(id)?.setData(data);
  }, [map, id, data]);

  return map;
}
