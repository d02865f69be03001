import type { Map as MapLibreMap } from 'maplibre-gl';
import { createContext, useContext } from 'react';

/** The map of the surrounding MapView, provided once its style has loaded. */
export const MapContext = createContext<MapLibreMap | null>(null);

export function useMap(): MapLibreMap {
  const map = useContext(MapContext);
  if (!map) throw new Error('Map layers belong inside a MapView');
  return map;
}
