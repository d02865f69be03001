import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SYNC_API_KEY_HEADER, SYNC_EXPORT_PATH } from '@fleet/contract';

/**
 * Tests only: a remote system on loopback that speaks the export protocol from fixed data,
 * or misbehaves as told (refuses the key, answers garbage, is slow, breaks off). It counts
 * the requests under way at once, to show that runs of one organisation never overlap.
 */
export type FakeMode = 'ok' | 'refuse' | 'garbage' | 'not-protocol' | 'slow' | 'error' | 'huge';

/** The answer of mode 'huge': more than the 20 MB a sync answer may have, without a length. */
let huge: Buffer | undefined;

export interface FakeRemote {
  url: string;
  key: string;
  mode: FakeMode;
  /** ms each answer waits (mode ok) */
  delayMs: number;
  /** items per kind path, e.g. assets: [{ externalId, stamp, name, licencePlate }] */
  data: Record<string, Record<string, unknown>[]>;
  requests: string[];
  inFlight: number;
  maxInFlight: number;
  close(): Promise<void>;
}

export async function startFakeRemote(key = 'fwk_1_' + 'k'.repeat(43)): Promise<FakeRemote> {
  const remote: FakeRemote = {
    url: '',
    key,
    mode: 'ok',
    delayMs: 0,
    data: {},
    requests: [],
    inFlight: 0,
    maxInFlight: 0,
    close: async () => {},
  };
  const server = http.createServer(async (request, response) => {
    remote.requests.push(`${request.method} ${request.url}`);
    remote.inFlight++;
    remote.maxInFlight = Math.max(remote.maxInFlight, remote.inFlight);
    try {
      await answer(remote, request, response);
    } finally {
      remote.inFlight--;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  remote.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  remote.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return remote;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function answer(
  remote: FakeRemote,
  request: http.IncomingMessage,
  response: http.ServerResponse,
) {
  const json = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (remote.mode === 'slow') {
    await sleep(60_000);
    return json(200, {});
  }
  if (remote.delayMs) await sleep(remote.delayMs);
  if (remote.mode === 'refuse' || request.headers[SYNC_API_KEY_HEADER] !== remote.key)
    return json(401, { code: 'UNAUTHORIZED', message: 'A valid API key is required' });
  // What an internal service could answer: the reason of a run must never repeat it.
  if (remote.mode === 'error')
    return json(500, { code: 'INTERNAL_ERROR', message: 'INTERNAL-ONLY db_password=hunter2' });
  if (remote.mode === 'garbage') {
    response.writeHead(200, { 'content-type': 'text/html' });
    return response.end('INTERNAL-ONLY db_password=hunter2 <html>Welcome to our portal</html>');
  }
  if (remote.mode === 'huge') {
    response.writeHead(200, { 'content-type': 'application/json' });
    // Made once: building 21 MB for each call took the client's time limit on a loaded machine.
    huge ??= Buffer.from(`{"items":"${'x'.repeat(21 * 1024 * 1024)}"}`);
    return response.end(huge);
  }
  const url = new URL(request.url ?? '/', 'http://remote');
  const path = url.pathname.slice(SYNC_EXPORT_PATH.length);
  if (path === '/organisations') {
    return json(200, {
      organisations:
        remote.mode === 'not-protocol'
          ? [{ id: 1, title: 'Remote Fleet' }]
          : [{ externalId: 'R1', name: 'Remote Fleet', parentExternalId: null }],
    });
  }
  const match = /^\/organisations\/([^/]+)\/([a-z]+)$/.exec(path);
  if (!match || match[1] !== 'R1')
    return json(404, { code: 'NOT_FOUND', message: 'No such organisation' });
  if (remote.mode === 'not-protocol') return json(200, { items: [{ id: 7 }], next: null });
  if (match[2] === 'ids') {
    const items = remote.data[url.searchParams.get('kind') ?? ''] ?? [];
    return json(200, { ids: items.map((i) => i.externalId), nextCursor: null });
  }
  const items = remote.data[match[2]!] ?? [];
  return json(200, { items, nextCursor: null, stamp: '100' });
}
