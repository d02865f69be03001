import type { FastifyBaseLogger } from 'fastify';
import type { VideoGatewayConfig } from '../../config.js';
import { JanusApi, type RoomSpec } from './janus-api.repository.js';
import { firstStun } from './janus-config.js';
import { iceServersFor, publicIceServers } from './turn-credentials.js';
import {
  findJanus,
  findJanusLibDir,
  JanusProcess,
  type JanusEndpoint,
} from './janus-process.repository.js';

export type GatewayStatus = 'up' | 'down' | 'absent';

/**
 * Our own Janus as the supervisor of SERVER_PROCESSES runs it for all of them (supervise.ts):
 * where it answers, or why there is none.
 */
export type SharedJanus = { endpoint: JanusEndpoint } | { reason: string };

/**
 * The video gateway (Janus VideoRoom): our own Janus when the binary is installed and no
 * JANUS_URL is set, an external one with JANUS_URL, or none. Without one, monitorings still
 * run (positions only) and `unavailableReason` says why there is no video.
 */
export class VideoGatewayService {
  private process: JanusProcess | undefined;
  private external: JanusApi | undefined;
  private shared: SharedJanus | undefined;
  private absentReason: string | null = null;
  private roomsLost: (() => void) | undefined;

  constructor(
    private readonly config: VideoGatewayConfig,
    private readonly dataDir: string,
    private readonly log: FastifyBaseLogger,
  ) {
    if (config.mode === 'external') {
      this.external = new JanusApi(config.url!, config.adminKey);
    } else if (config.mode === 'off') {
      this.absentReason = 'Live video is switched off on this server (JANUS=off)';
    }
  }

  /**
   * One of SERVER_PROCESSES: our own Janus is the supervisor's, not this process's to start.
   * `restarted`: it came back after a crash, and this process is the one to remake the rooms.
   */
  share(shared: SharedJanus, restarted = false): void {
    if (this.config.mode !== 'auto') return;
    this.shared = shared;
    this.absentReason = 'reason' in shared ? shared.reason : null;
    if (restarted && 'endpoint' in shared) this.roomsLost?.();
  }

  /** Starts our own Janus when there is one to start. Never throws: video is optional. */
  async start(): Promise<void> {
    if (this.config.mode !== 'auto' || this.shared) return;
    const binary = findJanus(this.config.binary);
    if (!binary) {
      this.absentReason =
        'Live video is unavailable: Janus is not installed on this server (apt install janus janus-tools)';
      this.log.info(this.absentReason);
      return;
    }
    const libDir = findJanusLibDir(binary);
    if (!libDir) {
      this.absentReason = 'Live video is unavailable: the Janus VideoRoom plugin was not found';
      this.log.warn(this.absentReason);
      return;
    }
    this.process = new JanusProcess(
      binary,
      libDir,
      this.dataDir,
      this.config.rtpPortRange,
      firstStun(this.config.iceServers.flatMap((s) => (Array.isArray(s.urls) ? s.urls : [s.urls]))),
      this.log,
    );
    this.process.onRestart = () => this.roomsLost?.();
    try {
      await this.process.start();
    } catch (error) {
      this.log.error({ err: error }, 'Janus could not be started');
    }
  }

  async stop(): Promise<void> {
    await this.process?.stop();
  }

  /** Called when our Janus came back after a crash: its rooms are gone. */
  onRoomsLost(callback: () => void): void {
    this.roomsLost = callback;
  }

  /** The running Janus's process id (tests kill it to see it come back). */
  get pid(): number | undefined {
    return this.process?.pid;
  }

  /** Our own Janus (this process's or the supervisor's), as it is now: what to share. */
  get own(): SharedJanus | undefined {
    if (this.shared) return this.shared;
    const endpoint = this.process?.endpoint;
    if (endpoint) return { endpoint };
    return this.absentReason ? { reason: this.absentReason } : undefined;
  }

  private get endpoint(): JanusEndpoint | undefined {
    if (this.shared) return 'endpoint' in this.shared ? this.shared.endpoint : undefined;
    return this.process?.endpoint;
  }

  /** The Janus API to talk to, or undefined when there is none right now. */
  private api(): JanusApi | undefined {
    if (this.external) return this.external;
    const endpoint = this.endpoint;
    if (!endpoint || (!this.shared && this.process?.state !== 'up')) return undefined;
    return new JanusApi(endpoint.url, endpoint.adminKey);
  }

  /** Whether live video can be offered at all (a gateway configured or running). */
  get configured(): boolean {
    return this.external !== undefined || this.endpoint !== undefined || this.process !== undefined;
  }

  /** Why there is no live video, or null when there is a gateway. */
  get unavailableReason(): string | null {
    if (this.configured) return null;
    return this.absentReason ?? 'Live video is unavailable on this server';
  }

  /** The Janus HTTP API address (ours on loopback, or JANUS_URL). */
  get url(): string | undefined {
    return this.external?.url ?? this.endpoint?.url;
  }

  /** Our own Janus's WebSocket API (ws://127.0.0.1:<port>); none for an external Janus. */
  get wsUrl(): string | undefined {
    return this.external ? undefined : this.endpoint?.wsUrl;
  }

  /** The gateway address a device publishes to (JANUS_DEVICE_URL, else the Janus address). */
  get deviceUrl(): string | undefined {
    return this.config.deviceUrl ?? this.url;
  }

  /** Where recordings land, as Janus sees the path; null: not recorded (external without a shared folder). */
  recordingDir(monitoringId: number): string | null {
    const root = this.config.recordingsDir;
    return root ? `${root}/${monitoringId}` : null;
  }

  /** The ICE servers anyone may know (GET client-config): STUN only, no TURN credential. */
  get publicIceServers() {
    return publicIceServers(this.config.iceServers);
  }

  /** The ICE servers for one caller who may watch or publish a live feed (TURN with credentials). */
  iceServersFor(callerId: string) {
    return iceServersFor(this.config.iceServers, this.config.turn, callerId);
  }

  async status(): Promise<GatewayStatus> {
    if (!this.configured) return 'absent';
    const api = this.api();
    return api && (await api.alive()) ? 'up' : 'down';
  }

  async createRoom(spec: RoomSpec): Promise<void> {
    const api = this.api();
    if (!api) throw new Error('the video gateway is down');
    await api.createRoom(spec);
  }

  async destroyRoom(room: number, secret: string): Promise<void> {
    const api = this.api();
    if (!api) throw new Error('the video gateway is down');
    await api.destroyRoom(room, secret);
  }

  async roomExists(room: number): Promise<boolean> {
    const api = this.api();
    if (!api) throw new Error('the video gateway is down');
    return api.roomExists(room);
  }

  async participants(room: number) {
    const api = this.api();
    if (!api) throw new Error('the video gateway is down');
    return api.participants(room);
  }
}
