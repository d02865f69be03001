// The auth module's front door: sign-in, refresh, tokens, sessions, passwords, the secret.
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AuthRepository } from './auth.repository.js';
import { AuthService } from './auth.service.js';
import { SessionCheck } from './sessions.js';
import { AccessTokens } from './tokens.js';

export { authRoutes } from './auth.routes.js';
export type { AuthService } from './auth.service.js';
export type { SessionCheck } from './sessions.js';
export type { AccessTokens } from './tokens.js';
export { hashPassword } from './passwords.js';
export { loadOrCreateSecret } from './secret.js';

export function createAuth(deps: { db: Db; config: Config; secret: string }) {
  const { config } = deps;
  const repository = new AuthRepository(deps.db);
  const tokens = new AccessTokens(deps.secret, config.accessTokenTtlSeconds);
  const sessions = new SessionCheck(tokens, repository, config.sessionCacheSeconds);
  const auth = new AuthService(
    repository,
    tokens,
    config.refreshTokenTtlSeconds,
    config.login,
    sessions,
    config.refreshGraceSeconds,
  );
  return { tokens, sessions, auth };
}
