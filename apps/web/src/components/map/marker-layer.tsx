import type { FeatureCollection } from 'geojson';
import { Popup, type MapLayerMouseEvent } from 'maplibre-gl';
import { useEffect, useMemo } from 'react';
import { toLngLat } from './map-style';
import { useGeoJsonSource } from './use-geojson-source';

export type MapMarker = {
  location: { latitude: number; longitude: number };
  /** Shown in the info window on click; plain text. */
  title: string;
  detail?: string;
  /** start, finish and events of a trip; record and datapoint: positions a vehicle reported */
  kind: 'start' | 'finish' | 'event' | 'record' | 'datapoint';
};

const COLORS: Record<MapMarker['kind'], string> = {
  start: '#198754',
  finish: '#dc3545',
  event: '#fd7e14',
  record: '#0d6efd',
  datapoint: '#6f42c1',
};
const RADIUS: Record<MapMarker['kind'], number> = {
  start: 8,
  finish: 8,
  event: 6,
  record: 3.5,
  datapoint: 3.5,
};
/** Reported positions come every few seconds: a white ring on each would hide them all. */
const STROKE: Record<MapMarker['kind'], number> = {
  start: 2,
  finish: 2,
  event: 2,
  record: 0,
  datapoint: 0,
};

/** Markers as circles (start, finish, events, reported positions); a click opens an info window. */
export function MarkerLayer({ id, markers }: { id: string; markers: MapMarker[] }) {
  const data = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: markers.map((marker) => ({
        type: 'Feature',
        properties: {
          title: marker.title,
          detail: marker.detail ?? '',
          color: COLORS[marker.kind],
          radius: RADIUS[marker.kind],
          stroke: STROKE[marker.kind],
        },
        geometry: { type: 'Point', coordinates: toLngLat(marker.location) },
      })),
    }),
    [markers],
  );
  const layerId = `${id}-circles`;
  const map = useGeoJsonSource(
    id,
    [
      {
        id: layerId,
        type: 'circle',
        source: id,
        paint: {
          'circle-color': ['get', 'color'],
          'circle-radius': ['get', 'radius'],
          'circle-stroke-color': '#fff',
          'circle-stroke-width': ['get', 'stroke'],
        },
      },
    ],
    data,
  );

  useEffect(() => {
    const open = (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      if (!feature || feature.geometry.type !== 'Point') return;
      const body = document.createElement('div');
      const title = document.createElement('strong');
      title.textContent = String(feature.properties.title);
      body.append(title);
      if (feature.properties.detail) {
        const detail = document.createElement('div');
        detail.textContent = String(feature.properties.detail);
        body.append(detail);
      }
      new Popup({ closeButton: true })
        .setLngLat(feature.geometry.coordinates as [number, number])
        .setDOMContent(body)
        .addTo(map);
    };
    const pointer = () => (map.getCanvas().style.cursor = 'pointer');
    const plain = () => (map.getCanvas().style.cursor = '');
    map.on('click', layerId, open);
    map.on('mouseenter', layerId, pointer);
    map.on('mouseleave', layerId, plain);
    return () => {
      map.off('click', layerId, open);
      map.off('mouseenter', layerId, pointer);
      map.off('mouseleave', layerId, plain);
    };
  }, [map, layerId]);

  return <span hidden data-testid={`${id}-features`} data-count={data.features.length} />;
}
