import type { CreateAssetBody, CreateDeviceBody, CreateDriverBody } from '@fleet/contract';
import { Random, seedOf } from './random.js';
import { placeIndex, roadNetwork } from './route.js';
import { newVehicle, type Shift, type VehicleProfile, type VehicleSnapshot } from './schedule.js';
import { driverStyle, type DriverStyle } from './vehicle.js';

/**
 * The demo fleets, as data: which organisation has which trucks, drivers and
 * camera units, and who drives which truck on which day. Pure and
 * deterministic from the seed, so a second run finds the same names.
 */

export interface FleetVehicle {
  asset: CreateAssetBody & { licencePlate: string };
  device: CreateDeviceBody;
  depot: string;
  profile: VehicleProfile;
  /** its counters when the unit came into the demo */
  snapshot: VehicleSnapshot;
}

export interface FleetDriver {
  body: CreateDriverBody;
  /** 0 = exemplary … 1 = rough */
  roughness: number;
  style: DriverStyle;
}

export interface OrganisationFleet {
  organisation: string;
  vehicles: FleetVehicle[];
  /** the first vehicles.length drivers are the regular drivers of the vehicles, in order; the rest stand in */
  drivers: FleetDriver[];
  /** a driver style for driving by nobody known (the UNKNOWN driver) */
  unknownStyle: DriverStyle;
}

// prettier-ignore
const FIRST_NAMES = [
  'Daan', 'Sem', 'Lucas', 'Jan', 'Pieter', 'Kees', 'Henk', 'Willem', 'Gerrit', 'Johan',
  'Mark', 'Dennis', 'Bas', 'Ruud', 'Erik', 'Sander', 'Martijn', 'Niels', 'Jeroen', 'Thijs',
  'Bram', 'Koen', 'Joost', 'Wouter', 'Marco', 'Rob', 'Patrick', 'Stefan', 'Arjan', 'Frank',
  'Sanne', 'Anouk', 'Linda', 'Monique', 'Ilse', 'Fleur', 'Marieke', 'Esther', 'Yusuf', 'Mehmet',
  'Mohamed', 'Tomasz', 'Piotr', 'Rik', 'Jesse', 'Tim', 'Hans', 'Ad', 'Cor', 'Teun',
];
// prettier-ignore
const LAST_NAMES = [
  'de Vries', 'Jansen', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder', 'de Groot', 'Bos', 'Vos',
  'Peters', 'Hendriks', 'van Leeuwen', 'Dekker', 'Brouwer', 'de Wit', 'Dijkstra', 'Smits', 'de Graaf',
  'van der Meer', 'van der Linden', 'Kok', 'Jacobs', 'de Haan', 'Vermeulen', 'van den Berg',
  'van der Heijden', 'van der Veen', 'van den Broek', 'de Bruijn', 'de Jong', 'Schouten', 'van Beek',
  'Willems', 'van Vliet', 'van de Ven', 'Hoekstra', 'Maas', 'Verhoeven', 'Koster', 'van Dam',
  'van der Wal', 'Prins', 'Blom', 'Huisman', 'Kuipers', 'Postma', 'Kramer', 'Scholten', 'van Wijk',
  'Yilmaz', 'Kowalski', 'El Amrani', 'Timmermans', 'Groen', 'Gerritsen', 'Jonker', 'van Loon',
];
// prettier-ignore
const TRACTORS = [
  'DAF XF 480', 'DAF XF 450', 'DAF CF 450', 'Scania R 450', 'Scania S 500', 'Volvo FH 460',
  'Volvo FH 500', 'Mercedes-Benz Actros 1845', 'MAN TGX 18.470', 'Iveco S-Way 490', 'Renault T 480',
];
const PTO_TRUCKS = [
  'DAF CF 450 tipper',
  'Volvo FMX 460 tipper',
  'Scania G 410 crane',
  'MAN TGS 26.440 crane',
];
/** The letters of Dutch number plates: no vowels, no C, M, Q, W. */
const PLATE_LETTERS = 'BDFGHJKLNPRSTVXZ';

interface OrganisationPlan {
  organisation: string;
  vehicles: number;
  drivers: number;
  /** depots and how many trucks each has */
  depots: [string, number][];
  firstFleetNumber: number;
}

export const DEMO_ORGANISATIONS: OrganisationPlan[] = [
  {
    organisation: 'Demo Transport',
    vehicles: 28,
    drivers: 34,
    depots: [
      ['Nieuwegein, Plettenburg', 14],
      ['Rotterdam, Waalhaven', 8],
      ['Tilburg, Vossenberg', 6],
    ],
    firstFleetNumber: 101,
  },
  {
    organisation: 'Polder Logistics',
    vehicles: 5,
    drivers: 5,
    depots: [['Lelystad, Flevopoort', 5]],
    firstFleetNumber: 11,
  },
];

/** The driver who is also the demo's DRIVER sign-in (Daan Bakker of Demo Transport). */
const DEMO_DRIVER = { firstName: 'Daan', lastName: 'Bakker' };

export function demoFleets(
  seed: number,
  start: number,
  plans = DEMO_ORGANISATIONS,
): OrganisationFleet[] {
  const network = roadNetwork();
  const plates = new Set<string>();
  const names = new Set<string>();
  return plans.map((plan, organisationIndex) => {
    const random = new Random(seedOf(seed, 'fleet', plan.organisation));
    const depots = plan.depots.flatMap(([depot, count]) =>
      Array.from({ length: count }, () => depot),
    );
    const vehicles = depots.slice(0, plan.vehicles).map((depot, i): FleetVehicle => {
      const { profile, snapshot } = newVehicle(
        seedOf(seed, plan.organisation, i),
        placeIndex(network, depot),
        start,
      );
      const number = String(plan.firstFleetNumber + i);
      let plate: string;
      do {
        const letter = () => PLATE_LETTERS[random.int(0, PLATE_LETTERS.length - 1)]!;
        plate = `B${letter()}-${random.int(100, 999)}-${letter()}`;
      } while (plates.has(plate));
      plates.add(plate);
      const model = random.pick(profile.truck.hasPto ? PTO_TRUCKS : TRACTORS);
      const identifier = 100_000 + (((seed - 1) % 899) + 1) * 100 + organisationIndex * 50 + i + 1;
      return {
        asset: { name: `${number} ${model}`, licencePlate: plate },
        device: { name: `Dashcam ${number}`, identifier: `FW-${identifier}` },
        depot,
        profile,
        snapshot,
      };
    });
    const drivers = Array.from({ length: plan.drivers }, (_, i): FleetDriver => {
      let body: CreateDriverBody;
      if (organisationIndex === 0 && i === 0) {
        body = { ...DEMO_DRIVER };
      } else {
        do {
          body = { firstName: random.pick(FIRST_NAMES), lastName: random.pick(LAST_NAMES) };
        } while (names.has(`${body.firstName} ${body.lastName}`));
      }
      names.add(`${body.firstName} ${body.lastName}`);
      body.phone = `+31 6 ${random.int(10, 99)}${random.int(100_000, 999_999)}`;
      const roughness = Math.min(1, Math.max(0.02, random.normal(0.4, 0.24)));
      const style = driverStyle(
        roughness,
        new Random(seedOf(seed, plan.organisation, 'driver', i)),
      );
      return { body, roughness, style };
    });
    const unknownStyle = driverStyle(0.5, new Random(seedOf(seed, plan.organisation, 'unknown')));
    return { organisation: plan.organisation, vehicles, drivers, unknownStyle };
  });
}

/**
 * Who drives which vehicle on each day, as indexes into the drivers, null
 * for nobody known: mostly the regular driver, sometimes a stand-in (each
 * stands in for one vehicle a day at most), now and then nobody registered.
 */
export function roster(
  seed: number,
  fleet: OrganisationFleet,
  days: string[],
): (number | null)[][] {
  const table: (number | null)[][] = fleet.vehicles.map(() => []);
  const standIns = fleet.drivers.map((_, i) => i).slice(fleet.vehicles.length);
  for (const day of days) {
    const random = new Random(seedOf(seed, fleet.organisation, 'roster', day));
    const free = [...standIns];
    fleet.vehicles.forEach((_, v) => {
      const draw = random.next();
      let driver: number | null = v;
      if (draw < 0.04) driver = null;
      else if (draw < 0.12 && free.length > 0)
        driver = free.splice(random.int(0, free.length - 1), 1)[0]!;
      table[v]!.push(driver);
    });
  }
  return table;
}

/** A driver link to make: [from, until), open while until is null. */
export interface PlannedDriverLink {
  driver: number;
  from: number;
  until: number | null;
}

const MARGIN = 15 * 60_000;

/**
 * Driver links of one vehicle from its shifts and who drove them: the
 * regular driver's consecutive shifts make one link, a stand-in's shift its
 * own, a shift by nobody known none. The regular driver stays linked after
 * the last shift (open link), so whoever drives next is known.
 */
export function plannedDriverLinks(
  shifts: Shift[],
  driverOfDay: (day: string) => number | null,
  regular: number,
  /** when the regular driver's link starts if there were no shifts */
  firstFrom: number,
): PlannedDriverLink[] {
  const links: PlannedDriverLink[] = [];
  let current: PlannedDriverLink | undefined;
  let previousEnd = -Infinity;
  for (const shift of shifts) {
    const driver = driverOfDay(shift.day);
    if (current && current.driver === driver && driver === regular) {
      current.until = shift.end + MARGIN;
    } else {
      if (current) links.push(current);
      current =
        driver === null
          ? undefined
          : {
              driver,
              from: Math.max(shift.start - MARGIN, previousEnd + MARGIN),
              until: shift.end + MARGIN,
            };
      if (current && links.length && links.at(-1)!.until! > current.from)
        links.at(-1)!.until = current.from;
    }
    previousEnd = shift.end;
  }
  if (current) links.push(current);
  const last = links.at(-1);
  const lastShift = shifts.at(-1);
  if (!lastShift) {
    links.push({ driver: regular, from: firstFrom, until: null });
  } else if (last && last.driver === regular && last.until === lastShift.end + MARGIN) {
    last.until = null;
  } else {
    links.push({ driver: regular, from: lastShift.end + 2 * MARGIN, until: null });
  }
  return links;
}
