import type { GeometryCollection, Topology } from 'topojson-specification';
import { feature, mesh } from 'topojson-client';
// Natural Earth 1:50m (world-atlas): 756 kB of JSON, 230 kB gzip, served beside this chunk and
// fetched only when a map needs the base map. 1:110m (38 kB gzip) draws the Netherlands as a
// rough blob at the heatmap's zoom 7; 1:10m would be 3.6 MB.
import atlasUrl from 'world-atlas/countries-50m.json?url';
import { collection, type BaseMapData } from './base-map';

type World = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

/** The land and the borders between countries (shared arcs only: no line along the coast). */
export function baseMapData(world: World): BaseMapData {
  return {
    land: collection(feature(world, world.objects.land)),
    borders: collection(mesh(world, world.objects.countries, (a, b) => a !== b)),
  };
}

export async function loadBaseMapData(): Promise<BaseMapData> {
  const response = await fetch(atlasUrl);
  if (!response.ok) throw new Error(`The base map's data answered ${response.status}`);
  return baseMapData((await response.json()) as World);
}
