import { createHmac, randomBytes, randomInt } from 'node:crypto';
import {
  CAMERA_BITS,
  CAMERAS,
  TRACING_FREQUENCY,
  WEBHOOK_OUTCOME_TEXT,
  WEBHOOK_OUTCOMES,
  type AssetMonitoringRequestInput,
  type Camera,
  type CameraBit,
  type WebhookOutcome,
  type WebhookState,
} from '@fleet/contract';

/** What is wrong with a monitoring request, in words for the user; undefined when it may be sent. */
export function monitoringRequestProblem(
  input: AssetMonitoringRequestInput,
  assetId: number,
): string | undefined {
  if (input.assetId !== undefined && input.assetId !== assetId)
    return `assetId ${input.assetId} is not the asset of this request (${assetId})`;
  const frequency = input.tracingFrequency ?? TRACING_FREQUENCY.default;
  if (
    !Number.isInteger(frequency) ||
    frequency < TRACING_FREQUENCY.min ||
    frequency > TRACING_FREQUENCY.max
  )
    return `tracingFrequency is ${TRACING_FREQUENCY.min} to ${TRACING_FREQUENCY.max} seconds`;
  const mask = input.liveFeedCameraMask ?? 0;
  if (!Number.isInteger(mask) || mask < 0 || mask > 31)
    return 'liveFeedCameraMask holds camera bits 1 (front) to 16 (driver): a number from 0 to 31';
  if (input.liveFeed === false && mask !== 0)
    return 'liveFeedCameraMask names cameras, but liveFeed is off';
  return undefined;
}

/** The request as stored: defaults filled in (spec §9: frequency 5, live feed on). */
export function normaliseRequest(input: AssetMonitoringRequestInput) {
  const liveFeed = input.liveFeed ?? true;
  return {
    tracingFrequency: input.tracingFrequency ?? TRACING_FREQUENCY.default,
    liveFeed,
    liveFeedCameraMask: liveFeed ? (input.liveFeedCameraMask ?? 0) : 0,
  };
}

/** The camera a publisher's display name (and so a recording's header) names: FRONT … DRIVER. */
export function cameraOfDisplay(display: string | undefined): CameraBit | undefined {
  const name = display?.trim().toUpperCase();
  return CAMERAS.includes(name as Camera) ? (CAMERA_BITS[name as Camera] as CameraBit) : undefined;
}

/**
 * Seconds to wait before webhook attempt `attempt` (1-based; attempt 1 is immediate), or
 * undefined when no attempt is left: 0, 5 s, 30 s, 2 min, 10 min, 30 min.
 */
export const WEBHOOK_BACKOFF_SECONDS = [0, 5, 30, 120, 600, 1800] as const;
export function webhookDelaySeconds(attempt: number): number | undefined {
  return WEBHOOK_BACKOFF_SECONDS[attempt - 1];
}

/** HMAC-SHA256 of the exact body with the secret, as the X-Fleetwise-Signature header. */
export function webhookSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Whether a monitoring token still opens its monitoring: while active, and tokenHours after the end. */
export function tokenOpens(end: Date | null, now: number, tokenHours: number): boolean {
  return end === null || now <= end.getTime() + tokenHours * 3_600_000;
}

/** A room number Janus accepts (a positive integer below 2^53), random so rooms cannot be guessed. */
export const newRoomId = (): number => randomInt(1, 2 ** 47);
/** The join passphrase (pin): what the control room and the cameras use to enter the room. */
export const newPin = (): string => randomBytes(12).toString('base64url');
export const newRoomSecret = (): string => randomBytes(24).toString('base64url');

/** A .mjr with only its header (a publisher whose ICE failed): nothing to convert. */
export const EMPTY_RECORDING_BYTES = 1024;

/**
 * The last attempt's outcome from what was kept of it. Older rows kept a status or a network
 * error there: they are reduced to an outcome too, never answered as they are.
 */
export function webhookOutcome(
  attempts: number,
  state: WebhookState,
  kept: string | null,
): { lastOutcome: WebhookOutcome | null; lastError: string | null } {
  if (attempts === 0) return { lastOutcome: null, lastError: null };
  const outcome: WebhookOutcome =
    state === 'DELIVERED'
      ? 'DELIVERED'
      : (WEBHOOK_OUTCOMES as readonly string[]).includes(kept ?? '')
        ? (kept as WebhookOutcome)
        : kept?.startsWith('HTTP ')
          ? 'NOT_ACCEPTED'
          : kept?.includes('no longer has a webhook')
            ? 'NO_WEBHOOK'
            : 'NO_ANSWER';
  return {
    lastOutcome: outcome,
    lastError: outcome === 'DELIVERED' ? null : WEBHOOK_OUTCOME_TEXT[outcome],
  };
}
