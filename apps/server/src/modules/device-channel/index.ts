// The device channel's front door: commands to the devices.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { DeviceChannelRepository } from './device-channel.repository.js';
import { DeviceChannelService } from './device-channel.service.js';

export type { CommandRef } from './device-channel.repository.js';
export type { CommandHandler, DeviceChannelService } from './device-channel.service.js';

export function createDeviceChannel(deps: { db: Db; log: FastifyBaseLogger }) {
  return new DeviceChannelService(new DeviceChannelRepository(deps.db), deps.db, deps.log);
}
