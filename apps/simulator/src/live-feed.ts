import { spawn, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters } from 'werift';
import { CAMERA_BITS, CAMERAS, type Camera } from '@fleet/contract';
import { ffmpegPath, filterValue, findFont, localSecond } from './media-maker.js';
import { RtpContinuity } from './rtp-continuity.js';

/**
 * A camera's live feed (docs/device-protocol.md, Monitoring): ffmpeg draws a
 * test pattern with the camera, the asset, the clock and the speed on it,
 * encodes VP8 (a keyframe every second) and sends it as RTP to a loopback UDP
 * port; werift reads the packets into a WebRTC track published into the
 * monitoring's Janus VideoRoom as a publisher named by the camera.
 * (/work/shared/design/live-video.md: werift is bound to every interface, as
 * Janus offers no loopback candidates.)
 */

export interface FeedVideo {
  width: number;
  height: number;
  fps: number;
}

/** The cameras to publish: the request's mask, or with 0 the configured live-feed cameras (none: Front). */
export function camerasToPublish(requested: number, configured: number): Camera[] {
  const mask = requested > 0 ? requested : configured > 0 ? configured : CAMERA_BITS.FRONT;
  return CAMERAS.filter((camera) => (mask & CAMERA_BITS[camera]) !== 0);
}

/** The text file's contents: the local clock and the speed, rewritten every second. */
export function overlayText(now: number, speed: number, enhanced = false): string {
  return `${localSecond(now)}   ${Math.round(speed)} km/h${enhanced ? '   ENHANCED' : ''}`;
}

/** How much more bitrate an enhanced camera gets ('Enhance video', spec §2). */
export const ENHANCED_BITRATE_FACTOR = 3;

/** ffmpeg's arguments for one camera's VP8 RTP stream to 127.0.0.1:`port`, running until killed. */
export function liveFeedArgs(options: {
  camera: Camera;
  asset: string;
  video: FeedVideo;
  port: number;
  /** a TTF font; without one the band carries no text */
  font: string | undefined;
  /** the clock and speed, re-read every frame */
  textFile: string;
  /** s it runs at most (the monitoring's maximum end): even a killed simulator leaves no ffmpeg for long */
  seconds: number;
  /** the control room asked for this camera at a higher quality */
  enhanced?: boolean;
}): string[] {
  const { camera, asset, video, port, font, textFile, seconds } = options;
  const factor = options.enhanced ? ENHANCED_BITRATE_FACTOR : 1;
  const gop = Math.max(1, Math.round(video.fps / 2));
  const size = Math.max(14, Math.round(video.height / 22));
  const band = `drawbox=x=0:y=0:w=iw:h=${Math.round(size * 2.2 * 2)}:color=black@0.6:t=fill`;
  const text = (extra: string, y: number) =>
    `drawtext=fontfile=${filterValue(font!)}:fontsize=${size}:fontcolor=white:x=10:y=${y}:${extra}`;
  const filters = [band];
  if (font) {
    filters.push(
      text(`text=${filterValue(`${camera}  ${asset}`)}`, Math.round(size * 0.5)),
      text(`textfile=${filterValue(textFile)}:reload=1`, Math.round(size * 2.3)),
    );
  }
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-re',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${video.width}x${video.height}:rate=${video.fps}`,
    '-t',
    String(Math.max(1, Math.ceil(seconds))),
    '-vf',
    filters.join(','),
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-threads',
    '1',
    // A keyframe every half second: a viewer who joins waits for the next one (ffmpeg cannot
    // answer the gateway's keyframe request), so this halves the wait for the first picture.
    '-g',
    String(gop),
    '-keyint_min',
    String(gop),
    '-b:v',
    `${Math.round((factor * video.width * video.height * video.fps) / 9216)}k`,
    '-an',
    '-f',
    'rtp',
    `rtp://127.0.0.1:${port}?pkt_size=1200`,
  ];
}

/** Every ffmpeg a feed started and has not stopped: killed when the process exits, whatever happens. */
const running = new Set<ChildProcess>();
let exitHook = false;
/** Starts a feed's ffmpeg, killed at the latest when this process exits (no orphans). */
export function spawnFeed(file: string, args: string[]): ChildProcess {
  const child = spawn(file, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (!exitHook) {
    exitHook = true;
    process.once('exit', () => {
      for (const process of running) process.kill('SIGKILL');
    });
  }
  return child;
}
/** How many feed ffmpegs run now (for tests). */
export const runningFeeds = () => running.size;

type JanusMessage = {
  janus: string;
  data?: { id: number };
  jsep?: { type: 'answer'; sdp: string };
  plugindata?: { data?: { error?: string; error_code?: number } };
  error?: { reason: string };
};

/** The Janus HTTP API as a camera unit uses it: one session with its handle. */
class JanusSession {
  private session = 0;
  private handle = 0;
  private keepalive?: NodeJS.Timeout;

  constructor(private readonly url: string) {}

  private async post(suffix: string, body: object): Promise<JanusMessage> {
    const response = await fetch(`${this.url}${suffix}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, transaction: Math.random().toString(36).slice(2) }),
      signal: AbortSignal.timeout(10_000),
    });
    const message = (await response.json()) as JanusMessage;
    if (message.janus === 'error') throw new Error(`Janus: ${message.error?.reason}`);
    return message;
  }

  async open(): Promise<void> {
    this.session = (await this.post('', { janus: 'create' })).data!.id;
    this.handle = (
      await this.post(`/${this.session}`, { janus: 'attach', plugin: 'janus.plugin.videoroom' })
    ).data!.id;
    // Janus drops a session that says nothing for a minute.
    this.keepalive = setInterval(() => {
      this.post(`/${this.session}`, { janus: 'keepalive' }).catch(() => {});
    }, 20_000);
  }

  /** Sends the publish and waits for its answer among the session's events. */
  async publish(body: object, offer: string): Promise<string> {
    const sent = await this.post(`/${this.session}/${this.handle}`, {
      janus: 'message',
      body,
      jsep: { type: 'offer', sdp: offer },
    });
    if (sent.jsep) return sent.jsep.sdp;
    const until = Date.now() + 15_000;
    while (Date.now() < until) {
      const response = await fetch(`${this.url}/${this.session}?maxev=5`, {
        signal: AbortSignal.timeout(35_000),
      });
      for (const event of [await response.json()].flat() as JanusMessage[]) {
        if (event.jsep) return event.jsep.sdp;
        const error = event.plugindata?.data?.error;
        if (error) throw new Error(`Janus refused the publish: ${error}`);
      }
    }
    throw new Error('Janus gave no answer to the publish');
  }

  async close(): Promise<void> {
    clearInterval(this.keepalive);
    if (this.session)
      await this.post(`/${this.session}`, { janus: 'destroy' }).catch(() => undefined);
  }
}

export interface LiveRoom {
  gatewayUrl: string;
  roomId: number;
  pin: string;
}

/**
 * One camera publishing into the room until `close`: ffmpeg → UDP → werift → Janus.
 * `close` always cleans up all of it (also after a failed start).
 */
export class CameraFeed {
  private readonly janus: JanusSession;
  private pc?: RTCPeerConnection;
  private socket?: dgram.Socket;
  private ffmpeg?: ChildProcess;
  private readonly folder = mkdtempSync(path.join(os.tmpdir(), 'fleet-feed-'));
  private readonly textFile = path.join(this.folder, 'overlay.txt');
  private closed = false;
  private port?: number;
  private enhancedUntil = 0;
  private enhanceTimer?: NodeJS.Timeout;
  private lastShown = { now: 0, speed: 0 };

  constructor(
    readonly camera: Camera,
    private readonly asset: string,
    private readonly room: LiveRoom,
    private readonly video: FeedVideo,
    /** ms: the monitoring's maximum end, after which ffmpeg stops by itself */
    private readonly maxEnd: number,
    private readonly log: (message: string) => void,
  ) {
    this.janus = new JanusSession(room.gatewayUrl);
  }

  /** Rewrites the clock and speed (whole, renamed into place: ffmpeg never reads half a file). */
  show(now: number, speed: number): void {
    if (this.closed) return;
    this.lastShown = { now, speed };
    const temporary = `${this.textFile}.tmp`;
    writeFileSync(temporary, overlayText(now, speed, Date.now() < this.enhancedUntil));
    renameSync(temporary, this.textFile);
  }

  async start(now: number, speed: number): Promise<void> {
    this.show(now, speed);
    await this.janus.open();
    this.pc = new RTCPeerConnection({
      codecs: {
        video: [
          new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, payloadType: 96 }),
        ],
        audio: [],
      },
    });
    const media = new MediaStreamTrack({ kind: 'video' });
    this.pc.addTransceiver(media, { direction: 'sendonly' });
    await this.pc.setLocalDescription(await this.pc.createOffer());
    await new Promise<void>((resolve) => {
      if (this.pc!.iceGatheringState === 'complete') resolve();
      this.pc!.iceGatheringStateChange.subscribe((state) => state === 'complete' && resolve());
    });
    if (this.closed) return;
    const answer = await this.janus.publish(
      {
        request: 'joinandconfigure',
        ptype: 'publisher',
        room: this.room.roomId,
        pin: this.room.pin,
        display: this.camera,
        audio: false,
        video: true,
        // Janus 1.1.2 keeps no display name in the recording: the server reads the camera from this.
        filename: `${this.camera}-${Date.now()}`,
      },
      this.pc.localDescription!.sdp,
    );
    await this.pc.setRemoteDescription({ type: 'answer', sdp: answer });
    if (this.closed) return;

    this.socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => this.socket!.bind(0, '127.0.0.1', resolve));
    // An encoder restart ('Enhance video') must not make the stream jump.
    const continuity = new RtpContinuity(this.video.fps);
    this.socket.on('message', (packet) => media.writeRtp(continuity.rewrite(packet)));
    this.port = (this.socket.address() as AddressInfo).port;
    if (this.closed) return;
    this.encode();
  }

  /**
   * 'Enhance video': this camera at ENHANCED_BITRATE_FACTOR times the bitrate, with ENHANCED
   * drawn on it, for `seconds`; then back to normal. The encoder restarts into the same
   * track (a keyframe every second, so the viewer sees the change within about a second).
   */
  enhance(seconds: number): void {
    if (this.closed) return;
    this.enhancedUntil = Date.now() + seconds * 1000;
    clearTimeout(this.enhanceTimer);
    this.enhanceTimer = setTimeout(() => {
      this.show(this.lastShown.now, this.lastShown.speed);
      this.encode();
    }, seconds * 1000);
    this.enhanceTimer.unref();
    this.show(this.lastShown.now, this.lastShown.speed);
    this.encode();
    this.log(`Live feed ${this.camera} of ${this.asset}: enhanced for ${seconds} s`);
  }

  /** (Re)starts the encoder at the quality of the moment. */
  private encode(): void {
    if (this.closed || this.port === undefined) return;
    const previous = this.ffmpeg;
    if (previous && previous.exitCode === null && previous.signalCode === null) {
      previous.kill('SIGKILL');
    }
    const ffmpeg = spawnFeed(
      ffmpegPath(),
      liveFeedArgs({
        camera: this.camera,
        asset: this.asset,
        video: this.video,
        port: this.port,
        font: findFont(),
        textFile: this.textFile,
        seconds: (this.maxEnd - Date.now()) / 1000 + 60,
        enhanced: Date.now() < this.enhancedUntil,
      }),
    );
    this.ffmpeg = ffmpeg;
    let errors = '';
    ffmpeg.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk).slice(-500)));
    ffmpeg.once('exit', (code) => {
      if (!this.closed && this.ffmpeg === ffmpeg)
        this.log(`Live feed ${this.camera} of ${this.asset}: ffmpeg stopped (${code}) ${errors}`);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.enhanceTimer);
    const ffmpeg = this.ffmpeg;
    if (ffmpeg && ffmpeg.exitCode === null && ffmpeg.signalCode === null) {
      const exited = new Promise((resolve) => ffmpeg.once('exit', resolve));
      ffmpeg.kill('SIGKILL');
      await exited;
    }
    this.socket?.close();
    await this.pc?.close().catch(() => undefined);
    await this.janus.close();
    rmSync(this.folder, { recursive: true, force: true });
  }
}
