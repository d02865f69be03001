import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/**
 * Issue 18 §1: where the engine's time goes, step by step (statement counts and wall time).
 * Off unless ENGINE_PROFILE names a file: then every 5 s the totals since start are written
 * there as JSON (the mixed bench reads it). Off, `time` is one branch.
 */
export class StepTimer {
  private readonly steps = new Map<string, { count: number; ms: number }>();
  private readonly started = performance.now();
  private readonly timer?: NodeJS.Timeout;

  constructor(private readonly file: string | undefined) {
    if (file) {
      this.timer = setInterval(() => this.flush(), 5000);
      this.timer.unref();
    }
  }

  async time<T>(step: string, work: () => Promise<T>): Promise<T> {
    if (!this.file) return work();
    const t0 = performance.now();
    try {
      return await work();
    } finally {
      this.add(step, performance.now() - t0);
    }
  }

  add(step: string, ms: number, count = 1) {
    const s = this.steps.get(step) ?? { count: 0, ms: 0 };
    s.count += count;
    s.ms += ms;
    this.steps.set(step, s);
  }

  snapshot() {
    return {
      seconds: (performance.now() - this.started) / 1000,
      steps: Object.fromEntries(this.steps),
    };
  }

  private flush() {
    if (this.file) writeFileSync(this.file, JSON.stringify(this.snapshot()));
  }
}
