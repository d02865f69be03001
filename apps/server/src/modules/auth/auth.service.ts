import { randomUUID } from 'node:crypto';
import { ErrorCode, type LoginBody, type TokenPair } from '@fleet/contract';
import { HttpError, unauthorized } from '../../lib/http-error.js';
import { nameKey } from '../../lib/text.js';
import type { AttemptLimits, AuthRepository } from './auth.repository.js';
import type { SessionCheck } from './sessions.js';
import { dummyPasswordHash, verifyPassword } from './passwords.js';
import {
  hashRefreshToken,
  newRefreshToken,
  openSuccessor,
  sealSuccessor,
  type AccessTokens,
} from './tokens.js';

export type LoginLimits = AttemptLimits;

const WRONG_CREDENTIALS = 'The organisation, user name or password is not correct';

export class AuthService {
  constructor(
    private readonly repository: AuthRepository,
    private readonly tokens: AccessTokens,
    private readonly refreshTtlSeconds: number,
    private readonly limits: LoginLimits,
    private readonly sessions: SessionCheck,
    /** Seconds a just-spent refresh token still answers the pair it was spent for; 0: none. */
    private readonly refreshGraceSeconds = 0,
  ) {}

  async login(body: LoginBody, address: string): Promise<TokenPair> {
    // Look-alikes of a name count against the account they find.
    const accountKey = `${nameKey(body.organisation)}\n${nameKey(body.username)}`;
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

  /**
   * Rotates the pair. A spent token used again means it leaked: the whole family is revoked.
   * Except within the grace (a few seconds after it was spent): then it answers the same new
   * pair again, so two tabs that refresh at once both carry on with one session.
   */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const tokenHash = hashRefreshToken(refreshToken);
    const outcome = await this.repository.transaction(
      async (repository): Promise<{ pair?: TokenPair; revoke?: string }> => {
        const spent = await repository.spendRefreshToken(tokenHash, this.refreshGraceSeconds);
        switch (spent.status) {
          case 'grace': {
            const pair = openSuccessor(refreshToken, spent.sealed);
            return pair ? { pair } : { revoke: spent.family };
          }
          case 'reused':
            return { revoke: spent.family };
          case 'ok': {
            const pair = await this.issue(spent.user_id, spent.family, repository);
            if (this.refreshGraceSeconds > 0) {
              const sealed = sealSuccessor(refreshToken, pair);
              await repository.sealSuccessor(
                tokenHash,
                spent.family,
                sealed,
                this.refreshGraceSeconds,
              );
            }
            return { pair };
          }
          default:
            return {};
        }
      },
    );
    // After the transaction: a revocation must not roll back with the refusal.
    if (outcome.revoke) await this.revoke(outcome.revoke);
    if (!outcome.pair) {
      throw unauthorized(ErrorCode.INVALID_TOKEN, 'The refresh token is not valid; sign in again');
    }
    return outcome.pair;
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

  private async issue(
    userId: number,
    family: string,
    repository = this.repository,
  ): Promise<TokenPair> {
    // Read the user afresh so a changed role or a removed account takes effect at the next refresh.
    const user = await repository.findUser(userId);
    if (!user) throw unauthorized(ErrorCode.INVALID_TOKEN, 'The account no longer exists');
    const refreshToken = newRefreshToken();
    await repository.storeRefreshToken(
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
