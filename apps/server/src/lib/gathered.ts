interface Caller<V> {
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

/**
 * One question for many callers. `ask(keys)` answers many keys in one go (one statement). A
 * key asked for while nothing runs is asked at once, alone. Keys asked for while a run is under
 * way wait for the next run, which takes all of them (up to `maxKeys`; the rest wait for the
 * run after). A key asked for twice is asked once. So the number of runs follows the database's
 * pace, not the callers'.
 *
 * Issue 18 §3: 2,000 trucks each asked their own statement on the pool the users' requests use,
 * 136 a second: each credential check every 30 s (DEVICE_AUTH_CACHE), and each device's
 * last_seen_at when it came online. With every device reconnecting at once, 4,000 statements
 * queued there, and the users' requests waited behind them.
 */
export class Gathered<K, V> {
  private readonly waiting = new Map<K, Caller<V>[]>();
  private running = false;

  constructor(
    private readonly ask: (keys: K[]) => Promise<ReadonlyMap<K, V>>,
    private readonly maxKeys = 1000,
  ) {}

  /** The answer for `key` (undefined: the run found none); the run's error if it failed. */
  get(key: K): Promise<V | undefined> {
    const answer = new Promise<V | undefined>((resolve, reject) => {
      const callers = this.waiting.get(key);
      if (callers) callers.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
    });
    if (!this.running) void this.drive();
    return answer;
  }

  /** Runs while keys wait; one run at a time. */
  private async drive(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting.size) {
        const run: [K, Caller<V>[]][] = [];
        for (const entry of this.waiting) {
          run.push(entry);
          if (run.length === this.maxKeys) break;
        }
        for (const [key] of run) this.waiting.delete(key);
        try {
          const found = await this.ask(run.map(([key]) => key));
          for (const [key, callers] of run) for (const c of callers) c.resolve(found.get(key));
        } catch (error) {
          for (const [, callers] of run) for (const c of callers) c.reject(error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
