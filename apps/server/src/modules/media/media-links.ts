import { createHmac, randomBytes } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import {
  API_BASE,
  isVideo,
  MediaLinkError,
  type FootageAction,
  type AccessTokenClaims,
  type MediaLinkQuery,
  type MediaLinks,
} from '@fleet/contract';
import { HttpError } from '../../lib/http-error.js';
import { assertLinkOpens } from '../access/index.js';
import { isFirstRead } from './media-footage.js';
import type { Download, MediaService } from './media.service.js';

/**
 * Media links: how the web shows pictures and plays videos without an access token in a URL.
 *
 * `<img>` and `<video>` cannot send an Authorization header, and a video seeks with Range
 * requests of its own. So a signed-in user asks `GET media/{id}/links` (the same access as
 * `GET media/{id}`) and gets short-lived addresses of that one medium; the public route
 * `GET mediafiles/{id}` serves the file from such a link. A link is a JWT (HS256) that names
 * the medium, signed with a key derived from the server's secret (so it and an access token
 * can never stand in for each other, whatever claims either holds), with its own audience and
 * type, and it expires after MEDIA_LINK_TTL seconds. It grants reading that file and nothing
 * else; it is not tied to the session, so a link handed out before a logout lasts until it
 * expires.
 */

const ALGORITHM = 'HS256';
const AUDIENCE = 'fleetwise:media-link';
const TYPE = 'media-link+jwt';
/** Seconds of clock difference between the servers sharing a secret. */
const CLOCK_TOLERANCE = 5;

const expired = () =>
  new HttpError(401, MediaLinkError.LINK_EXPIRED, 'The media link has expired: ask for a new one');
const invalid = () =>
  new HttpError(401, MediaLinkError.INVALID_LINK, 'The media link is not valid');

/** Signs and checks media links: one medium each, for a few minutes. */
export class MediaLinkTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    this.key = createHmac('sha256', secret).update('fleetwise media links v1').digest();
  }

  /** viewer: who the link is for and the safety case it serves (the footage audit's words). */
  async sign(
    mediaId: number,
    now = Date.now(),
    viewer?: LinkViewer,
  ): Promise<{ token: string; expiresAt: Date }> {
    const issuedAt = Math.floor(now / 1000);
    const expiresAt = issuedAt + this.ttlSeconds;
    const claims = {
      mid: mediaId,
      ...(viewer ? { uid: viewer.userId } : {}),
      ...(viewer?.caseId ? { cid: viewer.caseId } : {}),
    };
    // jti: each link its own, so a new link is a new address (a player reloads it).
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: ALGORITHM, typ: TYPE })
      .setJti(randomBytes(9).toString('base64url'))
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { token, expiresAt: new Date(expiresAt * 1000) };
  }

  /** 401 LINK_EXPIRED or INVALID_LINK, 403 when the link is valid but for another medium. */
  async verify(token: string, mediaId: number): Promise<void> {
    assertLinkOpens({ mediaId: await this.open(token) }, mediaId);
  }

  /** The medium a link names, or 401 LINK_EXPIRED or INVALID_LINK. */
  async open(token: string): Promise<number> {
    return (await this.claims(token)).mediaId;
  }

  /** The medium a link names and who it was issued to, or 401 LINK_EXPIRED or INVALID_LINK. */
  async claims(token: string): Promise<{ mediaId: number; viewer: LinkViewer | null }> {
    let mid: unknown;
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        audience: AUDIENCE,
        typ: TYPE,
        requiredClaims: ['exp', 'mid'],
        clockTolerance: CLOCK_TOLERANCE,
      }));
      mid = payload.mid;
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw expired();
      throw invalid();
    }
    if (!Number.isSafeInteger(mid)) throw invalid();
    const { uid, cid } = payload;
    const viewer = Number.isSafeInteger(uid)
      ? { userId: uid as number, ...(Number.isSafeInteger(cid) ? { caseId: cid as number } : {}) }
      : null;
    return { mediaId: mid as number, viewer };
  }
}

/** Whom a media link was issued to, and the safety case it was asked for. */
export interface LinkViewer {
  userId: number;
  caseId?: number;
}

/** Issues media links to signed-in users and serves files to the holders of a link. */
export class MediaLinkService {
  constructor(
    private readonly tokens: MediaLinkTokens,
    private readonly media: MediaService,
  ) {}

  /** GET media/{id}/links: whoever may read the medium gets its links, made out to them. */
  async links(user: AccessTokenClaims, id: number, caseId?: number): Promise<MediaLinks> {
    await this.media.get(user, id);
    const { token, expiresAt } = await this.tokens.sign(id, Date.now(), {
      userId: user.user_id,
      ...(caseId ? { caseId } : {}),
    });
    const file = `${API_BASE.main}/mediafiles/${id}`;
    const link = `link=${encodeURIComponent(token)}`;
    return {
      download: `${file}?${link}&download=true`,
      inline: `${file}?${link}`,
      thumbnail: `${file}/thumbnail?${link}`,
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** GET mediafiles/{id}?link: the file, inline or as an attachment, whole or one byte range. */
  async file(
    link: { mediaId: number },
    id: number,
    query: MediaLinkQuery,
    rangeHeader?: string,
  ): Promise<Download> {
    assertLinkOpens(link, id);
    const download = await this.media.linkedFile(
      id,
      rangeHeader,
      query.download ? 'attachment' : 'inline',
    );
    if (isFirstRead(rangeHeader)) await this.audit(query, id, download);
    return this.cachedForTheLink(download);
  }

  /** Issue 20 §6: the file served is recorded in the footage audit, with whom the link was for. */
  private async audit(query: MediaLinkQuery, id: number, download: Download) {
    const { viewer } = await this.tokens.claims(query.link);
    const action: FootageAction = query.download
      ? 'DOWNLOAD'
      : isVideo(download.headers['content-type'] ?? '')
        ? 'PLAY'
        : 'VIEW';
    await this.media.recordFootage({
      mediaId: id,
      userId: viewer?.userId ?? null,
      action,
      caseId: viewer?.caseId ?? null,
    });
  }

  /** GET mediafiles/{id}/thumbnail?link. */
  async thumbnail(link: { mediaId: number }, id: number): Promise<Download> {
    assertLinkOpens(link, id);
    return this.cachedForTheLink(await this.media.linkedThumbnail(id));
  }

  /** The address holds the link, so the browser may keep the answer as long as a link lives. */
  private cachedForTheLink(download: Download): Download {
    return {
      ...download,
      headers: {
        ...download.headers,
        'cache-control': `private, max-age=${this.tokens.ttlSeconds}`,
      },
    };
  }
}
