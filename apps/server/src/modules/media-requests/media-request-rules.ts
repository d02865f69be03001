import {
  MAX_VIDEO_SECONDS,
  MEDIA_REQUEST_TTL_HOURS,
  type CameraBit,
  type MediaAvailability,
  type MediaRequestInput,
} from '@fleet/contract';

/** A requested moment this far ahead of the server's clock still counts as now (clock skew). */
export const CLOCK_SKEW_SECONDS = 5;

export const EXPIRED_REASON = `the device did not come online within ${MEDIA_REQUEST_TTL_HOURS} hours`;
export const UNANSWERED_REASON = `the device did not answer within ${MEDIA_REQUEST_TTL_HOURS} hours`;
export const NOT_SENT_REASON = 'not sent by the device';

/** Availabilities a camera can still leave. */
export const OPEN_AVAILABILITIES: readonly MediaAvailability[] = [
  'WAITING_FOR_DEVICE',
  'SENT',
  'UPLOADING',
];

/** What is wrong with a request, in words for the user; undefined when it may be sent. */
export function requestProblem(
  input: MediaRequestInput,
  now: number,
  assetId?: number,
): string | undefined {
  const moment = Date.parse(input.mediaTimestamp);
  if (Number.isNaN(moment)) return 'mediaTimestamp is not a moment';
  if (moment > now + CLOCK_SKEW_SECONDS * 1000) return 'mediaTimestamp lies in the future';
  if (input.mediaType === 'VIDEO') {
    if (input.duration === undefined)
      return `A video needs a duration (1 to ${MAX_VIDEO_SECONDS} seconds)`;
    if (input.duration < 1 || input.duration > MAX_VIDEO_SECONDS)
      return `A video lasts 1 to ${MAX_VIDEO_SECONDS} seconds`;
  } else if (input.duration !== undefined) {
    return 'A picture has no duration';
  }
  if (!Number.isInteger(input.cameraMask) || input.cameraMask < 1 || input.cameraMask > 31)
    return 'cameraMask holds camera bits 1 (front) to 16 (driver): a number from 1 to 31';
  if (assetId !== undefined && input.assetId !== undefined && input.assetId !== assetId)
    return `assetId ${input.assetId} is not the asset of this request (${assetId})`;
  return undefined;
}

/** The camera bits of a mask, lowest first. */
export const camerasOf = (mask: number): CameraBit[] =>
  ([1, 2, 4, 8, 16] as const).filter((bit) => (mask & bit) !== 0);

export interface CommandState {
  acknowledgedAt: Date | null;
  finishedAt: Date | null;
  expiresAt: Date;
}

/**
 * Where a camera stands as the user sees it: the stored state, except that an expired command
 * closes what is still open (computed when read, so no sweep is needed and every read agrees).
 */
export function cameraState(
  stored: { availability: MediaAvailability; reason: string | null },
  command: CommandState,
  now: number,
): { availability: MediaAvailability; reason: string | null } {
  if (!OPEN_AVAILABILITIES.includes(stored.availability)) return stored;
  if (command.finishedAt || command.expiresAt.getTime() > now) return stored;
  return {
    availability: 'FAILED',
    reason: command.acknowledgedAt ? UNANSWERED_REASON : EXPIRED_REASON,
  };
}

/** Settled: no camera can change any more. */
export const isSettled = (availabilities: readonly MediaAvailability[]): boolean =>
  availabilities.every((a) => !OPEN_AVAILABILITIES.includes(a));
