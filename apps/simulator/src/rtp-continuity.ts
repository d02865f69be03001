/** RTP's video clock: 90 kHz. */
const VIDEO_CLOCK = 90_000;
/** A timestamp step larger than this (either way) is a new encoder, not the same stream. */
const NEW_BASE_TICKS = 2 * VIDEO_CLOCK;

/**
 * Keeps one camera's RTP stream continuous when its encoder restarts ('Enhance video'): every
 * ffmpeg starts with its own random sequence number and timestamp, and a real camera's stream
 * does not jump. Rewrites sequence number and timestamp in place, so the stream the control
 * room sees and records runs on, one frame after the last.
 */
export class RtpContinuity {
  private readonly frameTicks: number;
  private seqOffset = 0;
  private tsOffset = 0;
  private last?: { inSeq: number; inTs: number; outSeq: number; outTs: number };

  constructor(fps: number) {
    this.frameTicks = Math.round(VIDEO_CLOCK / fps);
  }

  rewrite(packet: Buffer): Buffer {
    if (packet.length < 12) return packet;
    const seq = packet.readUInt16BE(2);
    const ts = packet.readUInt32BE(4);
    const last = this.last;
    if (last && Math.abs(signed32(ts - last.inTs)) > NEW_BASE_TICKS) {
      // The first packet of a new encoder: it follows the last one sent.
      this.seqOffset = (last.outSeq + 1 - seq) & 0xffff;
      this.tsOffset = (last.outTs + this.frameTicks - ts) >>> 0;
    }
    const outSeq = (seq + this.seqOffset) & 0xffff;
    const outTs = (ts + this.tsOffset) >>> 0;
    packet.writeUInt16BE(outSeq, 2);
    packet.writeUInt32BE(outTs, 4);
    this.last = { inSeq: seq, inTs: ts, outSeq, outTs };
    return packet;
  }
}

/** A 32-bit difference as a signed number (timestamps wrap). */
const signed32 = (n: number) => n | 0;
