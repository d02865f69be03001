import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useQuery } from '@tanstack/react-query';
import {
  AttributionControl,
  Map as MapLibreMap,
  NavigationControl,
  setWorkerUrl,
} from 'maplibre-gl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { MapContext } from './map-context';
import { clientConfigQueryOptions, OSM_STYLE } from './map-style';

// The worker is its own file so that Vite emits it next to this lazy chunk.
setWorkerUrl(workerUrl);

/**
 * One MapLibre map in a div. Its children are layers (components that render nothing); they are
 * rendered once the style has loaded, and take the map from context.
 */
export function MapView({
  center,
  zoom,
  height = 400,
  children,
  testId,
}: {
  /** [longitude, latitude] in degrees */
  center: [number, number];
  zoom: number;
  height?: number;
  children?: ReactNode;
  testId?: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const config = useQuery(clientConfigQueryOptions);
  // The start view is read once: later changes of the props do not move the map under the user.
  const initial = useRef({ center, zoom });
  const ready = config.isSuccess || config.isError;
  const styleUrl = config.data?.mapStyleUrl ?? null;

  useEffect(() => {
    if (!ready || !container.current) return;
    const instance = new MapLibreMap({
      container: container.current,
      style: styleUrl ?? OSM_STYLE,
      center: initial.current.center,
      zoom: initial.current.zoom,
      attributionControl: false,
    });
    instance.addControl(new AttributionControl({ compact: false }));
    instance.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    instance.on('load', () => setMap(instance));
    return () => {
      setMap(null);
      instance.remove();
    };
  }, [ready, styleUrl]);

  return (
    <div className="position-relative" data-testid={testId}>
      <div ref={container} style={{ height }} className="rounded border" />
      {map && <MapContext.Provider value={map}>{children}</MapContext.Provider>}
    </div>
  );
}
