import type { ImportProgress } from '@fleet/contract';
import { importPercent } from '../../lib/progress';

/** A re-processing's run: not started, under way (with its last line), done, or stopped. */
export type Run =
  | { phase: 'idle' }
  | { phase: 'running'; progress: ImportProgress | null }
  | { phase: 'finished'; result: ImportProgress }
  | { phase: 'failed'; error: unknown; cancelled: boolean; progress: ImportProgress | null };

/** The progress bar's fill: full when finished, else from the last streamed line. */
export function runPercent(run: Run): number {
  if (run.phase === 'finished') return 100;
  return importPercent(run.phase === 'running' || run.phase === 'failed' ? run.progress : null);
}

/** The progress bar's colour: warning when stopped, success when finished, the default else. */
export function runVariant(run: Run): 'warning' | 'success' | undefined {
  if (run.phase === 'failed') return 'warning';
  if (run.phase === 'finished') return 'success';
  return undefined;
}
