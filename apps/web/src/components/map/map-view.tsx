import 'maplibre-gl/dist/maplibre-gl.css';
import '@/locales/map/register';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useQuery } from '@tanstack/react-query';
import {
  AttributionControl,
  Map as MapLibreMap,
  NavigationControl,
  setWorkerUrl,
  type ErrorEvent as MapErrorEvent,
  type StyleSpecification,
} from 'maplibre-gl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { baseMapStyle, type BaseMapData } from './base-map';
import { MapContext } from './map-context';
import { clientConfigQueryOptions, OSM_PROBE_URL, OSM_STYLE } from './map-style';
import { answersOnce, markFailed } from './tile-probe';

// The worker is its own file so that Vite emits it next to this lazy chunk.
setWorkerUrl(workerUrl);

let baseMapData: Promise<BaseMapData> | null = null;

/** The base map's data, loaded once per page and only by a map that needs it. */
function loadBaseMap(): Promise<BaseMapData> {
  baseMapData ??= import('./base-map-data').then((m) => m.loadBaseMapData());
  baseMapData.catch(() => (baseMapData = null));
  return baseMapData;
}

/** A tile that did not load, or a style that did not: the tile server is not answering. */
const isTileServerFailure = (event: MapErrorEvent, styleLoaded: boolean) =>
  'tile' in event || !styleLoaded;

type View = { center: [number, number]; zoom: number };

/**
 * Creates the map in `container` with `style` (the base map's when `builtIn`), returns its
 * remover. `onTileFailure` is called when the tile server fails under a detailed map.
 */
function createMap(
  container: HTMLElement,
  style: StyleSpecification | string,
  view: View,
  onReady: (map: MapLibreMap) => void,
  onTileFailure: (() => void) | null,
): MapLibreMap {
  const instance = new MapLibreMap({ container, style, ...view, attributionControl: false });
  instance.addControl(new AttributionControl({ compact: false }));
  instance.addControl(new NavigationControl({ showCompass: false }), 'top-right');
  let styleLoaded = false;
  // data-map-idle: drawn, nothing loading or moving; what tests wait for, never for time.
  const busy = () => delete container.dataset.mapIdle;
  instance.on('dataloading', busy);
  instance.on('movestart', busy);
  instance.on('idle', () => (container.dataset.mapIdle = 'true'));
  instance.on('load', () => {
    styleLoaded = true;
    onReady(instance);
  });
  // A listener of its own: MapLibre would otherwise log every failed tile to the console.
  instance.on('error', (event: MapErrorEvent) => {
    if (onTileFailure && isTileServerFailure(event, styleLoaded)) onTileFailure();
    else console.error(event.error);
  });
  return instance;
}

/**
 * One MapLibre map in a div. Its children are layers (components that render nothing); they are
 * rendered once the style has loaded, and take the map from context.
 *
 * The detailed map comes from the tile server (MAP_STYLE_URL, else OpenStreetMap). When it does
 * not answer (offline, air-gapped, or down), the map shows the built-in base map instead, with
 * a notice, and the page stops asking that server (issue 19 §4).
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
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const config = useQuery(clientConfigQueryOptions);
  // The start view is read once: later changes of the props do not move the map under the user.
  // It keeps the user's view when the base map replaces a failed detailed map.
  const view = useRef<View>({ center, zoom });
  const ready = config.isSuccess || config.isError;
  const styleUrl = config.data?.mapStyleUrl ?? null;
  const probeUrl = styleUrl ?? OSM_PROBE_URL;
  /** null while the tile server is being asked */
  const [answers, setAnswers] = useState<boolean | null>(null);
  const [failed, setFailed] = useState(false);
  const builtIn = answers === false || failed;

  useEffect(() => {
    if (!ready) return;
    let live = true;
    void answersOnce(probeUrl).then((answer) => live && setAnswers(answer));
    return () => {
      live = false;
    };
  }, [ready, probeUrl]);

  useEffect(() => {
    const element = container.current;
    if (answers === null || !element) return;
    let live = true;
    let instance: MapLibreMap | null = null;
    const onTileFailure = () => {
      markFailed(probeUrl);
      setFailed(true);
    };
    const create = (style: StyleSpecification | string) => {
      instance = createMap(element, style, view.current, setMap, builtIn ? null : onTileFailure);
    };
    if (!builtIn) create(styleUrl ?? OSM_STYLE);
    else
      loadBaseMap().then(
        (data) => live && create(baseMapStyle(data)),
        (error: unknown) => console.error(error),
      );
    return () => {
      live = false;
      setMap(null);
      if (!instance) return;
      view.current = { center: instance.getCenter().toArray(), zoom: instance.getZoom() };
      instance.remove();
    };
  }, [answers, builtIn, styleUrl, probeUrl]);

  return (
    <div
      className="position-relative"
      data-testid={testId}
      data-base-map={builtIn ? 'built-in' : 'tiles'}
    >
      <div ref={container} style={{ height }} className="rounded border" />
      {map && <MapContext.Provider value={map}>{children}</MapContext.Provider>}
      {map && builtIn && (
        <div
          role="status"
          className="position-absolute bottom-0 start-0 m-2 px-2 py-1 small rounded border bg-body shadow-sm"
          data-testid="base-map-notice"
        >
          {t('map.baseOnly')}
        </div>
      )}
    </div>
  );
}
