import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  ffmpegPath,
  filterValue,
  findFont,
  localSecond,
  MediaMaker,
  overlayFilters,
  pictureArgs,
  runs,
  TaskQueue,
  videoArgs,
  type Shot,
} from './media-maker.js';

const start = Date.parse('2026-11-24T09:00:00Z');
const shot: Shot = { camera: 1, asset: '101 Volvo FH', start, speeds: [50, 50, 52] };
const FONT = '/fonts/DejaVuSans.ttf';

describe('ffmpeg arguments', () => {
  it.each([
    ['plain', 'plain'],
    ['10:05', '10\\\\:05'],
    ["it's", "it\\\\\\'s"],
    ['a, b; [c]', 'a\\, b\\; \\[c\\]'],
    ['C:\\fonts', 'C\\\\:\\\\\\\\fonts'],
    ['100 %', '100 %'],
  ])('a filter value %j is escaped as %j', (text, escaped) => {
    expect(filterValue(text)).toBe(escaped);
  });

  it.each([
    [[], []],
    [[7], [{ value: 7, from: 0, to: 1 }]],
    [
      [50, 50, 52, 50],
      [
        { value: 50, from: 0, to: 2 },
        { value: 52, from: 2, to: 3 },
        { value: 50, from: 3, to: 4 },
      ],
    ],
  ])('runs of %j', (values, expected) => {
    expect(runs(values)).toEqual(expected);
  });

  it('draws on a picture the camera, the asset, the local time and the speed', () => {
    const filters = overlayFilters(shot, FONT, false);
    expect(filters).toContain('drawbox=x=0:y=0:w=iw:h=44:color=0x1f4e8c:t=fill');
    expect(filters).toContain('text=Front');
    expect(filters).toContain('text=101 Volvo FH');
    expect(filters).toContain(`text=${filterValue('2026-11-24 10:00:00')}`);
    expect(filters).toContain('text=50 km/h');
    expect(filters.match(/drawtext=/g)).toHaveLength(4);
    expect(localSecond(start)).toBe('2026-11-24 10:00:00');
  });

  it("draws on a clip a ticking clock of the zone and each second's speed", () => {
    const filters = overlayFilters(shot, FONT, true);
    // 10:00 in Amsterdam is 09:00 UTC plus an hour, drawn as UTC.
    expect(filters).toContain(
      `text=${filterValue(`%{pts:gmtime:${start / 1000 + 3600}:%Y-%m-%d %H\\:%M\\:%S}`)}`,
    );
    expect(filters).toContain(`text=50 km/h`);
    expect(filters).toContain(`enable=${filterValue('gte(t,0)*lt(t,2)')}`);
    expect(filters).toContain(`enable=${filterValue('gte(t,2)*lt(t,3)')}`);
    expect(filters.match(/drawtext=/g)).toHaveLength(5);
  });

  it('without a font draws only the coloured bands', () => {
    expect(overlayFilters({ ...shot, camera: 16 }, undefined, true)).toBe(
      'scale=640:480:flags=neighbor,drawbox=x=0:y=0:w=iw:h=44:color=0x137072:t=fill,drawbox=x=0:y=ih-44:w=iw:h=44:color=black@0.7:t=fill',
    );
  });

  it('makes each camera from its own source', () => {
    const sources = ([1, 2, 4, 8, 16] as const).map(
      (camera) => pictureArgs({ ...shot, camera }, FONT, 'out.jpg')[7],
    );
    expect(sources).toEqual([
      'testsrc2=size=640x480:rate=15',
      'rgbtestsrc=size=640x480:rate=15',
      'cellauto=rule=110:size=160x120:rate=15',
      'smptehdbars=size=640x480:rate=15',
      expect.stringMatching(/^life=.*:size=160x120:rate=15$/),
    ]);
  });

  it('asks for one JPEG frame, or an H.264 MP4 that a browser plays from the start', () => {
    const picture = pictureArgs(shot, FONT, 'out.jpg').join(' ');
    expect(picture).toMatch(/-frames:v 1 .*-y out\.jpg$/);
    const video = videoArgs(shot, 20, FONT, 'out.mp4').join(' ');
    for (const part of [
      '-t 20',
      '-c:v libx264',
      '-profile:v main',
      '-pix_fmt yuv420p',
      '-r 15',
      '-g 15',
      '-keyint_min 15',
      '-movflags +faststart',
      '-an',
    ]) {
      expect(video).toContain(part);
    }
    expect(video).toMatch(/-y out\.mp4$/);
  });

  it.each([
    [['/a.ttf', '/b.ttf'], ['/b.ttf'], '/b.ttf'],
    [['/a.ttf', '/b.ttf'], ['/a.ttf', '/b.ttf'], '/a.ttf'],
    [['/a.ttf'], [], undefined],
  ])('finds the first font of %j that exists', (candidates, existing, found) => {
    expect(findFont(candidates, (file) => existing.includes(file))).toBe(found);
  });
});

describe('the task queue', () => {
  it('runs at most two at a time, urgent ones first', async () => {
    const queue = new TaskQueue(2);
    const order: string[] = [];
    let running = 0;
    let most = 0;
    const task = (name: string) => async () => {
      running++;
      most = Math.max(most, running);
      order.push(name);
      await new Promise((resolve) => setTimeout(resolve, 10));
      running--;
    };
    await Promise.all([
      queue.run(task('a')),
      queue.run(task('b')),
      queue.run(task('c')),
      queue.run(task('d')),
      queue.run(task('urgent'), true),
    ]);
    expect(most).toBe(2);
    expect(order.slice(0, 3)).toEqual(['a', 'b', 'urgent']);
    expect(queue.active).toBe(0);
    expect(queue.pending).toBe(0);
  });

  it('goes on after a task fails', async () => {
    const queue = new TaskQueue(1);
    await expect(queue.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await expect(queue.run(async () => 'yes')).resolves.toBe('yes');
  });
});

describe('ffmpeg', () => {
  const probe = async (file: string) => {
    // ffmpeg -i with no output exits 1 after describing its input.
    const result = await promisify(execFile)(ffmpegPath(), ['-hide_banner', '-i', file]).catch(
      (error: { stderr: string }) => error,
    );
    return result.stderr;
  };

  it(
    'makes a JPEG picture and an H.264 clip of the asked length',
    { timeout: 60_000 },
    async () => {
      const logs: string[] = [];
      const maker = new MediaMaker((message) => logs.push(message));
      try {
        const picture = await maker.picture({ ...shot, asset: "Truck 'A': 100 %, [x]" });
        expect(readFileSync(picture.path).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
        expect(await probe(picture.path)).toMatch(/Video: mjpeg.*640x480/);
        await picture.remove();

        const clip = await maker.video({ ...shot, camera: 16 }, 3);
        const described = await probe(clip.path);
        expect(described).toMatch(
          /Video: h264 \((Main|Constrained Baseline|Baseline)\).*yuv420p.*640x480/,
        );
        expect(described).toMatch(/15 fps/);
        expect(described).toMatch(/Duration: 00:00:03\.0/);
        expect(readFileSync(clip.path).toString('latin1', 4, 8)).toBe('ftyp');
        await clip.remove();
        expect(logs).toEqual([]);
      } finally {
        await maker.close();
      }
    },
  );

  it('says once that there is no font, and still makes pictures', { timeout: 60_000 }, async () => {
    const logs: string[] = [];
    const maker = new MediaMaker((message) => logs.push(message), new TaskQueue(1), null);
    try {
      const picture = await maker.picture(shot);
      expect(await probe(picture.path)).toMatch(/640x480/);
      await maker.picture(shot);
      expect(logs).toEqual([expect.stringContaining('No TTF font found')]);
    } finally {
      await maker.close();
    }
  });

  it('reports what went wrong', { timeout: 60_000 }, async () => {
    const failing = new MediaMaker(() => {}, new TaskQueue(1), FONT, '/bin/false');
    const missing = new MediaMaker(() => {}, new TaskQueue(1), FONT, '/no/such/ffmpeg');
    try {
      await expect(failing.picture(shot)).rejects.toThrow('ffmpeg failed (exit 1): no message');
      await expect(missing.picture(shot)).rejects.toThrow(/ffmpeg did not start: .*ENOENT/);
      const stop = new AbortController();
      stop.abort();
      await expect(failing.video(shot, 5, { signal: stop.signal })).rejects.toThrow('stopped');
    } finally {
      await failing.close();
      await missing.close();
    }
  });
});
