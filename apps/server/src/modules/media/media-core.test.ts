import { describe, expect, it } from 'vitest';
import { contentDisposition, mediumFileName, parseRange } from './media-http.js';
import { ffmpegInput, sniff } from './media-files.repository.js';
import { storageKeys } from './media-store.repository.js';

describe('parseRange', () => {
  const cases: [string | undefined, number, ReturnType<typeof parseRange>][] = [
    [undefined, 100, undefined],
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=10-', 100, { start: 10, end: 99 }],
    ['bytes=90-200', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-200', 100, { start: 0, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=5-2', 100, undefined],
    ['bytes=0-1,5-6', 100, undefined],
    ['items=0-1', 100, undefined],
    ['bytes=-', 100, undefined],
    ['bytes=abc', 100, undefined],
  ];
  it.each(cases)('%s of %i bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});

describe('contentDisposition', () => {
  it.each([
    ['clip.mp4', 'attachment; filename="clip.mp4"'],
    ['a "b".jpg', 'attachment; filename="a _b_.jpg"; filename*=UTF-8\'\'a%20%22b%22.jpg'],
    ['één.jpg', 'attachment; filename="__n.jpg"; filename*=UTF-8\'\'%C3%A9%C3%A9n.jpg'],
    ["it's (1).jpg", 'attachment; filename="it\'s (1).jpg"'],
  ])('%s', (name, expected) => expect(contentDisposition(name)).toBe(expected));
});

describe('mediumFileName', () => {
  const made = {
    identifier: 'SN-1',
    camera: 2,
    timestamp: new Date('2026-11-10T08:00:00Z'),
    mimeType: 'video/mp4',
  };
  it.each([
    [undefined, 'SN-1-2-2026-11-10T08-00-00-000Z.mp4'],
    ['event.jpg', 'event.mp4'],
    ['event.MP4', 'event.mp4'],
    ['../etc/passwd', '.._etc_passwd.mp4'],
    ['  ', 'SN-1-2-2026-11-10T08-00-00-000Z.mp4'],
    ['a\u0001b', 'a_b.mp4'],
  ])('%s', (given, expected) => expect(mediumFileName(given, made)).toBe(expected));
});

describe('storageKeys', () => {
  it('files by organisation, asset and UTC day; the thumbnail beside the file', () => {
    expect(
      storageKeys({
        organisationId: 3,
        assetId: 7,
        timestamp: new Date('2026-01-02T23:30:00-02:00'),
        camera: 4,
        mimeType: 'video/mp4',
        uuid: 'u',
      }),
    ).toEqual({
      storageKey: 'media/3/7/2026/01/03/u-4.mp4',
      thumbnailKey: 'media/3/7/2026/01/03/u-4-thumb.jpg',
    });
  });
});

describe('content sniffing', () => {
  it.each([
    [[0xff, 0xd8, 0xff, 0xe0], 'image/jpeg'],
    [[0, 0, 0, 0x20, ...Buffer.from('ftypisom')], 'video/mp4'],
    [[...Buffer.from('GIF89a')], undefined],
    [[], undefined],
  ])('%j', (bytes, expected) => expect(sniff(Buffer.from(bytes))).toBe(expected));

  it('reads container, codec and duration from ffmpeg', () => {
    expect(
      ffmpegInput(
        "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'x':\n  Duration: 00:01:02.50, start: 0\n    Stream #0:0(und): Video: h264 (High)",
      ),
    ).toEqual({ mp4: true, h264: true, duration: 62.5 });
    expect(
      ffmpegInput("Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'x':\n    Stream #0:0: Video: hevc"),
    ).toEqual({ mp4: true, h264: false, duration: null });
    expect(ffmpegInput("Input #0, avi, from 'x':\n Stream #0:0: Video: h264")).toMatchObject({
      mp4: false,
    });
  });
});
