import { describe, expect, it, vi } from 'vitest';
import {
  createSessionStore,
  decodeToken,
  MONITORING_KEY,
  readUser,
  USER_KEY,
  type KeyValueStorage,
} from './session';

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (claims: object) => `${base64url({ alg: 'HS256' })}.${base64url(claims)}.signature`;

const claims = { organisation_id: 3, user_id: 7, user_role: 'RESELLER', exp: 2_000_000_000 };
const tokens = { accessToken: jwt(claims), refreshToken: 'refresh-1' };

function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('session store', () => {
  it('stores the login as one record under "user" with the spec field names', () => {
    const storage = memoryStorage();
    createSessionStore(storage).start(tokens);
    expect(JSON.parse(storage.data.get(USER_KEY)!)).toEqual({
      accessToken: tokens.accessToken,
      refreshToken: 'refresh-1',
      user_organisation_id: 3,
      organisation_id: 3,
      user_id: 7,
      user_role: 'RESELLER',
    });
  });

  it('reads its initial state from storage, defaulting organisation_id to the own organisation', () => {
    const { organisation_id: _, ...stored } = {
      ...tokens,
      user_organisation_id: 3,
      organisation_id: 3,
      user_id: 7,
      user_role: 'USER',
    };
    const session = createSessionStore(memoryStorage({ [USER_KEY]: JSON.stringify(stored) }));
    expect(session.get()).toMatchObject({ organisation_id: 3, user_role: 'USER' });
  });

  it('treats a malformed record as no session', () => {
    expect(readUser(memoryStorage({ [USER_KEY]: '{not json' }))).toBeNull();
    expect(
      readUser(memoryStorage({ [USER_KEY]: JSON.stringify({ accessToken: 'a' }) })),
    ).toBeNull();
    expect(
      readUser(
        memoryStorage({
          [USER_KEY]: JSON.stringify({
            ...tokens,
            user_organisation_id: 1,
            user_id: 1,
            user_role: 'ADMIN',
          }),
        }),
      ),
    ).toBeNull();
  });

  it('refuses a token without the expected claims', () => {
    expect(() =>
      createSessionStore(memoryStorage()).start({
        accessToken: jwt({ user_id: 1 }),
        refreshToken: 'r',
      }),
    ).toThrow();
  });

  it('keeps the viewed organisation across a token refresh', () => {
    const storage = memoryStorage();
    const session = createSessionStore(storage);
    session.start(tokens);
    session.setOrganisation(4);
    session.updateTokens({
      accessToken: jwt({ ...claims, exp: 2_100_000_000 }),
      refreshToken: 'refresh-2',
    });
    expect(readUser(storage)).toMatchObject({
      organisation_id: 4,
      user_organisation_id: 3,
      refreshToken: 'refresh-2',
    });
  });

  it('logs out by removing the stored user and telling subscribers', () => {
    const storage = memoryStorage();
    const session = createSessionStore(storage);
    session.start(tokens);
    const listener = vi.fn();
    session.subscribe(listener);
    session.logout();
    expect(storage.data.has(USER_KEY)).toBe(false);
    expect(session.get()).toBeNull();
    expect(listener).toHaveBeenCalledOnce();
  });

  it('uses a monitoring token for calls only when no user is logged in', () => {
    const storage = memoryStorage();
    const session = createSessionStore(storage);
    const monitoringToken = jwt({ monitoring_id: 12 });
    session.setMonitoring(monitoringToken);
    expect(JSON.parse(storage.data.get(MONITORING_KEY)!)).toEqual({
      accessToken: monitoringToken,
      monitoring_id: 12,
    });
    expect(session.accessToken()).toBe(monitoringToken);
    session.start(tokens);
    expect(session.accessToken()).toBe(tokens.accessToken);
  });
});

describe('decodeToken', () => {
  it('reads a base64url payload, including non-ASCII text', () => {
    const payload = JSON.stringify({ name: 'Zoë' });
    const encoded = btoa(String.fromCharCode(...new TextEncoder().encode(payload))).replace(
      /=+$/,
      '',
    );
    expect(decodeToken(`h.${encoded}.s`)).toEqual({ name: 'Zoë' });
  });

  it('gives undefined for something that is not a JWT', () => {
    expect(decodeToken('nonsense')).toBeUndefined();
  });
});
