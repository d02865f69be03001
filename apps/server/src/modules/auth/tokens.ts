import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { ErrorCode, isRole, type AccessTokenClaims } from '@fleet/contract';
import { unauthorized } from '../../lib/http-error.js';

const ALGORITHM = 'HS256';

/** Signs and checks access tokens. Only HS256 is accepted, so `alg: none` and foreign algorithms fail. */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessTokenClaims): Promise<string> {
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.user_id))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  async verify(token: string): Promise<AccessTokenClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALGORITHM] });
      const { organisation_id, user_id, user_role } = payload;
      if (!Number.isInteger(organisation_id) || !Number.isInteger(user_id) || !isRole(user_role)) {
        throw unauthorized(ErrorCode.INVALID_TOKEN, 'The access token is not valid');
      }
      return { organisation_id: organisation_id as number, user_id: user_id as number, user_role };
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
