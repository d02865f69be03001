/** A session nobody used for this long is forgotten (Janus drops it after 60 s idle). */
const IDLE_MS = 5 * 60_000;
/** Janus sessions one caller may hold at once (the view opens one per page). */
export const MAX_SESSIONS_PER_CALLER = 16;

/**
 * Who made each Janus session through the proxy: a session (and so its handles) answers only
 * to the caller that created it. In this process's memory: with several servers in front of
 * one Janus, send a viewer's `/janus` calls to the same server (docs/monitoring.md).
 */
export class JanusSessions {
  private readonly owners = new Map<string, { owner: string; seen: number }>();

  /** Whether `owner` may make one more session. */
  mayCreate(owner: string, now = Date.now()): boolean {
    this.prune(now);
    let held = 0;
    for (const entry of this.owners.values()) if (entry.owner === owner) held++;
    return held < MAX_SESSIONS_PER_CALLER;
  }

  created(session: string, owner: string, now = Date.now()): void {
    this.owners.set(session, { owner, seen: now });
  }

  /** Whether the session was made by `owner` (and is still known); marks it used. */
  owns(session: string, owner: string, now = Date.now()): boolean {
    const entry = this.owners.get(session);
    if (!entry || entry.owner !== owner || now - entry.seen > IDLE_MS) return false;
    entry.seen = now;
    return true;
  }

  destroyed(session: string): void {
    this.owners.delete(session);
  }

  private prune(now: number) {
    for (const [session, entry] of this.owners)
      if (now - entry.seen > IDLE_MS) this.owners.delete(session);
  }
}
