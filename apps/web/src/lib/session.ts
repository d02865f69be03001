import { AccessTokenClaims, type TokenPair } from '@fleet/contract';
import { Type, type Static } from 'typebox';
import { matches } from './schema-check';
import { createStore } from './store';

export const USER_KEY = 'user';
export const MONITORING_KEY = 'monitoring';

const claim = AccessTokenClaims.properties;

/** The stored user record of spec §3, with the spec's field names. */
const StoredUser = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
  user_organisation_id: claim.organisation_id,
  /** The organisation being viewed; the organisation picker changes it. */
  organisation_id: claim.organisation_id,
  user_id: claim.user_id,
  user_role: claim.user_role,
});
export type StoredUser = Static<typeof StoredUser>;

export type MonitoringEntry = { accessToken: string; monitoring_id: number | null };

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Reads a JWT payload without verifying it: the server verifies, the client only needs the claims. */
export function decodeToken(token: string): unknown {
  try {
    const base64 = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(
      new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))),
    );
  } catch {
    return undefined;
  }
}

function userFromTokens(tokens: TokenPair, organisationId?: number): StoredUser {
  const claims = decodeToken(tokens.accessToken);
  if (!matches(AccessTokenClaims, claims))
    throw new Error('The access token lacks the expected claims');
  return {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    user_organisation_id: claims.organisation_id,
    organisation_id: organisationId ?? claims.organisation_id,
    user_id: claims.user_id,
    user_role: claims.user_role,
  };
}

function parse(raw: string | null): unknown {
  try {
    return JSON.parse(raw ?? 'null');
  } catch {
    return null;
  }
}

/** A malformed record counts as no session; a missing organisation_id defaults to the user's own. */
export function readUser(storage: KeyValueStorage): StoredUser | null {
  const raw = parse(storage.getItem(USER_KEY));
  if (typeof raw !== 'object' || raw === null) return null;
  const user = { organisation_id: (raw as Partial<StoredUser>).user_organisation_id, ...raw };
  return matches(StoredUser, user) ? user : null;
}

export function createSessionStore(storage: KeyValueStorage) {
  const store = createStore(readUser(storage));
  const save = (user: StoredUser | null) => {
    if (user) storage.setItem(USER_KEY, JSON.stringify(user));
    else storage.removeItem(USER_KEY);
    store.set(user);
  };
  const update = (change: (user: StoredUser) => StoredUser) => {
    const user = store.get();
    if (user) save(change(user));
  };
  const monitoring = (): MonitoringEntry | null => {
    const entry = parse(storage.getItem(MONITORING_KEY)) as MonitoringEntry | null;
    return typeof entry?.accessToken === 'string' ? entry : null;
  };

  return {
    get: store.get,
    subscribe: store.subscribe,
    /** Starts a session from the login's tokens, viewing the user's own organisation. */
    start: (tokens: TokenPair) => save(userFromTokens(tokens)),
    /** Takes rotated tokens and keeps the organisation being viewed. */
    updateTokens: (tokens: TokenPair) =>
      update((user) => userFromTokens(tokens, user.organisation_id)),
    setOrganisation: (organisationId: number) =>
      update((user) => ({ ...user, organisation_id: organisationId })),
    logout: () => save(null),
    /** Picks up changes another tab made to storage (rotated tokens, logout). */
    reload: () => store.set(readUser(storage)),
    monitoring,
    setMonitoring: (accessToken: string) => {
      const claims = decodeToken(accessToken) as { monitoring_id?: unknown } | undefined;
      const id = typeof claims?.monitoring_id === 'number' ? claims.monitoring_id : null;
      storage.setItem(MONITORING_KEY, JSON.stringify({ accessToken, monitoring_id: id }));
    },
    /** A user's token when logged in, otherwise a monitoring token when present (spec §4). */
    accessToken: () => store.get()?.accessToken ?? monitoring()?.accessToken,
    refreshToken: () => store.get()?.refreshToken,
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
