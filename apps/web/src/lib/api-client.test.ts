import { describe, expect, it, vi } from 'vitest';
import { API_CONTENT_TYPE } from '@fleet/contract';
import {
  ApiError,
  createApiClient,
  errorText,
  requestBody,
  requestHeaders,
  totalCount,
  type Exclusive,
  type TokenSource,
} from './api-client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const expired = () => json(401, { code: 'TOKEN_EXPIRED', message: 'Access token expired' });

type Call = { url: string; method: string; headers: Headers; body?: string };

/**
 * A stand-in for the API's token rules only: 'access-2' is valid, anything else has expired,
 * refresh token 'refresh-1' may be exchanged once (the refresh answers when `release` is called).
 */
function fakeApi({ refreshWorks = true } = {}) {
  const calls: Call[] = [];
  let release = () => {};
  const refreshGate = new Promise<void>((resolve) => (release = resolve));
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body as string | undefined,
    };
    calls.push(call);
    if (call.url === '/api/refresh') {
      await refreshGate;
      const { refreshToken } = JSON.parse(call.body!) as { refreshToken: string };
      return refreshWorks && refreshToken === 'refresh-1'
        ? json(200, { accessToken: 'access-2', refreshToken: 'refresh-2' })
        : json(401, { code: 'INVALID_TOKEN', message: 'Refresh token is not valid' });
    }
    if (call.url === '/api/organisations/9')
      return json(403, { code: 'FORBIDDEN', message: 'Not yours' });
    return call.headers.get('Authorization') === 'Bearer access-2'
      ? json(200, { url: call.url })
      : expired();
  });
  return {
    fetch,
    calls,
    release,
    refreshes: () => calls.filter((c) => c.url === '/api/refresh').length,
  };
}

function fakeSession(
  accessToken = 'access-1',
): TokenSource & { tokens: { accessToken?: string; refreshToken?: string } } {
  const tokens: { accessToken?: string; refreshToken?: string } = {
    accessToken,
    refreshToken: 'refresh-1',
  };
  return {
    tokens,
    accessToken: () => tokens.accessToken,
    refreshToken: () => tokens.refreshToken,
    updateTokens: vi.fn((pair) => Object.assign(tokens, pair)),
    logout: vi.fn(() => {
      tokens.accessToken = undefined;
      tokens.refreshToken = undefined;
    }),
  };
}

describe('api client requests', () => {
  it('sends the token, the versioned content type with a body, and the query', async () => {
    const api = fakeApi();
    const client = createApiClient(api.fetch, fakeSession('access-2'));
    await client.post(
      'assets/1/mediarequests',
      { mediaType: 'PICTURE' },
      { query: { from: 'x y', until: undefined } },
    );
    await client.get('users/7', { base: 'admin' });
    const [post, get] = api.calls;
    expect(post).toMatchObject({
      url: '/api/assets/1/mediarequests?from=x+y',
      method: 'POST',
      body: '{"mediaType":"PICTURE"}',
    });
    expect(post!.headers.get('Content-Type')).toBe('application/vnd.fleetwise.v1+json');
    expect(post!.headers.get('Accept')).toBe('application/json');
    expect(post!.headers.get('Authorization')).toBe('Bearer access-2');
    expect(get).toMatchObject({ url: '/admin-api/users/7', method: 'GET', body: undefined });
    // Spec §7: every call carries the versioned JSON content type, with or without a body.
    expect(get!.headers.get('Content-Type')).toBe('application/vnd.fleetwise.v1+json');
  });

  it('sends {} as the body of a POST or PUT without one, nothing with a DELETE', async () => {
    const api = fakeApi();
    const client = createApiClient(api.fetch, fakeSession('access-2'));
    await client.put('assets/1/devices/2', undefined, { query: { from: 'x' } });
    await client.delete('devicelinks/3');
    const [put, del] = api.calls;
    expect(put).toMatchObject({ method: 'PUT', body: '{}' });
    expect(put!.headers.get('Content-Type')).toBe('application/vnd.fleetwise.v1+json');
    expect(del).toMatchObject({ method: 'DELETE', body: undefined });
    expect(del!.headers.get('Content-Type')).toBe('application/vnd.fleetwise.v1+json');
  });

  it('reads a response as its data when it has one, otherwise as the raw value (spec §7)', async () => {
    const answers: unknown[] = [{ data: [1, 2] }, [3], { id: 4 }, { data: null, id: 5 }];
    const fetch = vi.fn(async () => json(200, answers.shift()));
    const client = createApiClient(fetch, fakeSession('access-2'));
    expect(await client.get('a')).toEqual([1, 2]);
    expect(await client.get('b')).toEqual([3]);
    expect(await client.get('c')).toEqual({ id: 4 });
    expect(await client.get('d')).toEqual({ data: null, id: 5 });
  });

  it('passes a 403 body on to the caller', async () => {
    const client = createApiClient(fakeApi().fetch, fakeSession('access-2'));
    const error = await client.get('organisations/9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      body: { code: 'FORBIDDEN', message: 'Not yours' },
    });
  });

  it('sends no token and never refreshes when asked not to authenticate', async () => {
    const api = fakeApi();
    const session = fakeSession();
    await expect(
      createApiClient(api.fetch, session).post('login', {}, { auth: false }),
    ).rejects.toMatchObject({ status: 401 });
    expect(api.calls[0]!.headers.has('Authorization')).toBe(false);
    expect(api.refreshes()).toBe(0);
  });

  it("sends a given token instead of the session's and never refreshes or logs out for it", async () => {
    const api = fakeApi();
    const session = fakeSession('access-2');
    const client = createApiClient(api.fetch, session);
    await expect(client.get('assetmonitorings/4', { token: 'monitoring-1' })).rejects.toMatchObject(
      { status: 401, code: 'TOKEN_EXPIRED' },
    );
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.headers.get('Authorization')).toBe('Bearer monitoring-1');
    expect(session.logout).not.toHaveBeenCalled();
  });
});

describe('api client token refresh (spec §4, §8)', () => {
  it('refreshes once for concurrent calls that meet an expired token, then retries each', async () => {
    const api = fakeApi();
    const session = fakeSession();
    const client = createApiClient(api.fetch, session);
    const results = Promise.all([
      client.get('assets/1'),
      client.get('assets/2'),
      client.get('drivers/3'),
    ]);
    await vi.waitFor(() => expect(api.refreshes()).toBe(1));
    api.release();
    expect(await results).toEqual([
      { url: '/api/assets/1' },
      { url: '/api/assets/2' },
      { url: '/api/drivers/3' },
    ]);
    expect(api.refreshes()).toBe(1);
    expect(session.tokens).toEqual({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(session.logout).not.toHaveBeenCalled();
  });

  it('logs out and passes the original error body on when the refresh fails', async () => {
    const api = fakeApi({ refreshWorks: false });
    api.release();
    const session = fakeSession();
    const error = await createApiClient(api.fetch, session)
      .get('assets/1')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 401,
      body: { code: 'TOKEN_EXPIRED', message: 'Access token expired' },
    });
    expect(session.logout).toHaveBeenCalled();
    expect(api.refreshes()).toBe(1);
  });

  it('does not refresh a second time when the retry also meets an expired token', async () => {
    const api = fakeApi();
    api.release();
    api.fetch.mockImplementation(async (input) =>
      String(input) === '/api/refresh'
        ? json(200, { accessToken: 'access-3', refreshToken: 'refresh-3' })
        : expired(),
    );
    const error = await createApiClient(api.fetch, fakeSession())
      .get('assets/1')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'TOKEN_EXPIRED' });
    expect(api.fetch.mock.calls.filter(([url]) => String(url) === '/api/refresh')).toHaveLength(1);
  });
});

describe('tabs that meet an expired token at once', () => {
  it('refresh one after the other: the tab that waited takes the tokens the first one stored', async () => {
    // The API's rotation: each refresh token works once (a second use is a replay).
    let generation = 1;
    const refreshes: string[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (String(input) === '/api/refresh') {
        const { refreshToken } = JSON.parse(init.body as string) as { refreshToken: string };
        refreshes.push(refreshToken);
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (refreshToken !== `refresh-${generation}`)
          return json(401, { code: 'INVALID_TOKEN', message: 'Refresh token is not valid' });
        generation++;
        return json(200, {
          accessToken: `access-${generation}`,
          refreshToken: `refresh-${generation}`,
        });
      }
      return new Headers(init.headers).get('Authorization') === `Bearer access-${generation}`
        ? json(200, { ok: true })
        : expired();
    });
    // localStorage, and each tab's copy of it
    const stored = { accessToken: 'access-expired', refreshToken: 'refresh-1' };
    const tab = () => {
      const tokens = { ...stored };
      return {
        accessToken: () => tokens.accessToken,
        refreshToken: () => tokens.refreshToken,
        updateTokens: vi.fn((pair: typeof stored) =>
          Object.assign(stored, Object.assign(tokens, pair)),
        ),
        logout: vi.fn(),
        reload: () => Object.assign(tokens, stored),
      } satisfies TokenSource;
    };
    // navigator.locks: one holder at a time, in order
    let tail: Promise<unknown> = Promise.resolve();
    const exclusive: Exclusive = (_name, work) => {
      const run = tail.then(work);
      tail = run.catch(() => undefined);
      return run;
    };
    const tabs = [tab(), tab()];
    const answers = await Promise.all(
      tabs.map((session) => createApiClient(fetch, session, { exclusive }).get('assets/1')),
    );
    expect(answers).toEqual([{ ok: true }, { ok: true }]);
    expect(refreshes).toEqual(['refresh-1']);
    for (const session of tabs) expect(session.logout).not.toHaveBeenCalled();
  });
});

describe('errorText (spec §8)', () => {
  it('runs any authorized attempt with the token, refreshing once on TOKEN_EXPIRED', async () => {
    const server = fakeApi();
    const session = fakeSession();
    const client = createApiClient(server.fetch, session);
    const tokens: (string | undefined)[] = [];
    server.release();
    const answer = await client.authorized(async (token) => {
      tokens.push(token);
      if (token !== 'access-2')
        throw new ApiError(401, { code: 'TOKEN_EXPIRED', message: 'Access token expired' });
      return 'uploaded';
    });
    expect(answer).toBe('uploaded');
    expect(tokens).toEqual(['access-1', 'access-2']);
    expect(server.refreshes()).toBe(1);
    // Other failures pass on as they are, without a refresh.
    await expect(
      client.authorized(() => Promise.reject(new ApiError(413, { code: 'PAYLOAD_TOO_LARGE' }))),
    ).rejects.toMatchObject({ status: 413 });
    expect(server.refreshes()).toBe(1);
  });

  it('takes the server message, else the response data, else the error message, else the error text', () => {
    expect(
      errorText(
        new ApiError(401, { code: 'INVALID_CREDENTIALS', message: 'Wrong user name or password' }),
      ),
    ).toBe('Wrong user name or password');
    expect(errorText(new ApiError(502, 'Bad gateway'))).toBe('Bad gateway');
    expect(errorText(new ApiError(500, { detail: 'x' }))).toBe('{"detail":"x"}');
    expect(errorText(new ApiError(500, undefined))).toBe('HTTP 500');
    expect(errorText(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorText('offline')).toBe('offline');
  });
});

describe('the parts of a request', () => {
  it.each([
    ['with a token', 'abc', { Authorization: 'Bearer abc' }],
    ['without one', undefined, {}],
    ['with an empty one', '', {}],
  ])('headers %s', (_, token, extra) => {
    expect(requestHeaders(token)).toEqual({
      Accept: 'application/json',
      'Content-Type': API_CONTENT_TYPE,
      ...extra,
    });
  });

  it.each([
    ['POST', undefined, '{}'],
    ['PUT', undefined, '{}'],
    ['GET', undefined, undefined],
    ['DELETE', undefined, undefined],
    ['POST', { a: 1 }, '{"a":1}'],
    ['PUT', [], '[]'],
    ['POST', null, '{}'],
  ])('the body of a %s given %j is %s', (method, body, sent) => {
    expect(requestBody(method, body)).toBe(sent);
  });

  it.each([
    ['42', 42],
    ['0', 0],
    [null, undefined],
    ['', 0],
    ['many', undefined],
    ['1.5', undefined],
    ['1e30', undefined],
  ])('X-Total-Count %j reads %j', (header, total) => {
    expect(totalCount(header)).toBe(total);
  });
});
