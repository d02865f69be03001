import { SYNC_MAX_RETRIES, type SyncTrigger } from '@fleet/contract';

/**
 * When runs happen (docs/synchronisation.md, "Scheduling"): every interval while enabled; after
 * a failure, retries at base · 2^(n-1) seconds (n = failed runs in a row), never later than the
 * interval, at most SYNC_MAX_RETRIES times; then back to the interval.
 */
export interface ScheduleState {
  enabled: boolean;
  intervalMinutes: number;
  /** failed runs in a row before this one */
  failures: number;
}

export interface AfterRun {
  failures: number;
  /** null while disabled */
  nextRunAt: Date | null;
  /** set when the next run is a retry of this failure */
  nextRetryAt: Date | null;
}

const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

/** Seconds before the retry that follows `failures` failed runs in a row; undefined: no retry. */
export function retryDelaySeconds(
  failures: number,
  baseSeconds: number,
  intervalMinutes: number,
): number | undefined {
  if (failures < 1 || failures > SYNC_MAX_RETRIES) return undefined;
  return Math.min(baseSeconds * 2 ** (failures - 1), intervalMinutes * 60);
}

/** The schedule after a run that ended (failed or not) at `now`. */
export function afterRun(
  state: ScheduleState,
  failed: boolean,
  now: Date,
  retryBaseSeconds: number,
): AfterRun {
  const regular = state.enabled ? later(now, state.intervalMinutes * 60) : null;
  if (!failed) return { failures: 0, nextRunAt: regular, nextRetryAt: null };
  const failures = state.failures + 1;
  const delay = state.enabled
    ? retryDelaySeconds(failures, retryBaseSeconds, state.intervalMinutes)
    : undefined;
  if (delay === undefined) return { failures, nextRunAt: regular, nextRetryAt: null };
  const at = later(now, delay);
  return { failures, nextRunAt: at, nextRetryAt: at };
}

/** Why a run starts: asked for by hand, a retry after failures, or its interval came round. */
export function triggerOf(queuedByHand: boolean, failures: number): SyncTrigger {
  if (queuedByHand) return 'MANUAL';
  return failures >= 1 && failures <= SYNC_MAX_RETRIES ? 'RETRY' : 'SCHEDULED';
}
