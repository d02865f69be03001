import { Type } from 'typebox';
import { ImportQuery, QueryPointList } from '../admin.js';
import { endpoint } from '../endpoint.js';
import { DeleteOrganisationQuery, IdParams } from '../organisations.js';
import { DataQuery } from '../vehicle-data.js';

/** The admin base (/admin-api, OEM only): re-processing and data maintenance. */
const admin = { base: 'admin' as const, tags: ['admin'] };
const FAILURES = [400, 401, 403, 404] as const;

/** The streamed answer, for the OpenAPI document (the lines are admin.ts's *Progress). */
const progressLines = (fields: string) =>
  Type.Unknown({
    description: `JSON lines (application/x-ndjson): a first line status 'started' at once, 'running' lines at least every second, and a last line 'finished' (or 'failed' with a message). Each line: ${fields}`,
  });

export const reprocess = endpoint('POST', '/rawdatas/import', {
  ...admin,
  summary:
    'Re-process a window of at most 93 days (and 5000 device-days): everything of the caller, one organisation with those below it, or one asset. Progress streams as JSON lines until it is done; a client that goes away cancels it at the next step',
  querystring: ImportQuery,
  ok: {
    200: progressLines(
      '{status, devices, reattributed, total, remaining, processed}; finished adds {assetDays, records, seconds}',
    ),
  },
  errors: FAILURES,
});

export const queryPoints = endpoint('GET', '/assets/:id/querypoints', {
  ...admin,
  summary: 'Positions the asset reported, from records and datapoints, oldest first',
  params: IdParams,
  querystring: DataQuery,
  ok: { 200: QueryPointList },
  errors: FAILURES,
});

export const deleteData = endpoint('DELETE', '/organisations/:id/data', {
  ...admin,
  summary:
    'Delete all vehicle data of the organisation and below, confirmed with its name (confirm=<name>); the fleet records stay. One transaction: all of it or nothing; a client that goes away cancels it',
  params: IdParams,
  querystring: DeleteOrganisationQuery,
  ok: {
    200: progressLines(
      '{status, done, steps, deleted: {rawRecords, trips, …}}; finished adds {seconds}',
    ),
  },
  errors: FAILURES,
});
