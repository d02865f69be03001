import { LoginBody, RefreshBody, TokenPair } from '../auth.js';
import { endpoint, NoContent } from '../endpoint.js';

/** Sign-in and token refresh (spec §7 Authentication): the calls made without an access token. */
const tags = ['auth'];
const security: Record<string, string[]>[] = [];

export const login = endpoint('POST', '/login', {
  tags,
  summary: 'Sign in with organisation, user name and password',
  security,
  body: LoginBody,
  ok: { 200: TokenPair },
  errors: [400, 401, 429],
});

export const refresh = endpoint('POST', '/refresh', {
  tags,
  summary: 'Trade a refresh token for a new pair; the old one stops working',
  security,
  body: RefreshBody,
  ok: { 200: TokenPair },
  errors: [400, 401],
});

export const logout = endpoint('POST', '/logout', {
  tags,
  summary:
    'End the session of a refresh token: it, its successors and the access tokens it issued stop working',
  security,
  body: RefreshBody,
  ok: { 204: NoContent },
  errors: [400, 401],
});
