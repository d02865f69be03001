import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyDeadlineMs } from '../plugins/body-deadline.js';
import { dribble, requestHead } from './dribble.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * A request body dribbled a byte at a time once kept its connection open for as long as the
 * sender liked (past 400 s at a byte every 5 s). Here the grace is 1 s and the minimum rate
 * 1,000 bytes/s, on a real listening server and real sockets.
 */

describe('bodyDeadlineMs', () => {
  const limits = { graceMs: 1000, minBytesPerSecond: 1000 };
  it.each([
    ['nothing received: the grace', 0, 1000],
    ['500 bytes buy half a second more', 500, 1500],
    ['200 MB at 1 kB/s buy 200,000 s', 200_000_000, 200_001_000],
  ])('%s', (_what, bytes, expected) => {
    expect(bodyDeadlineMs(0, bytes, limits)).toBe(expected);
  });
});

let t: TestApp;
let port: number;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ BODY_TIMEOUT: '1', BODY_MIN_RATE: '1000' });
  // A hook that keeps deciding longer than the grace, so nothing reads the body yet.
  t.app.post('/test/slow-hook', {
    onRequest: async () => new Promise((resolve) => setTimeout(resolve, 2500)),
    handler: async () => ({ ok: true }),
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
  token = (await t.login('manager')).accessToken;
}, 120_000);
afterAll(() => t.close());

const send = (head: string, body: Buffer, options: { piece: number; everyMs: number }) =>
  dribble(port, head, body, options);

const head = (path: string, type: string, length: number, extra: Record<string, string> = {}) =>
  requestHead('POST', path, type, length, extra);

const LOGIN = Buffer.from(
  JSON.stringify({ organisation: 'Demo Transport', username: 'manager', password: 'x'.repeat(12) }),
);

it('a JSON body dribbled a byte every 200 ms is answered 408 and closed', async () => {
  const answer = await send(head('/api/login', 'application/json', LOGIN.length), LOGIN, {
    piece: 1,
    everyMs: 200,
  });
  expect(answer.status).toBe(408);
  expect(JSON.parse(answer.body)).toEqual({
    code: 'REQUEST_TIMEOUT',
    message: 'The request body arrived too slowly',
  });
  expect(answer.closedAfterMs).toBeLessThan(4000);
});

it('a chunked body without a length is bounded the same way', async () => {
  const chunked = Buffer.from('1\r\n{\r\n'.repeat(100));
  const answer = await send(
    `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
    chunked,
    { piece: 6, everyMs: 300 },
  );
  expect(answer.status).toBe(408);
  expect(answer.closedAfterMs).toBeLessThan(4000);
});

it('a multipart upload whose parts dribble in is answered 408', async () => {
  const boundary = 'slowboundary';
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="identifier"\r\n\r\n${'S'.repeat(200)}\r\n`,
  );
  const answer = await send(
    head('/api/media', `multipart/form-data; boundary=${boundary}`, body.length + 1000, {
      Authorization: `Bearer ${token}`,
    }),
    body,
    { piece: 2, everyMs: 200 },
  );
  expect(answer.status).toBe(408);
  expect(JSON.parse(answer.body)).toMatchObject({ code: 'REQUEST_TIMEOUT' });
  expect(answer.closedAfterMs).toBeLessThan(4000);
});

it('a body nobody reads yet (a hook still deciding) is answered 408 too', async () => {
  const answer = await send(
    head('/test/slow-hook', 'application/json', 100),
    Buffer.alloc(100, 0x20),
    {
      piece: 1,
      everyMs: 300,
    },
  );
  expect(answer.status).toBe(408);
  expect(JSON.parse(answer.body)).toMatchObject({ code: 'REQUEST_TIMEOUT' });
});

it('a body still dribbling after an early answer (401) does not keep the connection', async () => {
  const answer = await send(
    head('/api/organisations/1', 'application/json', 1000),
    Buffer.alloc(1000, 0x20),
    {
      piece: 1,
      everyMs: 200,
    },
  );
  expect(answer.status).toBe(401);
  expect(answer.closedAfterMs).toBeLessThan(4000);
});

it('a body slow but above the minimum rate arrives whole and is answered', async () => {
  // 3,000 bytes at 2,000 bytes/s: 1.5 s, past the 1 s grace but within its rate.
  const padded = Buffer.concat([LOGIN, Buffer.alloc(3000 - LOGIN.length, 0x20)]);
  const answer = await send(
    head('/api/login', 'application/json', padded.length, { Connection: 'close' }),
    padded,
    { piece: 100, everyMs: 50 },
  );
  expect(answer.status).toBe(401);
  expect(JSON.parse(answer.body)).toMatchObject({ code: 'INVALID_CREDENTIALS' });
});
