import { endpoint } from '../endpoint.js';
import { Health, HealthUnavailable } from '../health.js';

/** Liveness and database reachability, without a credential. */
export const get = endpoint('GET', '/health', {
  tags: ['health'],
  summary: 'Liveness and database reachability',
  description:
    '200 while the database answers; 503 DATABASE_UNAVAILABLE with Retry-After while it ' +
    'does not (stopped, restarting, frozen), with the time this process noticed.',
  security: [],
  // 503 answers more than {code, message}: what it knows of the database and the gateway.
  ok: { 200: Health, 503: HealthUnavailable },
});
