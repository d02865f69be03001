/**
 * Bounds on heavy work (issue 16): how many expensive calls one user and one organisation may
 * have under way at once, and how many of them may hold a database connection at once. Pure:
 * the caller passes the time; nothing here touches HTTP or the database.
 */

export interface ConcurrencyLimitsOptions {
  perUser: number;
  perOrganisation: number;
  /** The expected duration of a call until some have ended, ms (for Retry-After). */
  initialEstimateMs?: number;
  /** Retry-After never says more than this, seconds. */
  maxRetryAfterSeconds?: number;
}

export interface Caller {
  user: number;
  organisation: number;
}

export interface Ticket {
  readonly caller: Caller;
  readonly startedAt: number;
}

export type Admission =
  | { admitted: true; ticket: Ticket }
  | { admitted: false; scope: 'user' | 'organisation'; retryAfterSeconds: number };

/** Weight of the newest duration in the running estimate. */
const SMOOTHING = 0.3;

/**
 * Counts the calls under way per user and per organisation. A call over either limit is not
 * admitted, with the seconds after which one of the calls it waits for should have ended: the
 * estimated duration (a moving average of the calls that ended) less the time the oldest of
 * them has run, at least 1 s.
 */
export class ConcurrencyLimits {
  private readonly byUser = new Map<number, Ticket[]>();
  private readonly byOrganisation = new Map<number, Ticket[]>();
  private estimateMs: number;
  private readonly maxRetryAfterSeconds: number;

  constructor(private readonly options: ConcurrencyLimitsOptions) {
    this.estimateMs = options.initialEstimateMs ?? 5000;
    this.maxRetryAfterSeconds = options.maxRetryAfterSeconds ?? 60;
  }

  admit(caller: Caller, now: number): Admission {
    const user = this.byUser.get(caller.user) ?? [];
    const organisation = this.byOrganisation.get(caller.organisation) ?? [];
    if (user.length >= this.options.perUser)
      return { admitted: false, scope: 'user', retryAfterSeconds: this.retryAfter(user, now) };
    if (organisation.length >= this.options.perOrganisation)
      return {
        admitted: false,
        scope: 'organisation',
        retryAfterSeconds: this.retryAfter(organisation, now),
      };
    const ticket: Ticket = { caller: { ...caller }, startedAt: now };
    this.byUser.set(caller.user, [...user, ticket]);
    this.byOrganisation.set(caller.organisation, [...organisation, ticket]);
    return { admitted: true, ticket };
  }

  /** Ends a call; a second release of the same ticket does nothing. */
  release(ticket: Ticket, now: number): void {
    const removed =
      remove(this.byUser, ticket.caller.user, ticket) &&
      remove(this.byOrganisation, ticket.caller.organisation, ticket);
    if (removed)
      this.estimateMs += SMOOTHING * (Math.max(0, now - ticket.startedAt) - this.estimateMs);
  }

  /** Calls under way: of one user, or of one organisation. */
  running(scope: 'user' | 'organisation', id: number): number {
    return ((scope === 'user' ? this.byUser : this.byOrganisation).get(id) ?? []).length;
  }

  private retryAfter(running: Ticket[], now: number): number {
    const oldest = Math.min(...running.map((t) => t.startedAt));
    const left = Math.ceil((this.estimateMs - (now - oldest)) / 1000);
    return Math.min(this.maxRetryAfterSeconds, Math.max(1, left));
  }
}

function remove(map: Map<number, Ticket[]>, key: number, ticket: Ticket): boolean {
  const list = map.get(key);
  if (!list?.includes(ticket)) return false;
  const rest = list.filter((t) => t !== ticket);
  if (rest.length) map.set(key, rest);
  else map.delete(key);
  return true;
}

/** The waiting was given up: the caller's signal was aborted. */
export class AbortedWhileWaiting extends Error {
  constructor() {
    super('Gave up waiting for a slot');
  }
}

/**
 * A counting semaphore with a first-come queue: at most `size` holders at once. A waiter whose
 * signal aborts leaves the queue. The release function a holder gets works once.
 */
export class Slots {
  private active = 0;
  private readonly queue: { grant: () => void }[] = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error('Slots: size must be at least 1');
  }

  get holders(): number {
    return this.active;
  }

  get waiting(): number {
    return this.queue.length;
  }

  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(new AbortedWhileWaiting());
    if (this.active < this.size) {
      this.active++;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(this.releaser());
        },
      };
      const onAbort = () => {
        const at = this.queue.indexOf(waiter);
        if (at >= 0) this.queue.splice(at, 1);
        reject(new AbortedWhileWaiting());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
    });
  }

  private releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.queue.shift();
      // The slot passes straight to the next waiter: the count stays.
      if (next) next.grant();
      else this.active--;
    };
  }
}
