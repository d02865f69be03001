import { Type, type Static } from 'typebox';
import { Location } from './device-api.js';
import { Id } from './organisations.js';
import { ProgressStatus } from './admin-constants.js';

/**
 * The admin base (spec §7, OEM only) and the long calls that stream their progress as JSON
 * lines (`application/x-ndjson`): re-processing raw data and deleting an organisation or its
 * data. Each answer is a first line `started` at once, `running` lines at least every second,
 * and a last line `finished`, or `failed` with a `message` when the work broke off after the
 * answer began. A refusal before the work (403, 404, 400) is an ordinary `{code, message}`.
 */

const Time = Type.String({ format: 'date-time' });

/**
 * POST rawdatas/import?from&until[&organisationId|&assetId]: re-process a window of at most 93
 * days; without a scope everything of the caller's subtree, else that organisation and those
 * below it, or that one asset.
 */
export const ImportQuery = Type.Object(
  {
    from: Time,
    until: Time,
    organisationId: Type.Optional(Id),
    assetId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type ImportQuery = Static<typeof ImportQuery>;

/** One line of a re-processing's progress. */
export const ImportProgress = Type.Object({
  status: ProgressStatus,
  /** devices whose records are given their assets again */
  devices: Type.Integer(),
  /** of those, done so far */
  reattributed: Type.Integer(),
  /** asset-days of the scope queued for rebuilding when the rebuilding began (0 before) */
  total: Type.Integer(),
  /** asset-days of the scope still queued */
  remaining: Type.Integer(),
  /** asset-days this call rebuilt itself (the background workers rebuild along) */
  processed: Type.Integer(),
  /** finished: the asset-days of the scope's records in the window, all rebuilt now */
  assetDays: Type.Optional(Type.Integer()),
  /** finished: the raw records the re-processing read */
  records: Type.Optional(Type.Integer()),
  /** finished: seconds from the first line to the last */
  seconds: Type.Optional(Type.Number()),
  /** failed: what went wrong */
  message: Type.Optional(Type.String()),
});
export type ImportProgress = Static<typeof ImportProgress>;

/** One line of a deletion's progress: DELETE organisations/{id} and DELETE organisations/{id}/data. */
export const DeletionProgress = Type.Object({
  status: ProgressStatus,
  /** steps done of `steps`; the steps are chunks of the work, the records by device the largest */
  done: Type.Integer(),
  steps: Type.Integer(),
  /** rows deleted so far, by kind (rawRecords, trips, assets, organisations, …) */
  deleted: Type.Record(Type.String(), Type.Integer()),
  /** finished: seconds from the first line to the last */
  seconds: Type.Optional(Type.Number()),
  /** failed: what went wrong; nothing was deleted */
  message: Type.Optional(Type.String()),
});
export type DeletionProgress = Static<typeof DeletionProgress>;

/** GET assets/{id}/querypoints: where the asset said it was, from records and datapoints. */
export const QueryPoint = Type.Object({
  timestamp: Type.String(),
  source: Type.Enum(['RECORD', 'DATAPOINT']),
  transferReason: Type.Union([Type.String(), Type.Null()]),
  location: Location,
  speed: Type.Union([Type.Number(), Type.Null()]),
});
export type QueryPoint = Static<typeof QueryPoint>;
export const QueryPointList = Type.Array(QueryPoint);
