import { ErrorCode, type AccessTokenClaims, type Role } from '@fleet/contract';
import { unauthorized } from '../../lib/http-error.js';
import type { AuthRepository } from './auth.repository.js';
import type { AccessTokens } from './tokens.js';

/** The account as its session sees it now; undefined once the session is revoked or the user deleted. */
type SessionState = { organisation_id: number; role: Role } | undefined;

const MAX_CACHED = 10_000;

/**
 * Checks each access token against its session, so revoking a refresh-token
 * family (replay, logout), deleting the user or changing its role or
 * organisation stops the access tokens already handed out.
 *
 * What the database says is cached in-process for `cacheSeconds` (a few
 * seconds) to spare a query per request: a change made by another process,
 * or straight in the database, reaches the tokens within that delay. Changes
 * this process makes (`forget`) reach them at once.
 */
export class SessionCheck {
  private readonly cache = new Map<
    string,
    { until: number; userId: number; state: SessionState }
  >();

  constructor(
    private readonly tokens: AccessTokens,
    private readonly repository: AuthRepository,
    private readonly cacheSeconds: number,
  ) {}

  /** The caller of a Bearer token, or 401. */
  async authenticate(token: string): Promise<AccessTokenClaims> {
    const { claims, sessionId } = await this.tokens.verify(token);
    const state = await this.state(sessionId, claims.user_id);
    if (!state) {
      throw unauthorized(ErrorCode.INVALID_TOKEN, 'The session has ended; sign in again');
    }
    if (state.role !== claims.user_role || state.organisation_id !== claims.organisation_id) {
      // The refresh issues a token with what the account is now; the old role's rights end here.
      throw unauthorized(
        ErrorCode.TOKEN_EXPIRED,
        'The account has changed since this access token was issued; refresh it',
      );
    }
    return claims;
  }

  /** Drops what the cache knows of a session, so its revocation takes effect at once. */
  forget(sessionId: string) {
    this.cache.delete(sessionId);
  }

  /** Drops every cached session of the user (its role or password changed, or it was deleted). */
  forgetUser(userId: number) {
    for (const [key, entry] of this.cache) if (entry.userId === userId) this.cache.delete(key);
  }

  private async state(sessionId: string, userId: number): Promise<SessionState> {
    const now = Date.now();
    const cached = this.cache.get(sessionId);
    if (cached && cached.until > now && cached.userId === userId) return cached.state;
    const state = await this.repository.findSession(sessionId, userId);
    if (this.cacheSeconds > 0) {
      if (this.cache.size >= MAX_CACHED) this.prune(now);
      this.cache.set(sessionId, { until: now + this.cacheSeconds * 1000, userId, state });
    }
    return state;
  }

  private prune(now: number) {
    for (const [key, entry] of this.cache) if (entry.until <= now) this.cache.delete(key);
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
  }
}
