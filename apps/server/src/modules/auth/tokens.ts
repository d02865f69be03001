import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { ErrorCode, isRole, type AccessTokenClaims, type TokenPair } from '@fleet/contract';
import { unauthorized } from '../../lib/http-error.js';

const ALGORITHM = 'HS256';
/** Sessions are refresh-token families, named by a UUID. */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a valid access token says: its claims and the session (refresh-token family) it belongs to. */
export interface VerifiedToken {
  claims: AccessTokenClaims;
  sessionId: string;
}

/** Signs and checks access tokens. Only HS256 is accepted, so `alg: none` and foreign algorithms fail. */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** `sid` names the session, so revoking the session reaches the access tokens it issued. */
  sign(claims: AccessTokenClaims, sessionId: string): Promise<string> {
    return new SignJWT({ ...claims, sid: sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.user_id))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  async verify(token: string): Promise<VerifiedToken> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALGORITHM] });
      const { organisation_id, user_id, user_role, sid } = payload;
      if (
        !Number.isInteger(organisation_id) ||
        !Number.isInteger(user_id) ||
        !isRole(user_role) ||
        typeof sid !== 'string' ||
        !SESSION_ID.test(sid)
      ) {
        throw unauthorized(ErrorCode.INVALID_TOKEN, 'The access token is not valid');
      }
      return {
        claims: {
          organisation_id: organisation_id as number,
          user_id: user_id as number,
          user_role,
        },
        sessionId: sid,
      };
    } catch (error) {
      if (error instanceof errors.JWTExpired) {
        throw unauthorized(ErrorCode.TOKEN_EXPIRED, 'The access token has expired');
      }
      throw unauthorized(ErrorCode.INVALID_TOKEN, 'The access token is not valid');
    }
  }
}

/** Refresh tokens are opaque random strings; the database keeps only their hash. */
export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The pair a refresh token was spent for, sealed (AES-256-GCM) with a key derived from that
 * token, so that for the few seconds of the grace the same holder gets the same pair again,
 * while the database, which keeps only the token's SHA-256, cannot open it.
 */
const graceKey = (spentToken: string) =>
  createHmac('sha256', spentToken).update('fleetwise refresh grace').digest();

export function sealSuccessor(spentToken: string, pair: TokenPair): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', graceKey(spentToken), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
}

/** The sealed pair, or undefined when it does not open with this token. */
export function openSuccessor(spentToken: string, sealed: string): TokenPair | undefined {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', graceKey(spentToken), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString();
    const pair = JSON.parse(text) as Partial<TokenPair>;
    return typeof pair.accessToken === 'string' && typeof pair.refreshToken === 'string'
      ? { accessToken: pair.accessToken, refreshToken: pair.refreshToken }
      : undefined;
  } catch {
    return undefined;
  }
}
