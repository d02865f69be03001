import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  CredentialError,
  DeviceApi,
  MainApi,
  UnreachableError,
  retryAfterMs,
} from './client.js';

type Handler = (
  request: IncomingMessage,
  body: string,
) => { status: number; body: unknown; headers?: Record<string, string> };

let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

async function serve(handler: Handler): Promise<string> {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const answer = handler(request, body);
      response.writeHead(answer.status, {
        'content-type': 'application/json',
        ...answer.headers,
      });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

const records = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    timestamp: new Date(Date.UTC(2026, 10, 20, 8, 0, i)).toISOString(),
    transferReason: 'PERIODIC' as const,
  }));

describe('DeviceApi', () => {
  it('sends in batches of at most 1000 with the credential, and resends a batch after a 5xx', async () => {
    const batches: number[] = [];
    let failures = 1;
    const url = await serve((request, body) => {
      expect(request.url).toBe('/device-api/v1/records');
      expect(request.headers.authorization).toBe('Bearer dev_1_secret');
      if (failures-- > 0) return { status: 503, body: { code: 'UNAVAILABLE', message: 'busy' } };
      const n = (JSON.parse(body) as { records: unknown[] }).records.length;
      batches.push(n);
      return { status: 200, body: { stored: n, duplicates: 0, rejected: [] } };
    });
    const logs: string[] = [];
    const totals = await new DeviceApi(url, 'dev_1_secret', (m) => logs.push(m)).sendRecords(
      records(2_500),
    );
    expect(batches).toEqual([1000, 1000, 500]);
    expect(totals).toEqual({ stored: 2_500, duplicates: 0, rejected: 0 });
    expect(logs).toEqual([expect.stringContaining('retrying')]);
  });

  it('logs each reason for a refusal once', async () => {
    const url = await serve(() => ({
      status: 200,
      body: {
        stored: 8,
        duplicates: 0,
        rejected: [
          { index: 0, reason: 'a reason seen once' },
          { index: 1, reason: 'a reason seen once' },
        ],
      },
    }));
    const logs: string[] = [];
    const api = new DeviceApi(url, 'dev_1_secret', (m) => logs.push(m));
    const totals = await api.sendRecords(records(10));
    await api.sendRecords(records(10));
    expect(totals.rejected).toBe(2);
    expect(logs.filter((m) => m.includes('a reason seen once'))).toHaveLength(1);
  });

  it('says when the credential is refused', async () => {
    const url = await serve(() => ({ status: 401, body: { code: 'UNAUTHORIZED', message: 'no' } }));
    await expect(new DeviceApi(url, 'dev_1_bad', () => {}).sendDatapoints([])).resolves.toEqual({
      stored: 0,
      duplicates: 0,
      rejected: 0,
    });
    await expect(
      new DeviceApi(url, 'dev_1_bad', () => {}).sendDatapoints([
        {
          timestamp: '2026-11-20T08:00:00Z',
          location: { latitude: 5_200_000, longitude: 500_000 },
        },
      ]),
    ).rejects.toBeInstanceOf(CredentialError);
  });

  it('gives up on a server that is not there', async () => {
    const api = new DeviceApi('http://127.0.0.1:9', 'dev_1_x', () => {}, undefined, 1);
    await expect(api.sendRecords(records(1))).rejects.toBeInstanceOf(UnreachableError);
  });
});

describe('MainApi', () => {
  it('signs in, and on an expired token refreshes once and repeats the call', async () => {
    const calls: string[] = [];
    let accessToken = 'first';
    const url = await serve((request, body) => {
      calls.push(`${request.method} ${request.url}`);
      if (request.url === '/api/login') {
        expect(JSON.parse(body)).toEqual({
          organisation: 'Fleetwise OEM',
          username: 'oem',
          password: 'demo-pass',
        });
        return { status: 200, body: { accessToken, refreshToken: 'r1' } };
      }
      if (request.url === '/api/refresh') {
        accessToken = 'second';
        return { status: 200, body: { accessToken, refreshToken: 'r2' } };
      }
      if (request.headers.authorization !== 'Bearer second') {
        return {
          status: 401,
          body: { code: 'TOKEN_EXPIRED', message: 'The access token has expired' },
        };
      }
      return { status: 200, body: [{ id: 3, name: 'Demo Transport', parentId: 2 }] };
    });
    const api = new MainApi(url, {
      organisation: 'Fleetwise OEM',
      username: 'oem',
      password: 'demo-pass',
    });
    expect(await api.organisations()).toEqual([{ id: 3, name: 'Demo Transport', parentId: 2 }]);
    expect(calls).toEqual([
      'POST /api/login',
      'GET /api/organisations',
      'POST /api/refresh',
      'GET /api/organisations',
    ]);
  });

  it('puts links with their moment in the query and reports errors with their code', async () => {
    const url = await serve((request) => {
      if (request.url === '/api/login')
        return { status: 200, body: { accessToken: 'a', refreshToken: 'r' } };
      expect(request.method).toBe('PUT');
      expect(request.url).toBe('/api/assets/4/drivers/9?from=2026-11-20T06%3A00%3A00.000Z');
      return { status: 409, body: { code: 'CONFLICT', message: 'Driver 9 is already linked' } };
    });
    const api = new MainApi(url, { organisation: 'o', username: 'u', password: 'pppppp' });
    const error = await api
      .linkDriver(4, 9, new Date('2026-11-20T06:00:00Z'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'Driver 9 is already linked',
    });
  });
});

describe('Retry-After (the server restarting its database answers 503 with it)', () => {
  it.each([
    ['3', 3000],
    ['0', 0],
    ['  2 ', 2000],
    ['999', 60_000],
    ['Wed, 21 Oct 2026 07:28:05 GMT', 5000],
    ['Wed, 21 Oct 2026 07:27:00 GMT', 0],
    ['soon', undefined],
    [null, undefined],
  ])('%s → %s ms', (header, ms) => {
    expect(retryAfterMs(header, Date.parse('Wed, 21 Oct 2026 07:28:00 GMT'))).toBe(ms);
  });

  it('a device waits as long as Retry-After asks before it sends the batch again', async () => {
    const times: number[] = [];
    const url = await serve(() => {
      times.push(Date.now());
      if (times.length === 1)
        return {
          status: 503,
          body: { code: 'DATABASE_UNAVAILABLE', message: 'later' },
          headers: { 'retry-after': '1' },
        };
      return { status: 200, body: { stored: 1, duplicates: 0, rejected: [] } };
    });
    const logs: string[] = [];
    await new DeviceApi(url, 'dev_1_secret', (m) => logs.push(m)).sendRecords(records(1));
    expect(times).toHaveLength(2);
    // Without Retry-After the first wait is 0.5 s.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(950);
    expect(logs).toEqual([expect.stringContaining('retrying in 1 s')]);
  });

  it('the main API client retries a 503 with Retry-After instead of failing', async () => {
    let calls = 0;
    const url = await serve((request) => {
      if (request.url === '/api/login')
        return { status: 200, body: { accessToken: 'a', refreshToken: 'r' } };
      calls++;
      if (calls <= 2)
        return {
          status: 503,
          body: { code: 'DATABASE_UNAVAILABLE', message: 'later' },
          headers: { 'retry-after': '0' },
        };
      return { status: 200, body: [] };
    });
    const api = new MainApi(url, { organisation: 'o', username: 'u', password: 'p' });
    await expect(api.organisations()).resolves.toEqual([]);
    expect(calls).toBe(3);
  });
});
