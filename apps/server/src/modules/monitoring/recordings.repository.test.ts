import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFfmpeg } from '../../lib/ffmpeg.js';
import { MediaFilesRepository } from '../media/media-files.repository.js';
import { RecordingsRepository } from './recordings.repository.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'recordings-'));
mkdirSync(path.join(dir, 'tmp')); // the media files' working folder
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A 4 s VP8 WebM whose frames jump 2.5 h ahead after 2 s, as a restarted encoder's do. */
function gappedWebm(file: string) {
  const made = spawnSync(findFfmpeg()!, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-t', '4'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=15'],
    ...['-vf', "setpts='if(gte(N,30),PTS+9000/TB,PTS)'", '-vsync', 'vfr'],
    ...['-c:v', 'libvpx', '-b:v', '200k', file],
  ]);
  expect(made.status, made.stderr.toString()).toBe(0);
}

describe('a recording turned into an MP4', () => {
  it('closes a jump in the frame times: 4 s of video stay about 4 s, not hours', async () => {
    const input = path.join(dir, 'gap.webm');
    const output = path.join(dir, 'gap.mp4');
    gappedWebm(input);
    const started = Date.now();
    await new RecordingsRepository(dir).encodeMp4(input, output, false);
    expect(Date.now() - started).toBeLessThan(30_000);
    const inspected = await new MediaFilesRepository(dir).inspect(
      output,
      path.join(dir, 'gap.jpg'),
    );
    expect(inspected.mimeType).toBe('video/mp4');
    expect(inspected.duration).toBeGreaterThan(3);
    expect(inspected.duration).toBeLessThan(5);
  });
});
