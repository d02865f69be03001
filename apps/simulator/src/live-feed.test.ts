import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { camerasToPublish, liveFeedArgs, overlayText } from './live-feed.js';
import { filterValue } from './media-maker.js';

describe('the cameras of a live feed', () => {
  it.each([
    [3, 1, ['FRONT', 'REAR']],
    [16, 1, ['DRIVER']],
    [31, 0, ['FRONT', 'REAR', 'LEFT', 'RIGHT', 'DRIVER']],
    [0, 1, ['FRONT']],
    [0, 20, ['LEFT', 'DRIVER']],
    [0, 0, ['FRONT']],
  ] as const)('mask %i with the configured %i: %j', (requested, configured, cameras) => {
    expect(camerasToPublish(requested, configured)).toEqual(cameras);
  });
});

describe('ffmpeg of a live feed', () => {
  const base = {
    camera: 'REAR' as const,
    asset: "Truck 'A': 1",
    video: { width: 640, height: 480, fps: 15 },
    port: 40_000,
    font: '/fonts/DejaVu Sans.ttf',
    textFile: '/tmp/feed/overlay.txt',
    seconds: 900.2,
  };
  const option = (args: string[], name: string) => args[args.indexOf(name) + 1];

  it('sends VP8 RTP to the loopback port: one thread, a keyframe every half second, bounded in time', () => {
    const args = liveFeedArgs(base);
    expect(option(args, '-i')).toBe('testsrc=size=640x480:rate=15');
    expect(option(args, '-c:v')).toBe('libvpx');
    expect(option(args, '-threads')).toBe('1');
    expect(option(args, '-g')).toBe('8');
    expect(option(args, '-keyint_min')).toBe('8');
    expect(option(args, '-t')).toBe('901');
    expect(args).toContain('-an');
    expect(args.at(-1)).toBe('rtp://127.0.0.1:40000?pkt_size=1200');
  });

  it.each([
    [{ width: 640, height: 480, fps: 15 }, '500k', '8'],
    [{ width: 1280, height: 720, fps: 30 }, '3000k', '15'],
    [{ width: 320, height: 240, fps: 5 }, '42k', '3'],
    [{ width: 160, height: 120, fps: 1 }, '2k', '1'],
  ])('%j: bitrate %s, GOP %s', (video, bitrate, gop) => {
    const args = liveFeedArgs({ ...base, video });
    expect(option(args, '-b:v')).toBe(bitrate);
    expect(option(args, '-g')).toBe(gop);
    expect(option(args, '-i')).toBe(
      `testsrc=size=${video.width}x${video.height}:rate=${video.fps}`,
    );
  });

  it('draws the camera and asset, and the clock and speed from a file it re-reads', () => {
    const filters = option(liveFeedArgs(base), '-vf')!;
    expect(filters).toContain('drawbox=');
    expect(filters).toContain(`text=${filterValue("REAR  Truck 'A': 1")}`);
    expect(filters).toContain('textfile=/tmp/feed/overlay.txt:reload=1');
    expect(filters).toContain('fontfile=/fonts/DejaVu Sans.ttf');
    // Without a font only the band.
    expect(option(liveFeedArgs({ ...base, font: undefined }), '-vf')).not.toContain('drawtext');
  });

  it('writes the local clock and the rounded speed', () => {
    expect(overlayText(Date.parse('2026-07-01T10:00:05Z'), 63.6)).toBe(
      '2026-07-01 12:00:05   64 km/h',
    );
    expect(overlayText(Date.parse('2026-07-01T10:00:05Z'), 0, true)).toBe(
      '2026-07-01 12:00:05   0 km/h   ENHANCED',
    );
  });

  it.each([
    [false, '500k'],
    [true, '1500k'],
  ])('enhanced %s: bitrate %s', (enhanced, bitrate) => {
    expect(option(liveFeedArgs({ ...base, enhanced }), '-b:v')).toBe(bitrate);
  });
});

describe('no orphans', () => {
  it('kills the running ffmpegs when the process exits', async () => {
    const script = `
      import { spawnFeed } from ${JSON.stringify(path.resolve('apps/simulator/src/live-feed.ts'))};
      import { ffmpegPath } from ${JSON.stringify(path.resolve('apps/simulator/src/media-maker.ts'))};
      const child = spawnFeed(ffmpegPath(), ['-re', '-f', 'lavfi', '-i', 'testsrc', '-t', '20', '-f', 'null', '-']);
      console.log(child.pid);
      setTimeout(() => process.exit(0), 500);
    `;
    const run = spawnSync('node', ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    const pid = Number(run.stdout.trim());
    expect(pid, run.stderr).toBeGreaterThan(0);
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    // Killed at the exit; gone (reaped) a moment later.
    for (let i = 0; i < 40 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
    expect(alive()).toBe(false);
  }, 40_000);
});
