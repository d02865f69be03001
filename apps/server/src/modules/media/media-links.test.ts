import { SignJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem, MediaLinks } from '@fleet/contract';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { MediaLinkTokens } from './media-links.js';
import { multipart, testJpeg, testMp4 } from '../../test/media-test-files.js';

/**
 * Media links: short-lived addresses of one medium that <img> and <video> use without an
 * access token in the URL. Each opens its own medium only, until it expires.
 */
let t: TestApp;
let jpeg: Buffer;
let mp4: Buffer;
let picture: MediaItem;
let video: MediaItem;
let polderPicture: MediaItem;
const LINK_TTL = 120;

/** A GET without any Authorization header: what the browser's <img> and <video> send. */
const anonymous = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

const links = async (user: string, id: number) => {
  const response = await t.as(user, { method: 'GET', url: `/api/media/${id}/links` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MediaLinks>();
};

/** The link token of an address, and the address with another token or medium. */
const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('link')!;
const withToken = (url: string, token: string) => {
  const u = new URL(url, 'http://x');
  u.searchParams.set('link', token);
  return u.pathname + u.search;
};

async function uploadAs(
  user: string,
  identifier: string,
  timestamp: string,
  data: Buffer,
  mimeType: string,
) {
  const response = await t.as(user, {
    method: 'POST',
    url: '/api/media',
    ...multipart(
      { identifier, timestamp, mimeType },
      {
        filename: mimeType === 'video/mp4' ? 'clip.mp4' : 'picture.jpg',
        contentType: mimeType,
        data,
      },
    ),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MediaItem>();
}

beforeAll(async () => {
  t = await createTestApp({ MEDIA_JOB_MINUTES: '0', MEDIA_LINK_TTL: String(LINK_TTL) });
  [jpeg, mp4] = await Promise.all([testJpeg(), testMp4(2)]);
  const seed = fleetSeed(t);
  const demo = await t.organisationId('Demo Transport');
  const polder = await t.organisationId('Polder Logistics');
  const asset = await seed.asset(demo);
  const device = await seed.device(demo);
  await seed.deviceLink(asset.id, device.id, '2026-11-01T00:00:00Z');
  const polderAsset = await seed.asset(polder);
  const polderDevice = await seed.device(polder);
  await seed.deviceLink(polderAsset.id, polderDevice.id, '2026-11-01T00:00:00Z');
  picture = await uploadAs(
    'manager',
    device.identifier,
    '2026-11-10T08:00:00Z',
    jpeg,
    'image/jpeg',
  );
  video = await uploadAs('manager', device.identifier, '2026-11-10T08:01:00Z', mp4, 'video/mp4');
  polderPicture = await uploadAs(
    'oem',
    polderDevice.identifier,
    '2026-11-10T08:00:00Z',
    jpeg,
    'image/jpeg',
  );
}, 60_000);
afterAll(() => t.close());

describe('GET media/{id}/links', () => {
  it('answers addresses of the file, the download and the thumbnail, expiring after MEDIA_LINK_TTL', async () => {
    const before = Date.now();
    const answer = await links('manager', picture.id);
    expect(answer.inline).toMatch(new RegExp(`^/api/mediafiles/${picture.id}\\?link=`));
    expect(answer.download).toMatch(/&download=true$/);
    expect(answer.thumbnail).toMatch(
      new RegExp(`^/api/mediafiles/${picture.id}/thumbnail\\?link=`),
    );
    const expires = Date.parse(answer.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + LINK_TTL * 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + LINK_TTL * 1000);
    // No access token travels in the addresses.
    const accessToken = (await t.login('manager')).accessToken;
    for (const url of [answer.inline, answer.download, answer.thumbnail])
      expect(url).not.toContain(accessToken.split('.')[2]);
  });

  it('has the access of GET media/{id}: any role of the subtree, 404 outside it, 401 without a session', async () => {
    await links('driver', picture.id);
    await links('oem', polderPicture.id);
    const outside = await t.as('manager', {
      method: 'GET',
      url: `/api/media/${polderPicture.id}/links`,
    });
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toMatchObject({ code: 'NOT_FOUND' });
    const missing = await t.as('manager', { method: 'GET', url: '/api/media/999999/links' });
    expect(missing.statusCode).toBe(404);
    const signedOut = await anonymous(`/api/media/${picture.id}/links`);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('the files behind a link', () => {
  it('serves the picture inline, as a download with its name, and its thumbnail, without a session', async () => {
    const answer = await links('driver', picture.id);
    const inline = await anonymous(answer.inline);
    expect(inline.statusCode).toBe(200);
    expect(inline.rawPayload.equals(jpeg)).toBe(true);
    expect(inline.headers['content-type']).toBe('image/jpeg');
    expect(inline.headers['content-disposition']).toBe(`inline; filename="${picture.fileName}"`);
    expect(inline.headers['cache-control']).toBe(`private, max-age=${LINK_TTL}`);

    const download = await anonymous(answer.download);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="${picture.fileName}"`,
    );

    const thumbnail = await anonymous(answer.thumbnail);
    expect(thumbnail.statusCode).toBe(200);
    const meta = await sharp(thumbnail.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 250, 140]);
  });

  it('answers a byte range of a video with 206, so the player can seek', async () => {
    const { inline } = await links('manager', video.id);
    const whole = await anonymous(inline);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(mp4)).toBe(true);
    const ranges: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      [`bytes=100-`, 100, mp4.length - 1],
      ['bytes=-50', mp4.length - 50, mp4.length - 1],
    ];
    for (const [range, start, end] of ranges) {
      const part = await anonymous(inline, { range });
      expect(part.statusCode, range).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/${mp4.length}`);
      expect(part.rawPayload.equals(mp4.subarray(start, end + 1)), range).toBe(true);
    }
    const beyond = await anonymous(inline, { range: `bytes=${mp4.length + 10}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${mp4.length}`);
  });

  it('never opens another medium: a link for A on B answers 403', async () => {
    const forPicture = await links('manager', picture.id);
    const token = tokenOf(forPicture.inline);
    for (const other of [video.id, polderPicture.id]) {
      for (const path of [`/api/mediafiles/${other}`, `/api/mediafiles/${other}/thumbnail`]) {
        const response = await anonymous(withToken(path, token));
        expect(response.statusCode, path).toBe(403);
        expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
    }
  });

  it('refuses an expired link with 401 LINK_EXPIRED', async () => {
    const old = await new MediaLinkTokens(t.config.jwtSecret!, 60).sign(
      picture.id,
      Date.now() - 10 * 60_000,
    );
    for (const path of [
      `/api/mediafiles/${picture.id}`,
      `/api/mediafiles/${picture.id}/thumbnail`,
    ]) {
      const response = await anonymous(withToken(path, old.token));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'LINK_EXPIRED' });
    }
  });

  it('refuses a tampered, foreign or missing link with 401 INVALID_LINK or 400', async () => {
    const { inline } = await links('manager', picture.id);
    const token = tokenOf(inline);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const repacked = (changes: object) =>
      `${header}.${Buffer.from(JSON.stringify({ ...claims, ...changes })).toString('base64url')}.${signature}`;
    const secret = new TextEncoder().encode(t.config.jwtSecret!);
    const accessToken = (await t.login('manager')).accessToken;
    const signedWithTheRawSecret = await new SignJWT({ mid: picture.id })
      .setProtectedHeader({ alg: 'HS256', typ: 'media-link+jwt' })
      .setAudience('fleetwise:media-link')
      .setExpirationTime('5m')
      .sign(secret);
    const none = `${Buffer.from('{"alg":"none","typ":"media-link+jwt"}').toString('base64url')}.${payload}.`;

    const invalid: [string, string][] = [
      [
        'a flipped signature character',
        `${header}.${payload}.${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`,
      ],
      ['another medium in the claims', repacked({ mid: video.id })],
      ['a later expiry in the claims', repacked({ exp: claims.exp + 3600 })],
      ['alg none', none],
      ['an access token', accessToken],
      ['a link signed with the raw server secret', signedWithTheRawSecret],
      ['junk', 'not-a-jwt'],
    ];
    for (const [what, bad] of invalid) {
      const response = await anonymous(withToken(`/api/mediafiles/${picture.id}`, bad));
      expect(response.statusCode, what).toBe(401);
      expect(response.json(), what).toMatchObject({ code: 'INVALID_LINK' });
    }
    const missing = await anonymous(`/api/mediafiles/${picture.id}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    const unknownField = await anonymous(`${inline}&extra=1`);
    expect(unknownField.statusCode).toBe(400);
  });

  it('is never accepted as an access token', async () => {
    const { inline } = await links('manager', picture.id);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/media/${picture.id}`,
      headers: { authorization: `Bearer ${tokenOf(inline)}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('answers 404 once the medium is deleted, with a link that is still valid', async () => {
    const extra = await uploadAs(
      'manager',
      picture.deviceIdentifier!,
      '2026-11-10T08:02:00Z',
      jpeg,
      'image/jpeg',
    );
    const answer = await links('manager', extra.id);
    expect((await anonymous(answer.inline)).statusCode).toBe(200);
    const removed = await t.as('manager', { method: 'DELETE', url: `/api/media/${extra.id}` });
    expect(removed.statusCode).toBe(204);
    for (const url of [answer.inline, answer.download, answer.thumbnail]) {
      const response = await anonymous(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('MediaLinkTokens', () => {
  const tokens = new MediaLinkTokens('a secret of the server', 300);

  it.each([
    ['its own medium, now', 7, 7, 0, null],
    ['its own medium, just before it expires', 7, 7, -295_000, null],
    ['its own medium, after it expired', 7, 7, -310_000, 'LINK_EXPIRED'],
    ['another medium', 7, 8, 0, 'FORBIDDEN'],
  ] as const)('a link of %s', async (_, signedFor, askedFor, age, code) => {
    const { token } = await tokens.sign(signedFor, Date.now() + age);
    const outcome = await tokens.verify(token, askedFor).then(
      () => null,
      (error: { code: string }) => error.code,
    );
    expect(outcome).toBe(code);
  });

  it('signs a new link each time, even within one second', async () => {
    const [a, b] = await Promise.all([tokens.sign(7), tokens.sign(7)]);
    expect(a.token).not.toBe(b.token);
    await tokens.verify(a.token, 7);
    await tokens.verify(b.token, 7);
  });

  it('refuses the links of a server with another secret', async () => {
    const { token } = await new MediaLinkTokens('another secret', 300).sign(7);
    await expect(tokens.verify(token, 7)).rejects.toMatchObject({ code: 'INVALID_LINK' });
  });
});
