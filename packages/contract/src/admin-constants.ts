import { Type, type Static } from 'typebox';

/**
 * The admin calls' constants, apart from their schemas (admin.ts), so the web can use them
 * without loading the schemas (and what they import) into its chunks.
 */

export const PROGRESS_STATUSES = ['started', 'running', 'finished', 'failed'] as const;
export const ProgressStatus = Type.Enum(PROGRESS_STATUSES);
export type ProgressStatus = Static<typeof ProgressStatus>;

/** The media type of the streamed answers. */
export const PROGRESS_CONTENT_TYPE = 'application/x-ndjson';

/** The most query points one call answers, oldest first. */
export const MAX_QUERY_POINTS = 50_000;
