import { describe, expect, it } from 'vitest';
import { Random } from './random.js';
import {
  buildNetwork,
  crossesWater,
  distance,
  onWater,
  placeIndex,
  planRoute,
  positionAt,
  roadDistances,
  toLocation,
} from './route.js';
import { CAUSEWAYS, DEPOTS, TOWNS } from './towns.js';

const network = buildNetwork();

describe('towns and the road network', () => {
  it('has about sixty towns, all on dry land inside the Netherlands', () => {
    expect(TOWNS.length).toBeGreaterThanOrEqual(60);
    for (const place of [...TOWNS, ...DEPOTS]) {
      expect(onWater(place), place.name).toBe(false);
      expect(place.latitude, place.name).toBeGreaterThan(50.75);
      expect(place.latitude, place.name).toBeLessThan(53.5);
      expect(place.longitude, place.name).toBeGreaterThan(3.35);
      expect(place.longitude, place.name).toBeLessThan(7.23);
    }
    expect(new Set(TOWNS.map((t) => t.name)).size).toBe(TOWNS.length);
  });

  it('reaches every place from every depot', () => {
    for (const depot of DEPOTS) {
      const lengths = roadDistances(network, placeIndex(network, depot.name));
      lengths.forEach((length, i) =>
        expect(length, network.places[i]!.name).toBeLessThan(Infinity),
      );
    }
  });

  it('does not link towns across open water, except by the causeways', () => {
    const causeway = (a: string, b: string) =>
      CAUSEWAYS.some((c) => (c.from === a && c.to === b) || (c.from === b && c.to === a));
    network.links.forEach((links, a) => {
      for (const link of links) {
        const [from, to] = [network.places[a]!, network.places[link.to]!];
        if (causeway(from.name, to.name)) continue;
        expect(crossesWater(from, to), `${from.name}–${to.name}`).toBe(false);
      }
    });
    // Amsterdam to Lelystad goes around the Markermeer, not across it.
    const amsterdam = placeIndex(network, 'Amsterdam');
    const lelystad = placeIndex(network, 'Lelystad');
    expect(roadDistances(network, amsterdam)[lelystad]!).toBeGreaterThan(
      1.1 * distance(network.places[amsterdam]!, network.places[lelystad]!),
    );
  });
});

describe('planRoute', () => {
  const random = new Random(42);
  const pairs: [string, string][] = [
    ['Nieuwegein, Plettenburg', 'Amsterdam'],
    ['Rotterdam, Waalhaven', 'Eindhoven'],
    ['Tilburg, Vossenberg', 'Breda'],
    ['Lelystad, Flevopoort', 'Zwolle'],
    ['Den Helder', 'Leeuwarden'],
    ['Middelburg', 'Utrecht'],
  ];

  it.each(pairs)('%s → %s: from door to door, a little longer than straight', (from, to) => {
    const a = placeIndex(network, from);
    const b = placeIndex(network, to);
    const route = planRoute(network, a, b, random);
    const straight = distance(network.places[a]!, network.places[b]!);
    expect(route.length).toBeGreaterThan(straight);
    expect(route.length).toBeLessThan(1.6 * straight);
    expect(distance(route.points[0]!, network.places[a]!)).toBeLessThan(1);
    expect(distance(route.points.at(-1)!, network.places[b]!)).toBeLessThan(1);
    for (let i = 1; i < route.points.length; i++) {
      const step = route.cumulative[i]! - route.cumulative[i - 1]!;
      expect(step).toBeLessThanOrEqual(251);
      // Gentle curves: no hairpins between consecutive short segments.
      if (i >= 2 && step > 50 && route.cumulative[i - 1]! - route.cumulative[i - 2]! > 50) {
        const turn = Math.abs(
          ((positionAt(route, route.cumulative[i - 1]! + 1).heading -
            positionAt(route, route.cumulative[i - 1]! - 1).heading +
            540) %
            360) -
            180,
        );
        expect(turn).toBeLessThan(100);
      }
    }
    expect(route.zones[0]!.from).toBe(0);
    expect(route.zones.at(-1)!.to).toBeCloseTo(route.length, 6);
    expect(route.zones.every((z, i) => i === 0 || z.from === route.zones[i - 1]!.to)).toBe(true);
  });

  it('puts a motorway on long routes and none on short ones', () => {
    const long = planRoute(
      network,
      placeIndex(network, 'Rotterdam, Waalhaven'),
      placeIndex(network, 'Zwolle'),
      random,
    );
    expect(long.zones.some((z) => z.kind === 'motorway' && z.to - z.from > 50_000)).toBe(true);
    const short = planRoute(
      network,
      placeIndex(network, 'Delft'),
      placeIndex(network, 'Schiedam'),
      random,
    );
    expect(short.zones.some((z) => z.kind === 'motorway')).toBe(false);
  });

  it('gives positions along the line, in the protocol’s integer degrees', () => {
    const route = planRoute(
      network,
      placeIndex(network, 'Utrecht'),
      placeIndex(network, 'Amersfoort'),
      random,
    );
    const middle = positionAt(route, route.length / 2);
    expect(distance(middle, route.points[0]!)).toBeGreaterThan(5_000);
    expect(distance(middle, route.points.at(-1)!)).toBeGreaterThan(5_000);
    expect(middle.heading).toBeGreaterThanOrEqual(0);
    expect(middle.heading).toBeLessThan(360);
    expect(toLocation({ latitude: 52.09031, longitude: 5.11945 })).toEqual({
      latitude: 5209031,
      longitude: 511945,
    });
  });
});
