import type { DeviceRepository } from '../devices/devices.repository.js';
import { parseCredential } from '../devices/device-credentials.js';

/** Finds the device a credential belongs to; the database holds only hashes. */
export class DeviceAuthService {
  constructor(private readonly devices: DeviceRepository) {}

  async authenticate(credential: string): Promise<number | undefined> {
    const parsed = parseCredential(credential);
    if (!parsed) return undefined;
    return (await this.devices.findByCredentialHash(parsed.hash, parsed.deviceId))?.id;
  }
}
