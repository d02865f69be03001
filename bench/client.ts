import { Worker } from 'node:worker_threads';

/**
 * The load client runs in a worker thread, with its own event loop, so the
 * app's event loop serves requests only and the client's work (sending,
 * receiving, parsing answers) is not counted as the server's. Plain
 * JavaScript, so the worker needs no TypeScript loader.
 */
const SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { baseUrl } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
const send = (method, path, headers, body) => new Promise((resolve, reject) => {
  const req = http.request(baseUrl + path, { method, agent, headers: body
      ? { ...headers, 'content-type': 'application/json', 'content-length': body.byteLength } : headers },
    (res) => { const chunks = []; res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) })); res.on('error', reject); });
  req.on('error', reject);
  req.end(body ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : undefined);
});
const jobs = {
  // Many batches from several concurrent clients; no new batch after the deadline.
  async ingest({ bodies, clients, seconds }) {
    const start = performance.now();
    const deadline = start + seconds * 1000;
    const out = { batches: 0, records: 0, stored: 0, duplicates: 0, rejected: 0, failures: 0, latencies: [], firstError: null };
    let next = 0;
    const client = async () => {
      while (next < bodies.length && performance.now() < deadline) {
        const b = bodies[next++];
        const t0 = performance.now();
        const res = await send('POST', '/device-api/v1/records', { authorization: 'Bearer ' + b.credential }, b.body);
        out.latencies.push(performance.now() - t0);
        out.batches++; out.records += b.count;
        const text = res.body.toString();
        if (res.status !== 200) { out.failures++; out.firstError ??= res.status + ' ' + text.slice(0, 200); continue; }
        const r = JSON.parse(text);
        out.stored += r.stored; out.duplicates += r.duplicates; out.rejected += r.rejected.length;
        if (r.rejected.length) out.firstError ??= JSON.stringify(r.rejected[0]);
      }
    };
    await Promise.all(Array.from({ length: clients }, client));
    out.ms = performance.now() - start;
    return out;
  },
  // One request, one after another: warm-up runs, then timed runs (until the last byte).
  async repeat({ method, path, token, body, warmup, runs }) {
    const headers = { authorization: 'Bearer ' + token };
    const latencies = [];
    let last;
    for (let i = 0; i < warmup + runs; i++) {
      const t0 = performance.now();
      last = await send(method, path, headers, body);
      if (i >= warmup) latencies.push(performance.now() - t0);
      if (last.status !== 200) throw new Error(method + ' ' + path + ': ' + last.status + ' ' + last.body.toString().slice(0, 300));
    }
    return last ? { latencies, bytes: last.body.length, body: last.body.toString() } : { latencies, bytes: 0, body: 'null' };
  },
  // Heavy calls all at once, counted but not kept (a year's report is hundreds of MB), one more
  // after startMs (expected to be refused), and light probes one after another while they run.
  async heavy({ calls, extra, startMs, probes }) {
    const fetchCounted = (c) => new Promise((resolve, reject) => {
      const t0 = performance.now();
      const body = c.body ? Buffer.from(c.body.buffer, c.body.byteOffset, c.body.byteLength) : undefined;
      const headers = { authorization: 'Bearer ' + c.token };
      if (body) { headers['content-type'] = 'application/json'; headers['content-length'] = body.byteLength; }
      const req = http.request(baseUrl + c.path, { method: c.method, agent, headers }, (res) => {
        let bytes = 0, firstByteMs = null, tail = '';
        res.on('data', (chunk) => { firstByteMs ??= performance.now() - t0; bytes += chunk.length;
          tail = (tail + chunk.toString('latin1')).slice(-300); });
        res.on('end', () => resolve({ status: res.statusCode, bytes, ms: performance.now() - t0, firstByteMs,
          retryAfter: res.headers['retry-after'] ?? null, tail }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
    const t0 = performance.now();
    let running = calls.length;
    const heavy = calls.map((c) => fetchCounted(c).finally(() => running--));
    const extraAnswer = new Promise((r) => setTimeout(r, startMs)).then(() => (extra ? fetchCounted(extra) : null));
    const samples = Object.fromEntries(probes.map((p) => [p.name, []]));
    while (running > 0 && probes.length) {
      for (const p of probes) {
        const s = performance.now();
        const res = await send('GET', p.path, p.token ? { authorization: 'Bearer ' + p.token } : {});
        if (res.status !== 200) throw new Error(p.path + ': ' + res.status + ' ' + res.body.toString().slice(0, 200));
        samples[p.name].push(performance.now() - s);
      }
    }
    return { calls: await Promise.all(heavy), extra: await extraAnswer, samples, ms: performance.now() - t0 };
  },
};
parentPort.on('message', async ({ id, job, args }) => {
  try { parentPort.postMessage({ id, result: await jobs[job](args) }); }
  catch (error) { parentPort.postMessage({ id, error: String(error && error.stack || error) }); }
});
`;

export interface IngestBody {
  credential: string;
  count: number;
  body: Uint8Array;
}

export interface IngestOutcome {
  ms: number;
  batches: number;
  records: number;
  stored: number;
  duplicates: number;
  rejected: number;
  failures: number;
  latencies: number[];
  firstError: string | null;
}

export interface HeavyCall {
  method: string;
  path: string;
  token: string;
  body?: unknown;
}

/** One heavy call's answer, counted: status, bytes, time to the first and the last byte. */
export interface CountedAnswer {
  status: number;
  bytes: number;
  ms: number;
  firstByteMs: number | null;
  retryAfter: string | null;
  /** the answer's last 300 characters */
  tail: string;
}

export interface HeavyOutcome {
  calls: CountedAnswer[];
  extra: CountedAnswer | null;
  /** latencies of each probe, ms, in order */
  samples: Record<string, number[]>;
  ms: number;
}

export class LoadClient {
  private readonly worker: Worker;
  private next = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void }
  >();

  constructor(baseUrl: string) {
    this.worker = new Worker(SCRIPT, { eval: true, workerData: { baseUrl } });
    this.worker.on(
      'message',
      ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
        const w = this.waiting.get(id);
        this.waiting.delete(id);
        if (error) w?.reject(new Error(error));
        else w?.resolve(result);
      },
    );
    this.worker.on('error', (error) => {
      for (const w of this.waiting.values()) w.reject(error);
      this.waiting.clear();
    });
  }

  private run<T>(job: string, args: unknown): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ id, job, args });
    });
  }

  ingest(bodies: IngestBody[], clients: number, seconds: number): Promise<IngestOutcome> {
    return this.run('ingest', { bodies, clients, seconds });
  }

  repeat(args: {
    method: string;
    path: string;
    token: string;
    body?: unknown;
    warmup: number;
    runs: number;
  }): Promise<{ latencies: number[]; bytes: number; body: string }> {
    const body =
      args.body === undefined ? undefined : new Uint8Array(Buffer.from(JSON.stringify(args.body)));
    return this.run('repeat', { ...args, body });
  }

  heavy(args: {
    calls: HeavyCall[];
    extra?: HeavyCall;
    startMs: number;
    probes: { name: string; path: string; token?: string }[];
  }): Promise<HeavyOutcome> {
    const encode = (c: HeavyCall) => ({
      ...c,
      body: c.body === undefined ? undefined : new Uint8Array(Buffer.from(JSON.stringify(c.body))),
    });
    return this.run('heavy', {
      ...args,
      calls: args.calls.map(encode),
      extra: args.extra && encode(args.extra),
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
