import { SignJWT, jwtVerify, decodeProtectedHeader } from 'jose';
import { ErrorCode, MONITORING_TOKEN_AUDIENCE } from '@fleet/contract';
import { unauthorized } from '../../lib/http-error.js';

const ALGORITHM = 'HS256';
/** The header type that tells a monitoring token from a user's access token. */
export const MONITORING_TOKEN_TYPE = 'monitoring+jwt';

/**
 * Monitoring tokens (spec §3): a JWT with a monitoring_id claim, its own header type and
 * audience, signed with the server's secret under a key of its own (so it can never pass as
 * a user's access token, nor the other way round). Its validity is decided by the
 * monitoring's end as well (MonitoringService), the JWT's own expiry only bounds it.
 */
export class MonitoringTokens {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(`monitoring:${secret}`);
  }

  sign(monitoringId: number, expiresAt: Date): Promise<string> {
    return new SignJWT({ monitoring_id: monitoringId })
      .setProtectedHeader({ alg: ALGORITHM, typ: MONITORING_TOKEN_TYPE })
      .setAudience(MONITORING_TOKEN_AUDIENCE)
      .setSubject(`monitoring:${monitoringId}`)
      .setIssuedAt()
      .setExpirationTime(Math.ceil(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** Whether the text looks like a monitoring token (cheap: its header only). */
  static looksLikeOne(token: string): boolean {
    try {
      return decodeProtectedHeader(token).typ === MONITORING_TOKEN_TYPE;
    } catch {
      return false;
    }
  }

  /** The monitoring it opens, or 401. */
  async verify(token: string): Promise<number> {
    try {
      const { payload, protectedHeader } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        audience: MONITORING_TOKEN_AUDIENCE,
        typ: MONITORING_TOKEN_TYPE,
      });
      const id = payload.monitoring_id;
      if (
        protectedHeader.typ !== MONITORING_TOKEN_TYPE ||
        !Number.isInteger(id) ||
        (id as number) < 1
      )
        throw new Error('claims');
      return id as number;
    } catch {
      throw unauthorized(ErrorCode.INVALID_TOKEN, 'The monitoring token is not valid');
    }
  }
}
