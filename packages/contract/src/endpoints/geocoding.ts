import { endpoint } from '../endpoint.js';
import { GeocodeAnswer, GeocodeQuery } from '../geocoding.js';

export const address = endpoint('GET', '/geocode', {
  tags: ['geocoding'],
  summary: 'The address or place at a position (reverse geocoding, cached)',
  querystring: GeocodeQuery,
  ok: { 200: GeocodeAnswer },
  errors: [400, 401],
});
