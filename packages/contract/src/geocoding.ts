import { Type, type Static } from 'typebox';
import { Location } from './device-api.js';

export const GEOCODE_LANGUAGES = ['en', 'nl'] as const;

/** GET /api/geocode?latitude=&longitude= (integer degrees × 100000, spec §9)&language=. */
export const GeocodeQuery = Type.Object(
  {
    latitude: Location.properties.latitude,
    longitude: Location.properties.longitude,
    language: Type.Optional(
      Type.Enum(GEOCODE_LANGUAGES, { default: 'en', description: 'language of the answer' }),
    ),
  },
  { additionalProperties: false },
);
export type GeocodeQuery = Static<typeof GeocodeQuery>;

export const GeocodeAnswer = Type.Object({
  address: Type.Union([Type.String(), Type.Null()], {
    description: "the place or address; null when no geocoder could name it (shown as 'Unknown')",
  }),
});
export type GeocodeAnswer = Static<typeof GeocodeAnswer>;
