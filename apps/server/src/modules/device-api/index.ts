// The device API's front door: what vehicles call (docs/device-protocol.md).
import type { DeviceLogins } from '../devices/index.js';
import { DeviceAuthService } from './device-auth.js';

export { deviceApiRoutes } from './device-api.routes.js';
export type { DeviceAuthService } from './device-auth.js';

export const createDeviceAuth = (devices: DeviceLogins) => new DeviceAuthService(devices);
