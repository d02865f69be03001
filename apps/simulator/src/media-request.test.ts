import { describe, expect, it } from 'vitest';
import { planMedia, readMediaRequest } from './media-request.js';

const T = Date.parse('2026-11-24T09:00:00Z');
const HOUR = 3_600_000;
const payload = {
  mediaRequestId: 7,
  mediaType: 'VIDEO',
  duration: 10,
  cameraMask: 17,
  mediaTimestamp: '2026-11-24T08:58:00.000Z',
};

describe('a media request', () => {
  it('is read from the command', () => {
    expect(readMediaRequest(payload)).toEqual({
      ok: true,
      plan: {
        mediaRequestId: 7,
        video: true,
        duration: 10,
        cameras: [1, 16],
        mediaTimestamp: '2026-11-24T08:58:00.000Z',
        moment: T - 120_000,
        urgent: true,
      },
    });
    expect(
      readMediaRequest({ ...payload, mediaType: 'PICTURE', duration: null, cameraMask: 2 }),
    ).toMatchObject({ ok: true, plan: { video: false, duration: 0, cameras: [2] } });
  });

  it.each([
    ['USER', true],
    ['AUTOMATIC', false],
    // a server from before the field: every request was a person's
    [undefined, true],
  ])('with priority %s is urgent: %s', (priority, urgent) => {
    expect(readMediaRequest({ ...payload, priority })).toMatchObject({ plan: { urgent } });
  });

  it.each([
    [{ mediaRequestId: undefined }, 'no mediaRequestId'],
    [{ mediaType: 'AUDIO' }, 'unknown mediaType "AUDIO"'],
    [{ duration: null }, 'a video needs a duration of 1 to 600 seconds'],
    [{ duration: 0 }, 'a video needs a duration of 1 to 600 seconds'],
    [{ duration: 2.5 }, 'a video needs a duration of 1 to 600 seconds'],
    [{ cameraMask: 0 }, 'cameraMask 0 is not 1 to 31'],
    [{ cameraMask: 32 }, 'cameraMask 32 is not 1 to 31'],
    [{ cameraMask: '3' }, 'cameraMask "3" is not 1 to 31'],
    [{ mediaTimestamp: 'yesterday' }, 'mediaTimestamp "yesterday" is not a time'],
    [{ mediaTimestamp: 5 }, 'mediaTimestamp 5 is not a time'],
  ])('with %j cannot be read: %s', (change, reason) => {
    expect(readMediaRequest({ ...payload, ...change })).toEqual({ ok: false, reason });
  });

  const window = { from: T - 72 * HOUR, until: T };
  it.each([
    [
      'a picture is the moment',
      { video: false, duration: 0, moment: T - HOUR },
      { ok: true, from: T - HOUR, seconds: 0, readyAt: T - HOUR },
    ],
    [
      'a clip starts half its length before',
      { video: true, duration: 10, moment: T - HOUR },
      { ok: true, from: T - HOUR - 5000, seconds: 10, readyAt: T - HOUR + 5000 },
    ],
    [
      'a clip of now is ready once driven',
      { video: true, duration: 20, moment: T },
      { ok: true, from: T - 10_000, seconds: 20, readyAt: T + 10_000 },
    ],
    [
      'a clip at the window start begins with it',
      { video: true, duration: 20, moment: T - 72 * HOUR + 4000 },
      { ok: true, from: T - 72 * HOUR, seconds: 14, readyAt: T - 72 * HOUR + 14_000 },
    ],
  ])('%s', (_, plan, expected) => {
    expect(planMedia(plan, window)).toEqual(expected);
  });

  it.each([
    [
      'older than the window',
      T - 73 * HOUR,
      /^2026-11-21 09:00 is no longer recorded: the device holds 2026-11-21 10:00 … 2026-11-24 10:00$/,
    ],
    ['in the future', T + HOUR, /^2026-11-24 11:00 is in the future for the device/],
  ])('a moment %s is not available', (_, moment, reason) => {
    const planned = planMedia({ video: true, duration: 10, moment }, window);
    expect(planned.ok).toBe(false);
    expect(!planned.ok && planned.reason).toMatch(reason);
  });
});
