// The device API's front door: what vehicles call (docs/device-protocol.md).
import type { DeviceLogins } from '../devices/index.js';
import { DeviceAuthService } from './device-auth.js';

export { deviceApiRoutes } from './device-api.routes.js';
export type { DeviceAuthService } from './device-auth.js';

/** `cacheSeconds`: how long a credential's device is remembered (DEVICE_AUTH_CACHE). */
export const createDeviceAuth = (devices: DeviceLogins, cacheSeconds = 0) =>
  new DeviceAuthService(devices, cacheSeconds);
