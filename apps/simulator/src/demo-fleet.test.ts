import { describe, expect, it } from 'vitest';
import { Compile } from 'typebox/compile';
import { CreateAssetBody, CreateDeviceBody, CreateDriverBody } from '@fleet/contract';
import { demoFleets, plannedDriverLinks, roster, type PlannedDriverLink } from './demo-fleet.js';
import { addDays, localDay } from './local-time.js';
import { simulateHistory } from './schedule.js';

const DAY = 86_400_000;
const until = Date.parse('2026-11-21T09:30:00Z');
const from = until - 30 * DAY;
const fleets = demoFleets(1, from - DAY);
const days: string[] = [];
for (let day = localDay(from); day <= localDay(until); day = addDays(day, 1)) days.push(day);

describe('the demo fleets', () => {
  it('has 28 assets, 34 drivers and 28 devices at Demo Transport and 5 of each at Polder Logistics', () => {
    const [demo, polder] = fleets;
    expect(demo!.organisation).toBe('Demo Transport');
    expect([demo!.vehicles.length, demo!.drivers.length]).toEqual([28, 34]);
    expect(polder!.organisation).toBe('Polder Logistics');
    expect([polder!.vehicles.length, polder!.drivers.length]).toEqual([5, 5]);
  });

  it('has bodies the API accepts, unique names, plates and identifiers', () => {
    const asset = Compile(CreateAssetBody);
    const driver = Compile(CreateDriverBody);
    const device = Compile(CreateDeviceBody);
    const vehicles = fleets.flatMap((f) => f.vehicles);
    const drivers = fleets.flatMap((f) => f.drivers);
    for (const v of vehicles) {
      expect(asset.Check(v.asset)).toBe(true);
      expect(device.Check(v.device)).toBe(true);
      expect(v.asset.licencePlate).toMatch(/^B[BDFGHJKLNPRSTVXZ]-\d{3}-[BDFGHJKLNPRSTVXZ]$/);
      expect(v.device.identifier).toMatch(/^FW-1\d{5}$/);
    }
    for (const d of drivers) {
      expect(driver.Check(d.body)).toBe(true);
      expect(d.body.phone).toMatch(/^\+31 6 \d{8}$/);
    }
    const unique = (values: string[]) => new Set(values).size === values.length;
    expect(unique(vehicles.map((v) => v.asset.name))).toBe(true);
    expect(unique(vehicles.map((v) => v.asset.licencePlate))).toBe(true);
    expect(unique(vehicles.map((v) => v.device.identifier))).toBe(true);
    expect(unique(drivers.map((d) => `${d.body.firstName} ${d.body.lastName}`))).toBe(true);
    expect(drivers[0]!.body).toMatchObject({ firstName: 'Daan', lastName: 'Bakker' });
  });

  it('has drivers of differing roughness, so scores differ', () => {
    const roughness = fleets[0]!.drivers.map((d) => d.roughness);
    expect(Math.min(...roughness)).toBeLessThan(0.2);
    expect(Math.max(...roughness)).toBeGreaterThan(0.65);
  });

  it('is the same for the same seed and different for another', () => {
    const again = demoFleets(1, from - DAY);
    expect(again.map((f) => f.vehicles.map((v) => v.asset))).toEqual(
      fleets.map((f) => f.vehicles.map((v) => v.asset)),
    );
    const other = demoFleets(2, from - DAY);
    expect(other[0]!.vehicles[0]!.device.identifier).not.toBe(
      fleets[0]!.vehicles[0]!.device.identifier,
    );
  });
});

describe('roster', () => {
  const fleet = fleets[0]!;
  const table = roster(1, fleet, days);

  it('puts the regular driver on most days, a stand-in on some, nobody known on a few', () => {
    const all = table.flat();
    const regular = table.reduce((n, row, v) => n + row.filter((d) => d === v).length, 0);
    const nobody = all.filter((d) => d === null).length;
    expect(regular / all.length).toBeGreaterThan(0.8);
    expect(nobody).toBeGreaterThan(0);
    expect(nobody / all.length).toBeLessThan(0.08);
    expect(all.filter((d) => d !== null && d >= fleet.vehicles.length).length).toBeGreaterThan(0);
  });

  it('never has one driver on two vehicles on the same day', () => {
    days.forEach((_, i) => {
      const drivers = table.map((row) => row[i]).filter((d) => d !== null);
      expect(new Set(drivers).size).toBe(drivers.length);
    });
  });
});

describe('plannedDriverLinks', () => {
  const overlaps = (a: PlannedDriverLink, b: PlannedDriverLink) =>
    a.from < (b.until ?? Infinity) && b.from < (a.until ?? Infinity);

  it('covers every shift by its driver, with no driver on two vehicles and no vehicle with two drivers at once', () => {
    const fleet = fleets[0]!;
    const table = roster(1, fleet, days);
    const all: (PlannedDriverLink & { vehicle: number })[] = [];
    fleet.vehicles.slice(0, 12).forEach((vehicle, v) => {
      const driverOfDay = (day: string) => table[v]![days.indexOf(day)] ?? null;
      const { shifts } = simulateHistory(
        vehicle.profile,
        vehicle.snapshot,
        from,
        until,
        () => fleet.unknownStyle,
      );
      const links = plannedDriverLinks(shifts, driverOfDay, v, from - DAY);
      for (const shift of shifts) {
        const driver = driverOfDay(shift.day);
        const covering = links.filter(
          (l) => l.from <= shift.start && shift.end <= (l.until ?? Infinity),
        );
        expect(covering.map((l) => l.driver)).toEqual(driver === null ? [] : [driver]);
      }
      expect(links.at(-1)).toMatchObject({ driver: v, until: null });
      expect(links.slice(0, -1).every((l) => l.until !== null && l.until > l.from)).toBe(true);
      all.push(...links.map((l) => ({ ...l, vehicle: v })));
    });
    for (const a of all) {
      for (const b of all) {
        if (a === b) continue;
        if (a.driver === b.driver || a.vehicle === b.vehicle)
          expect(overlaps(a, b), JSON.stringify([a, b])).toBe(false);
      }
    }
  }, 60_000);

  it('links the regular driver from the start when the vehicle did not drive', () => {
    expect(plannedDriverLinks([], () => 3, 3, 1000)).toEqual([
      { driver: 3, from: 1000, until: null },
    ]);
  });
});
