import { sql } from 'kysely';
import type { ZoneShape } from '@fleet/contract';
import type { Db } from '../../db/database.js';
import { boundingBox } from '../zones/index.js';

/** A rectangle of `width` × `height` metres around a place (an open polygon ring). */
const rectangle = (lon: number, lat: number, width: number, height: number): ZoneShape => {
  const dLat = height / 2 / 111_195;
  const dLon = width / 2 / (111_195 * Math.cos((lat * Math.PI) / 180));
  return {
    type: 'polygon',
    coordinates: [
      [lon - dLon, lat - dLat],
      [lon + dLon, lat - dLat],
      [lon + dLon, lat + dLat],
      [lon - dLon, lat + dLat],
    ],
  };
};

/**
 * Issue 21 §1 and §6: zones of the demo organisation where its simulated trucks drive (the
 * depots of apps/simulator/src/towns.ts, and Utrecht's centre, which the trucks of the
 * Nieuwegein depot drive to and through), and a zoneEnter rule on the customer site, so a
 * live truck's arrival is notified within minutes of `npm start`.
 */
export const DEMO_ZONES: {
  name: string;
  shape: ZoneShape;
  speedLimit: number | null;
  colour: string;
}[] = [
  {
    name: 'Depot Nieuwegein',
    shape: rectangle(5.064, 52.0335, 800, 600),
    speedLimit: null,
    colour: '#2e86de',
  },
  {
    name: 'Depot Rotterdam Waalhaven',
    shape: rectangle(4.435, 51.88, 800, 600),
    speedLimit: null,
    colour: '#2e86de',
  },
  {
    name: 'Customer site Utrecht',
    shape: { type: 'circle', center: [5.1214, 52.0907], radius: 2000 },
    speedLimit: 30,
    colour: '#e67e22',
  },
];

export async function seedDemoZones(db: Db, organisation = 'Demo Transport'): Promise<void> {
  const owner = await db
    .selectFrom('organisations')
    .select('id')
    .where('name', '=', organisation)
    .executeTakeFirst();
  if (!owner) return;
  await db.transaction().execute(async (trx) => {
    let customerSite: number | undefined;
    for (const zone of DEMO_ZONES) {
      const { id } = await trx
        .insertInto('zones')
        .values({ organisation_id: owner.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      const box = boundingBox(zone.shape);
      await trx
        .insertInto('zone_versions')
        .values({
          zone_id: id,
          valid_from: sql<Date>`'-infinity'::timestamptz`,
          name: zone.name,
          shape: JSON.stringify(zone.shape),
          speed_limit: zone.speedLimit,
          colour: zone.colour,
          min_lon: box.minLon,
          min_lat: box.minLat,
          max_lon: box.maxLon,
          max_lat: box.maxLat,
        })
        .execute();
      if (zone.speedLimit !== null) customerSite = id;
    }
    await trx
      .insertInto('alert_rules')
      .values({
        organisation_id: owner.id,
        name: 'Arrived at the customer site',
        kind: 'zoneEnter',
        zone_id: customerSite!,
      })
      .execute();
  });
}
