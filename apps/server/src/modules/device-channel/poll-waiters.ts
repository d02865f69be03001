/** Why a waiting poll stopped waiting. */
export type WakeReason = 'woken' | 'timeout' | 'replaced' | 'closed';

export interface Waiter {
  readonly promise: Promise<WakeReason>;
  /** Stops waiting (the poll answered on its own); harmless once settled. */
  cancel(): void;
}

interface Entry {
  settle: (reason: WakeReason) => void;
}

/**
 * The long-polls waiting in this process, at most one per device: a device's new poll answers
 * its older one (a device that lost its connection and asked again must not pile up waits).
 */
export class PollWaiters {
  private readonly waiting = new Map<number, Entry>();
  private closed = false;

  get size(): number {
    return this.waiting.size;
  }

  wait(deviceId: number, ms: number): Waiter {
    if (this.closed) return { promise: Promise.resolve('closed'), cancel: () => {} };
    this.waiting.get(deviceId)?.settle('replaced');
    let settle!: (reason: WakeReason) => void;
    const promise = new Promise<WakeReason>((resolve) => {
      const timer = setTimeout(() => entry.settle('timeout'), Math.max(0, ms));
      const entry: Entry = {
        settle: (reason) => {
          clearTimeout(timer);
          if (this.waiting.get(deviceId) === entry) this.waiting.delete(deviceId);
          resolve(reason);
        },
      };
      settle = entry.settle;
      this.waiting.set(deviceId, entry);
    });
    return { promise, cancel: () => settle('timeout') };
  }

  /** A command for the device arrived. */
  wake(deviceId: number): void {
    this.waiting.get(deviceId)?.settle('woken');
  }

  /** Every poll looks again (notifications may have been lost while the listener was away). */
  wakeAll(): void {
    for (const entry of [...this.waiting.values()]) entry.settle('woken');
  }

  /** Shutdown: every poll answers now, and new ones do not wait. */
  close(): void {
    this.closed = true;
    for (const entry of [...this.waiting.values()]) entry.settle('closed');
  }
}
