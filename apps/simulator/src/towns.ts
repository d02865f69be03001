/**
 * Real places of the Netherlands the virtual fleet drives between: town
 * centres (decimal degrees, WGS 84) with rough populations, and the depots of
 * the demo organisations on industrial estates.
 */
export interface Place {
  name: string;
  latitude: number;
  longitude: number;
}

export interface Town extends Place {
  /** inhabitants, thousands: how long the urban stretch at either end of a trip is */
  population: number;
}

export interface Depot extends Place {
  /** the organisation whose trucks start here */
  organisation: string;
}

export const TOWNS: readonly Town[] = [
  { name: 'Amsterdam', latitude: 52.3676, longitude: 4.9041, population: 920 },
  { name: 'Rotterdam', latitude: 51.9244, longitude: 4.4777, population: 660 },
  { name: 'Den Haag', latitude: 52.0705, longitude: 4.3007, population: 560 },
  { name: 'Utrecht', latitude: 52.0907, longitude: 5.1214, population: 370 },
  { name: 'Eindhoven', latitude: 51.4416, longitude: 5.4697, population: 240 },
  { name: 'Groningen', latitude: 53.2194, longitude: 6.5665, population: 240 },
  { name: 'Tilburg', latitude: 51.5555, longitude: 5.0913, population: 225 },
  { name: 'Almere', latitude: 52.3508, longitude: 5.2647, population: 220 },
  { name: 'Breda', latitude: 51.5719, longitude: 4.7683, population: 185 },
  { name: 'Nijmegen', latitude: 51.8426, longitude: 5.8528, population: 180 },
  { name: 'Apeldoorn', latitude: 52.2112, longitude: 5.9699, population: 165 },
  { name: 'Arnhem', latitude: 51.9851, longitude: 5.8987, population: 165 },
  { name: 'Haarlem', latitude: 52.3874, longitude: 4.6462, population: 165 },
  { name: 'Enschede', latitude: 52.2215, longitude: 6.8937, population: 160 },
  { name: 'Amersfoort', latitude: 52.1561, longitude: 5.3878, population: 160 },
  { name: 'Zaandam', latitude: 52.442, longitude: 4.8292, population: 80 },
  { name: "'s-Hertogenbosch", latitude: 51.6978, longitude: 5.3037, population: 160 },
  { name: 'Zwolle', latitude: 52.5168, longitude: 6.083, population: 130 },
  { name: 'Leiden', latitude: 52.1601, longitude: 4.497, population: 125 },
  { name: 'Maastricht', latitude: 50.8514, longitude: 5.691, population: 120 },
  { name: 'Dordrecht', latitude: 51.8133, longitude: 4.6901, population: 120 },
  { name: 'Zoetermeer', latitude: 52.0575, longitude: 4.4931, population: 125 },
  { name: 'Ede', latitude: 52.0402, longitude: 5.6649, population: 120 },
  { name: 'Leeuwarden', latitude: 53.2012, longitude: 5.7999, population: 125 },
  { name: 'Alkmaar', latitude: 52.6324, longitude: 4.7534, population: 110 },
  { name: 'Delft', latitude: 52.0116, longitude: 4.3571, population: 105 },
  { name: 'Venlo', latitude: 51.3704, longitude: 6.1724, population: 100 },
  { name: 'Deventer', latitude: 52.2661, longitude: 6.1552, population: 100 },
  { name: 'Emmen', latitude: 52.7792, longitude: 6.9069, population: 107 },
  { name: 'Helmond', latitude: 51.4793, longitude: 5.657, population: 93 },
  { name: 'Oss', latitude: 51.765, longitude: 5.518, population: 93 },
  { name: 'Roosendaal', latitude: 51.5308, longitude: 4.4653, population: 77 },
  { name: 'Hilversum', latitude: 52.2292, longitude: 5.1669, population: 92 },
  { name: 'Heerlen', latitude: 50.8882, longitude: 5.9795, population: 87 },
  { name: 'Gouda', latitude: 52.0115, longitude: 4.7105, population: 74 },
  { name: 'Middelburg', latitude: 51.4988, longitude: 3.6136, population: 49 },
  { name: 'Vlissingen', latitude: 51.4426, longitude: 3.5736, population: 45 },
  { name: 'Assen', latitude: 52.9929, longitude: 6.5642, population: 69 },
  { name: 'Lelystad', latitude: 52.5185, longitude: 5.4714, population: 80 },
  { name: 'Den Helder', latitude: 52.9563, longitude: 4.7601, population: 56 },
  { name: 'Hoorn', latitude: 52.6425, longitude: 5.0597, population: 74 },
  { name: 'Enkhuizen', latitude: 52.7035, longitude: 5.2906, population: 19 },
  { name: 'Den Oever', latitude: 52.9355, longitude: 5.0344, population: 2 },
  { name: 'Harlingen', latitude: 53.1745, longitude: 5.4229, population: 16 },
  { name: 'Harderwijk', latitude: 52.3425, longitude: 5.6361, population: 49 },
  { name: 'Emmeloord', latitude: 52.7108, longitude: 5.7481, population: 27 },
  { name: 'Roermond', latitude: 51.1942, longitude: 5.987, population: 59 },
  { name: 'Sittard', latitude: 51.0005, longitude: 5.8694, population: 37 },
  { name: 'Weert', latitude: 51.2517, longitude: 5.7066, population: 50 },
  { name: 'Bergen op Zoom', latitude: 51.4949, longitude: 4.2911, population: 68 },
  { name: 'Goes', latitude: 51.5044, longitude: 3.888, population: 38 },
  { name: 'Doetinchem', latitude: 51.965, longitude: 6.2886, population: 58 },
  { name: 'Zutphen', latitude: 52.1386, longitude: 6.2014, population: 48 },
  { name: 'Hengelo', latitude: 52.2658, longitude: 6.7931, population: 81 },
  { name: 'Almelo', latitude: 52.357, longitude: 6.6625, population: 73 },
  { name: 'Hardenberg', latitude: 52.5758, longitude: 6.6194, population: 19 },
  { name: 'Meppel', latitude: 52.6956, longitude: 6.1944, population: 34 },
  { name: 'Heerenveen', latitude: 52.9597, longitude: 5.9186, population: 30 },
  { name: 'Sneek', latitude: 53.033, longitude: 5.6589, population: 34 },
  { name: 'Drachten', latitude: 53.1055, longitude: 6.0994, population: 45 },
  { name: 'Veendam', latitude: 53.106, longitude: 6.879, population: 28 },
  { name: 'Tiel', latitude: 51.8867, longitude: 5.4295, population: 42 },
  { name: 'Culemborg', latitude: 51.9553, longitude: 5.2272, population: 29 },
  { name: 'Gorinchem', latitude: 51.8306, longitude: 4.9742, population: 38 },
  { name: 'Waalwijk', latitude: 51.6827, longitude: 5.0706, population: 49 },
  { name: 'Uden', latitude: 51.6608, longitude: 5.6194, population: 42 },
  { name: 'Veenendaal', latitude: 52.0286, longitude: 5.5589, population: 67 },
  { name: 'Wageningen', latitude: 51.9692, longitude: 5.6654, population: 40 },
  { name: 'Nieuwegein', latitude: 52.0292, longitude: 5.0809, population: 64 },
  { name: 'Schiedam', latitude: 51.9192, longitude: 4.3989, population: 80 },
  { name: 'Spijkenisse', latitude: 51.845, longitude: 4.3292, population: 73 },
  { name: 'Alphen aan den Rijn', latitude: 52.129, longitude: 4.6571, population: 75 },
  { name: 'Purmerend', latitude: 52.505, longitude: 4.9597, population: 93 },
  { name: 'Hoofddorp', latitude: 52.303, longitude: 4.6892, population: 78 },
  { name: 'Kampen', latitude: 52.555, longitude: 5.9114, population: 40 },
  { name: 'Winterswijk', latitude: 51.9724, longitude: 6.7198, population: 29 },
  { name: 'Oosterhout', latitude: 51.6433, longitude: 4.8606, population: 57 },
];

export const DEPOTS: readonly Depot[] = [
  {
    name: 'Nieuwegein, Plettenburg',
    organisation: 'Demo Transport',
    latitude: 52.0335,
    longitude: 5.064,
  },
  {
    name: 'Rotterdam, Waalhaven',
    organisation: 'Demo Transport',
    latitude: 51.88,
    longitude: 4.435,
  },
  {
    name: 'Tilburg, Vossenberg',
    organisation: 'Demo Transport',
    latitude: 51.5885,
    longitude: 5.029,
  },
  {
    name: 'Lelystad, Flevopoort',
    organisation: 'Polder Logistics',
    latitude: 52.4985,
    longitude: 5.517,
  },
];

/**
 * Roads across water that a straight line between their ends would not follow:
 * the Afsluitdijk, the Houtribdijk and the Hollandse Brug, with the points the road passes.
 */
export const CAUSEWAYS: readonly { from: string; to: string; via: [number, number][] }[] = [
  {
    from: 'Den Oever',
    to: 'Harlingen',
    via: [
      [52.938, 5.06],
      [53.07, 5.33],
      [53.105, 5.385],
    ],
  },
  {
    from: 'Almere',
    to: 'Amsterdam',
    via: [
      [52.335, 5.15],
      [52.327, 5.1],
      [52.335, 5.03],
    ],
  },
  {
    from: 'Enkhuizen',
    to: 'Lelystad',
    via: [
      [52.68, 5.31],
      [52.56, 5.43],
    ],
  },
];

/**
 * Rough outlines of the lakes and sea arms the road network goes around
 * (IJsselmeer with Markermeer, the Wadden Sea, the Westerschelde), as
 * [latitude, longitude] rings: a link between two towns may not cross them.
 */
export const WATERS: readonly [number, number][][] = [
  [
    [52.33, 5.02],
    [52.38, 5.12],
    [52.45, 5.3],
    [52.52, 5.42],
    [52.6, 5.55],
    [52.66, 5.6],
    [52.8, 5.7],
    [52.88, 5.37],
    [53.05, 5.38],
    [53.08, 5.3],
    [52.94, 5.05],
    [52.8, 5.1],
    [52.7, 5.31],
    [52.6, 5.1],
    [52.5, 5.06],
    [52.4, 5.0],
  ],
  [
    [52.97, 4.75],
    [52.94, 5.04],
    [53.11, 5.4],
    [53.2, 5.4],
    [53.35, 5.6],
    [53.45, 6.2],
    [53.45, 6.9],
    [53.8, 6.9],
    [53.8, 4.7],
  ],
  [
    [51.44, 3.5],
    [51.43, 3.75],
    [51.45, 4.0],
    [51.4, 4.21],
    [51.36, 4.25],
    [51.35, 4.2],
    [51.35, 4.0],
    [51.34, 3.85],
    [51.38, 3.7],
    [51.4, 3.5],
  ],
];
