import { ClientConfig } from '../client-config.js';
import { endpoint } from '../endpoint.js';

export const get = endpoint('GET', '/client-config', {
  tags: ['client config'],
  summary:
    'Settings the web app needs before sign-in: the map style, the fleet time zone, live video',
  security: [],
  ok: { 200: ClientConfig },
});
