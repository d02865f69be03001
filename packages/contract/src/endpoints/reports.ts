import { endpoint } from '../endpoint.js';
import { IdParams } from '../organisations.js';
import { Report, ReportBody } from '../reports.js';

/** The driving-style reports (spec §7): both answer the same way, intervals streamed as computed. */
const report = <const K extends 'assets' | 'drivers'>(kind: K, summary: string) =>
  endpoint('POST', `/organisations/:id/reports/${kind}`, {
    tags: ['reports'],
    summary,
    description:
      'The intervals are streamed as they are computed. A long report over many entities counts against per-user and per-organisation limits: 429 with Retry-After beyond.',
    params: IdParams,
    body: ReportBody,
    ok: { 200: Report },
    errors: [400, 401, 403, 404, 429],
  });

export const assets = report('assets', 'Driving style per asset, per interval or per trip');
export const drivers = report('drivers', 'Driving style per driver (and UNKNOWN)');
