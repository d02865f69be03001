import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { ErrorCode, isRole, type AccessTokenClaims } from '@fleet/contract';
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
