import { Gathered } from '../../lib/gathered.js';
import { sameHash } from '../../lib/same-hash.js';
import type { DeviceLogins } from '../devices/index.js';
import { parseCredential } from '../devices/index.js';

/** How often, at most, a device's last_seen_at is written (seconds). */
export const LAST_SEEN_EVERY_SECONDS = 10;
/** How long the refreshes of devices already online gather before one statement writes them. */
export const LAST_SEEN_FLUSH_MS = 1000;

/** Credentials this process remembers at most (beyond: the expired go, then all). */
const MAX_REMEMBERED = 20_000;

/**
 * Finds the device a credential belongs to; the database holds only hashes. What it answered
 * is remembered for `cacheSeconds` (DEVICE_AUTH_CACHE): 2,000 trucks asked it 400 times a
 * second on the pool users' requests use (issue 18 §3). The credentials checked at once are
 * looked up in one statement (lib/gathered.ts), as are the last_seen_at of the devices coming
 * online at once: a burst of reconnecting devices costs a few statements, not one each. A
 * credential re-issued or a device deleted is forgotten at once by this process; another
 * server process may still accept the old credential until its memory of it expires.
 */
export class DeviceAuthService {
  /** Device id → when this process last wrote (or queued) its last_seen_at (ms). */
  private readonly written = new Map<number, number>();
  private readonly pending = new Set<number>();
  private timer: NodeJS.Timeout | undefined;

  /** credential hash → its device and until when that is remembered (ms) */
  private readonly known = new Map<string, { deviceId: number; until: number }>();

  /** device id → its credential_hash, for the credentials checked at once */
  private readonly hashes: Gathered<number, string>;
  /** the devices coming online at once: their last_seen_at in one statement */
  private readonly online: Gathered<number, never>;

  constructor(
    private readonly devices: DeviceLogins,
    private readonly cacheSeconds = 0,
  ) {
    this.hashes = new Gathered((ids) => devices.credentialHashes(ids));
    this.online = new Gathered(async (ids) => {
      await devices.touchLastSeen(ids, LAST_SEEN_EVERY_SECONDS);
      return new Map<number, never>();
    });
  }

  async authenticate(credential: string, now = Date.now()): Promise<number | undefined> {
    const parsed = parseCredential(credential);
    if (!parsed) return undefined;
    const known = this.known.get(parsed.hash);
    if (known && known.until > now) return known.deviceId;
    const stored = await this.hashes.get(parsed.deviceId);
    const id = stored !== undefined && sameHash(stored, parsed.hash) ? parsed.deviceId : undefined;
    if (id !== undefined && this.cacheSeconds > 0) {
      if (this.known.size >= MAX_REMEMBERED) this.prune(now);
      this.known.set(parsed.hash, { deviceId: id, until: now + this.cacheSeconds * 1000 });
    }
    return id;
  }

  /** The device's credential changed or the device is gone: its old credential is not accepted. */
  forget(deviceId: number): void {
    for (const [hash, entry] of this.known)
      if (entry.deviceId === deviceId) this.known.delete(hash);
  }

  private prune(now: number) {
    for (const [hash, entry] of this.known) if (entry.until <= now) this.known.delete(hash);
    if (this.known.size >= MAX_REMEMBERED) this.known.clear();
  }

  /**
   * The device called the device API: remembered at most every LAST_SEEN_EVERY_SECONDS (this
   * process skips the write in between; the database skips it for the others). A device coming
   * online (not heard by this process for two such periods) is written at once; the refreshes
   * of devices already online are written together, one statement a second (issue 18 §3: one
   * statement and commit per device every 10 s was 200 a second for 2,000 trucks).
   */
  async seen(deviceId: number, now = Date.now()): Promise<void> {
    const last = this.written.get(deviceId);
    if (last !== undefined && now - last < LAST_SEEN_EVERY_SECONDS * 1000) return;
    this.written.set(deviceId, now);
    if (last === undefined || now - last >= 2 * LAST_SEEN_EVERY_SECONDS * 1000) {
      await this.online.get(deviceId);
      return;
    }
    this.pending.add(deviceId);
    this.timer ??= setTimeout(() => void this.flush(), LAST_SEEN_FLUSH_MS).unref();
  }

  /** Writes the refreshes gathered so far. A write that fails is made by the device's next call. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const ids = [...this.pending];
    this.pending.clear();
    if (!ids.length) return;
    await this.devices.touchLastSeen(ids, LAST_SEEN_EVERY_SECONDS).catch(() => {
      for (const id of ids) this.written.delete(id);
    });
  }
}
