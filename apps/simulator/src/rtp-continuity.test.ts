import { describe, expect, it } from 'vitest';
import { RtpContinuity } from './rtp-continuity.js';

const packet = (seq: number, ts: number) => {
  const p = Buffer.alloc(20);
  p[0] = 0x80;
  p.writeUInt16BE(seq & 0xffff, 2);
  p.writeUInt32BE(ts >>> 0, 4);
  return p;
};
const read = (p: Buffer) => [p.readUInt16BE(2), p.readUInt32BE(4)];

describe('RtpContinuity', () => {
  it.each([
    {
      why: 'one encoder: unchanged',
      input: [
        [100, 9000],
        [101, 15000],
        [102, 15000],
      ],
      output: [
        [100, 9000],
        [101, 15000],
        [102, 15000],
      ],
    },
    {
      why: 'a restarted encoder follows the last packet by one frame',
      input: [
        [100, 9000],
        [101, 15000],
        [40_000, 3_000_000_000],
        [40_001, 3_000_006_000],
      ],
      output: [
        [100, 9000],
        [101, 15000],
        [102, 21000],
        [103, 27000],
      ],
    },
    {
      why: 'a new base behind the old one counts too',
      input: [
        [65_535, 4_000_000_000],
        [0, 4_000_006_000],
        [7, 1_000],
      ],
      output: [
        [65_535, 4_000_000_000],
        [0, 4_000_006_000],
        [1, 4_000_012_000],
      ],
    },
    {
      why: 'timestamps wrapping around 2^32 are the same stream',
      input: [
        [5, 4_294_964_000],
        [6, 2_704],
      ],
      output: [
        [5, 4_294_964_000],
        [6, 2_704],
      ],
    },
  ])('$why', ({ input, output }) => {
    const continuity = new RtpContinuity(15);
    expect(input.map(([s, t]) => read(continuity.rewrite(packet(s!, t!))))).toEqual(output);
  });

  it('leaves a packet too short for an RTP header alone', () => {
    const short = Buffer.from([1, 2, 3]);
    expect(new RtpContinuity(15).rewrite(short)).toEqual(Buffer.from([1, 2, 3]));
  });
});
