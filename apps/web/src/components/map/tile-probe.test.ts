import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersOnce, markFailed } from './tile-probe';

let server: Server;
let base: string;
let calls = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    calls++;
    if (request.url === '/slow') return; // never answers
    response.statusCode = request.url === '/tile.png' ? 200 : 404;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('whether a tile server answers, asked once per page', () => {
  it('answers true for a tile, and asks the server only once', async () => {
    const before = calls;
    expect(await answersOnce(`${base}/tile.png`)).toBe(true);
    expect(await answersOnce(`${base}/tile.png`)).toBe(true);
    expect(calls - before).toBe(1);
  });

  it.each([
    ['a missing style', '/style.json'],
    ['a server that does not answer in time', '/slow'],
  ])('answers false for %s', async (_, path) => {
    expect(await answersOnce(`${base}${path}`, 300)).toBe(false);
  });

  it('answers false for a closed port', async () => {
    expect(await answersOnce('http://127.0.0.1:9/0/0/0.png')).toBe(false);
  });

  it('stops asking a server once it has failed', async () => {
    const url = `${base}/tile.png?failed`;
    markFailed(url);
    const before = calls;
    expect(await answersOnce(url)).toBe(false);
    expect(calls).toBe(before);
  });
});
