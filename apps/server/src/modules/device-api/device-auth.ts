import type { DeviceLogins } from '../devices/index.js';
import { parseCredential } from '../devices/index.js';

/** How often, at most, a device's last_seen_at is written (seconds). */
export const LAST_SEEN_EVERY_SECONDS = 10;

/** Finds the device a credential belongs to; the database holds only hashes. */
export class DeviceAuthService {
  /** Device id → when this process last wrote its last_seen_at (ms). */
  private readonly written = new Map<number, number>();

  constructor(private readonly devices: DeviceLogins) {}

  async authenticate(credential: string): Promise<number | undefined> {
    const parsed = parseCredential(credential);
    if (!parsed) return undefined;
    return (await this.devices.findByCredentialHash(parsed.hash, parsed.deviceId))?.id;
  }

  /**
   * The device called the device API: remembered at most every LAST_SEEN_EVERY_SECONDS
   * (this process skips the query in between; the database skips the write for the others).
   */
  async seen(deviceId: number, now = Date.now()): Promise<void> {
    const last = this.written.get(deviceId);
    if (last !== undefined && now - last < LAST_SEEN_EVERY_SECONDS * 1000) return;
    this.written.set(deviceId, now);
    await this.devices.touchLastSeen(deviceId, LAST_SEEN_EVERY_SECONDS);
  }
}
