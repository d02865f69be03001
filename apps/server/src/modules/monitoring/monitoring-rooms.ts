import { mkdir } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { VideoGatewayService } from '../video-gateway/index.js';
import type { MonitoringRepository } from './monitoring.repository.js';

const PUBLISHERS = 6; // five cameras and the control room

export interface RoomKeys {
  id: number;
  pin: string;
  secret: string;
}

/** The live rooms of monitorings on the video gateway: made at the start, remade after a loss. */
export class MonitoringRooms {
  constructor(
    private readonly repository: MonitoringRepository,
    private readonly gateway: VideoGatewayService,
    private readonly log: FastifyBaseLogger,
  ) {
    gateway.onRoomsLost(() => void this.remake());
  }

  /** Makes the room of a monitoring that starts; when it cannot, the monitoring says why. */
  async open(id: number, room: RoomKeys): Promise<void> {
    const recDir = this.gateway.recordingDir(id);
    try {
      if (recDir) await mkdir(recDir, { recursive: true });
      await this.create(id, room, recDir);
    } catch (error) {
      this.log.error({ err: error, monitoring: id }, 'the live room could not be made');
      await this.repository.setLiveFeedProblem(
        id,
        'Live video is unavailable: the video gateway could not make the room',
      );
    }
  }

  /** The rooms of active monitorings, made again after our Janus restarted. */
  private async remake(): Promise<void> {
    for (const r of await this.repository.activeRooms()) {
      const keys = { id: Number(r.room_id), pin: r.room_pin, secret: r.room_secret };
      await this.create(r.id, keys, this.gateway.recordingDir(r.id)).catch((error: unknown) =>
        this.log.warn({ err: error, monitoring: r.id }, 'room not remade'),
      );
    }
  }

  private create(id: number, room: RoomKeys, recDir: string | null): Promise<unknown> {
    return this.gateway.createRoom({
      room: room.id,
      pin: room.pin,
      secret: room.secret,
      description: `Monitoring ${id}`,
      publishers: PUBLISHERS,
      recDir,
    });
  }
}
