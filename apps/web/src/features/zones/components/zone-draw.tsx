import type { ZoneShape } from '@fleet/contract';
import { useEffect, useRef, useState } from 'react';
import type { TerraDraw } from 'terra-draw';
import { useMap } from '@/components/map/map-context';
import { drawnShape, shapeFeature, type DrawnFeature } from '../zone-shape';

export type DrawTool = 'polygon' | 'circle';

/** The drawing library and its MapLibre adapter, loaded with the first zone editor only. */
async function createDraw(
  map: ReturnType<typeof useMap>,
  colour: string,
  circleIds: Set<unknown>,
): Promise<TerraDraw> {
  const [td, { TerraDrawMapLibreGLAdapter }] = await Promise.all([
    import('terra-draw'),
    import('terra-draw-maplibre-gl-adapter'),
  ]);
  const hex = colour as `#${string}`;
  const shapeStyle = { fillColor: hex, outlineColor: hex, fillOpacity: 0.3, outlineWidth: 2 };
  return new td.TerraDraw({
    adapter: new TerraDrawMapLibreGLAdapter({ map, prefixId: 'zone-draw' }),
    modes: [
      new td.TerraDrawPolygonMode({ styles: { ...shapeStyle, closingPointColor: hex } }),
      new td.TerraDrawCircleMode({ styles: shapeStyle }),
      new td.TerraDrawSelectMode({
        flags: {
          polygon: {
            feature: {
              draggable: true,
              coordinates: { midpoints: true, draggable: true, deletable: true },
            },
          },
          circle: { feature: { draggable: true, coordinates: { resizable: 'center-fixed' } } },
        },
        styles: {
          selectedPolygonColor: hex,
          selectedPolygonOutlineColor: hex,
          // A circle's ring has 64 points: small handles, so it still reads as a circle.
          selectionPointWidth: (point) =>
            circleIds.has(point.properties.selectionPointFeatureId as string) ? 2 : 6,
        },
      }),
    ],
  });
}

/**
 * The zone being drawn or edited, on the map (terra-draw). With `tool` it draws a new shape of
 * that kind; else it shows `shape` with handles to move its corners or resize the circle. Every
 * finished drawing or drag is handed to `onShape`. `revision` changes when the shape was changed
 * outside the map (the form's radius), or another zone is being edited: the map then shows
 * `shape` afresh.
 */
export function ZoneDrawing({
  tool,
  shape,
  revision,
  colour,
  onShape,
}: {
  tool: DrawTool | null;
  shape: ZoneShape | null;
  revision: string;
  colour: string;
  onShape: (shape: ZoneShape | null) => void;
}) {
  const map = useMap();
  const [draw, setDraw] = useState<TerraDraw | null>(null);
  /** the feature just drawn: kept (not drawn afresh) when the tool goes back to editing */
  const finished = useRef<string | number | null>(null);
  const onShapeRef = useRef(onShape);
  const shapeRef = useRef(shape);
  useEffect(() => {
    onShapeRef.current = onShape;
    shapeRef.current = shape;
  });

  useEffect(() => {
    let live = true;
    let instance: TerraDraw | null = null;
    const circleIds = new Set<unknown>();
    createDraw(map, colour, circleIds).then(
      (created) => {
        if (!live) return;
        instance = created;
        created.start();
        created.on('change', (ids, type) => {
          if (type === 'delete') return ids.forEach((id) => circleIds.delete(id));
          for (const id of ids)
            if (created.getSnapshotFeature(id)?.properties.mode === 'circle') circleIds.add(id);
        });
        created.on('finish', (id, context) => {
          if (context.mode !== 'select') finished.current = id;
          onShapeRef.current(
            drawnShape(created.getSnapshotFeature(id) as DrawnFeature | undefined),
          );
        });
        setDraw(created);
      },
      (error: unknown) => console.error(error),
    );
    return () => {
      live = false;
      setDraw(null);
      // The map may already be gone when the whole view unmounts.
      if (instance?.enabled && map.style) instance.stop();
    };
  }, [map, colour]);

  useEffect(() => {
    if (!draw) return;
    const drawn = finished.current;
    finished.current = null;
    // Just drawn: the same feature, now with handles to move its corners.
    if (!tool && drawn !== null && draw.hasFeature(drawn)) {
      draw.setMode('select');
      draw.selectFeature(drawn);
      return;
    }
    draw.clear();
    if (tool) return draw.setMode(tool);
    draw.setMode('select');
    const current = shapeRef.current;
    if (!current) return;
    const [added] = draw.addFeatures([{ id: crypto.randomUUID(), ...shapeFeature(current) }]);
    if (added?.valid && added.id !== undefined) draw.selectFeature(added.id);
  }, [draw, tool, revision]);

  return (
    <span
      hidden
      data-testid="zone-drawing"
      data-ready={draw ? 'true' : 'false'}
      data-mode={tool ?? 'select'}
    />
  );
}
