import { randomUUID } from 'node:crypto';
import { ErrorCode, type LoginBody, type TokenPair } from '@fleet/contract';
import { HttpError, unauthorized } from '../../lib/http-error.js';
import type { AttemptLimits, AuthRepository } from './auth.repository.js';
import type { SessionCheck } from './sessions.js';
import { dummyPasswordHash, verifyPassword } from './passwords.js';
import { hashRefreshToken, newRefreshToken, type AccessTokens } from './tokens.js';

export type LoginLimits = AttemptLimits;

const WRONG_CREDENTIALS = 'The organisation, user name or password is not correct';

export class AuthService {
  constructor(
    private readonly repository: AuthRepository,
    private readonly tokens: AccessTokens,
    private readonly refreshTtlSeconds: number,
    private readonly limits: LoginLimits,
    private readonly sessions: SessionCheck,
  ) {}

  async login(body: LoginBody, address: string): Promise<TokenPair> {
    const accountKey = `${body.organisation.trim().toLowerCase()}\n${body.username.trim().toLowerCase()}`;
    // Counted before the password is checked, so parallel guesses cannot all pass the limit.
    if (!(await this.repository.reserveAttempt(accountKey, address, this.limits))) {
      throw new HttpError(
        429,
        ErrorCode.TOO_MANY_ATTEMPTS,
        `Too many failed sign-ins; try again in ${Math.ceil(this.limits.windowSeconds / 60)} minutes`,
        { 'retry-after': String(this.limits.windowSeconds) },
      );
    }
    const account = await this.repository.findAccount(body.organisation, body.username);
    const valid = await verifyPassword(
      account?.password_hash ?? (await dummyPasswordHash()),
      body.password,
    );
    if (!account || !valid) {
      // The reservation stays: it is this failure.
      throw unauthorized(ErrorCode.INVALID_CREDENTIALS, WRONG_CREDENTIALS);
    }
    await this.repository.clearFailures(accountKey, address);
    return this.issue(account.id, randomUUID());
  }

  /** Rotates the pair. A spent token used again means it leaked: the whole family is revoked. */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const spent = await this.repository.spendRefreshToken(hashRefreshToken(refreshToken));
    if (spent.status === 'reused') await this.revoke(spent.family);
    if (spent.status !== 'ok') {
      throw unauthorized(ErrorCode.INVALID_TOKEN, 'The refresh token is not valid; sign in again');
    }
    return this.issue(spent.user_id, spent.family);
  }

  /** Ends the session of a refresh token: its family and the access tokens it issued. */
  async logout(refreshToken: string): Promise<void> {
    const spent = await this.repository.spendRefreshToken(hashRefreshToken(refreshToken));
    if (spent.status === 'unknown') {
      throw unauthorized(ErrorCode.INVALID_TOKEN, 'The refresh token is not valid');
    }
    await this.revoke(spent.family);
  }

  private async revoke(family: string) {
    await this.repository.revokeFamily(family);
    this.sessions.forget(family);
  }

  private async issue(userId: number, family: string): Promise<TokenPair> {
    // Read the user afresh so a changed role or a removed account takes effect at the next refresh.
    const user = await this.repository.findUser(userId);
    if (!user) throw unauthorized(ErrorCode.INVALID_TOKEN, 'The account no longer exists');
    const refreshToken = newRefreshToken();
    await this.repository.storeRefreshToken(
      user.id,
      hashRefreshToken(refreshToken),
      family,
      this.refreshTtlSeconds,
    );
    const accessToken = await this.tokens.sign(
      { organisation_id: user.organisation_id, user_id: user.id, user_role: user.role },
      family,
    );
    return { accessToken, refreshToken };
  }
}
