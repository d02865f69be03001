import type { DeletionProgress, ImportProgress } from '@fleet/contract';

/** Complete lines of the text so far, and the unfinished rest to keep for the next chunk. */
export function splitLines(buffer: string): { lines: string[]; rest: string } {
  const parts = buffer.split('\n');
  const rest = parts.pop() ?? '';
  return { lines: parts.map((line) => line.trim()).filter(Boolean), rest };
}

const clampPercent = (fraction: number) =>
  Math.round(Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0)) * 100);

/** How far a deletion is, 0–100: its steps done (none known yet: 0). */
export function deletionPercent(
  progress: Pick<DeletionProgress, 'status' | 'done' | 'steps'> | null,
): number {
  if (!progress) return 0;
  if (progress.status === 'finished') return 100;
  return progress.steps > 0 ? clampPercent(progress.done / progress.steps) : 0;
}

/** The share of a re-processing's bar that giving the records their assets takes; rebuilding the rest. */
export const REATTRIBUTION_SHARE = 0.2;

/**
 * How far a re-processing is, 0–100: first its devices' records get their assets (the first
 * fifth of the bar), then the queued asset-days are rebuilt (the rest; `remaining` of `total`).
 */
export function importPercent(
  progress: Pick<
    ImportProgress,
    'status' | 'devices' | 'reattributed' | 'total' | 'remaining'
  > | null,
): number {
  if (!progress) return 0;
  if (progress.status === 'finished') return 100;
  const reattributing = progress.devices > 0 ? progress.reattributed / progress.devices : 1;
  if (reattributing < 1 || progress.total === 0)
    return clampPercent(REATTRIBUTION_SHARE * Math.min(reattributing, 1));
  // Live trucks may queue days beyond the total: never below where rebuilding began.
  const rebuilt = Math.min(1, Math.max(0, (progress.total - progress.remaining) / progress.total));
  return clampPercent(REATTRIBUTION_SHARE + (1 - REATTRIBUTION_SHARE) * rebuilt);
}
