/**
 * The mixed load's trucks, in a worker thread of their own (bench/mixed.ts starts it). Trucks
 * and users are different machines: the users' calls are timed in the bench's main thread, and
 * 2,000 trucks' posts (their bodies made, sent and answered, 300 a second) must not hold up the
 * event loop that times them. The worker answers each post's time, the trip stops acknowledged,
 * and its own event loop's delay.
 */
import { readlinkSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const POST_EVERY_MS = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface TruckUnit {
  assetId: number;
  credential: string;
}

export interface DevicesInput {
  baseUrl: string;
  units: TruckUnit[];
  deadline: number;
}

export interface DevicesOutput {
  /** every post's time, ms, and whether it was taken (200) */
  posts: { ms: number; ok: boolean }[];
  /** `${assetId} ${tripStart ISO}` → when its TRIP_STOP's batch was acknowledged (Date.now()) */
  stops: [string, number][];
  /** this thread's event loop delay, p99, ms */
  loopDelayP99: number;
  /** whether this thread ran at nice 10 */
  lowered: boolean;
}

/**
 * The devices' connections: 256 sockets, as many trucks' modems at once as the server takes
 * without queueing here.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * A call with a Bearer credential (and a JSON body, if any), timed to its last byte: its status
 * and time. The answer is read and dropped: what the caller's own machine does with it is not
 * the server's time.
 */
export function timedCall(
  baseUrl: string,
  method: string,
  url: string,
  credential: string,
  body: unknown,
  via: http.Agent,
): Promise<{ status: number; ms: number }> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const t0 = performance.now();
  const done = (status: number) => ({ status, ms: performance.now() - t0 });
  return new Promise((resolve) => {
    const req = http.request(
      `${baseUrl}${url}`,
      {
        method,
        agent: via,
        headers: {
          authorization: `Bearer ${credential}`,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': payload.length }
            : {}),
        },
        timeout: 60_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(done(res.statusCode ?? 0)));
        res.on('error', () => resolve(done(0)));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(done(0)));
    req.end(payload);
  });
}

/** A device's POST of JSON. */
export const post = (baseUrl: string, url: string, credential: string, body: unknown) =>
  timedCall(baseUrl, 'POST', url, credential, body, agent);

/** A truck in real time: trips of 30–90 s with stops of 10–30 s between them (many stops to time). */
export class Truck {
  private driving = false;
  private phaseEnds = 0;
  private km = 0;
  private tripStart = 0;
  constructor(
    readonly unit: TruckUnit,
    private readonly index: number,
  ) {
    this.phaseEnds = Date.now() + Math.random() * 30_000;
  }

  /** The records and datapoints of (from, to], and the trip stop it holds, if any. */
  batch(from: number, to: number) {
    const records: object[] = [];
    const datapoints: object[] = [];
    let stop: { tripStart: number; at: number } | undefined;
    for (let t = Math.floor(from / 2000) * 2000 + 2000; t <= to; t += 2000) {
      const location = {
        latitude: 5200000 + Math.round(this.km * 90),
        longitude: 480000 + this.index * 50,
      };
      if (t >= this.phaseEnds) {
        this.driving = !this.driving;
        this.phaseEnds =
          t + (this.driving ? 30_000 + Math.random() * 60_000 : 10_000 + Math.random() * 20_000);
        const reason = this.driving ? 'TRIP_START' : 'TRIP_STOP';
        if (this.driving) this.tripStart = t;
        else stop = { tripStart: this.tripStart, at: t };
        records.push(this.record(t, reason, location));
        continue;
      }
      if (!this.driving) continue;
      this.km += 0.7; // 2 s at 90 km/h ≈ 50 m; larger steps keep the map moving
      datapoints.push({ timestamp: new Date(t).toISOString(), location, speed: 90, heading: 90 });
      if (t % 10_000 === 0) records.push(this.record(t, 'PERIODIC', location));
    }
    return { records, datapoints, stop };
  }

  private record(t: number, transferReason: string, location: object) {
    return {
      timestamp: new Date(t).toISOString(),
      transferReason,
      location,
      speed: this.driving ? 90 : 0,
      odometer: Math.round(1_000_000 + this.km * 1000),
      drivingTime: Math.round(this.km * 40),
      engineHours: 1000 + this.km / 90,
      totalFuelUsed: 5000 + this.km * 0.3,
    };
  }
}

/**
 * This thread at a lower CPU priority (nice 10) than the server, its database and the users'
 * thread: the trucks stand in for machines that are not this one, and on two cores a thread of
 * theirs at the same priority takes a core's share from the server it measures. Linux renices a
 * thread by its id (/proc/thread-self); elsewhere the thread keeps its priority.
 */
function lowerThreadPriority(): boolean {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    os.setPriority(tid, 10);
    return true;
  } catch {
    return false;
  }
}

/** Every truck posts its records and datapoints every 10 s until the deadline. */
export async function runDevices({
  baseUrl,
  units,
  deadline,
}: DevicesInput): Promise<DevicesOutput> {
  const lowered = lowerThreadPriority();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const posts: DevicesOutput['posts'] = [];
  const stops = new Map<string, number>();
  const device = async (truck: Truck) => {
    let last = Date.now();
    await sleep(Math.random() * POST_EVERY_MS);
    // A batch refused (503 with Retry-After when too many wait, issue 18 §3) is sent again
    // with the next one, as a device does: its records are not lost, only later.
    let unsent: { records: object[]; stop?: { tripStart: number } } = { records: [] };
    while (Date.now() < deadline) {
      const now = Date.now();
      const made = truck.batch(last, now);
      const records = [...unsent.records, ...made.records];
      const stop = made.stop ?? unsent.stop;
      last = now;
      if (records.length) {
        const r = await post(baseUrl, '/device-api/v1/records', truck.unit.credential, { records });
        posts.push({ ms: r.ms, ok: r.status === 200 });
        if (r.status === 200 && stop)
          stops.set(`${truck.unit.assetId} ${new Date(stop.tripStart).toISOString()}`, Date.now());
        unsent = r.status === 200 ? { records: [] } : { records, stop };
      }
      if (made.datapoints.length) {
        const r = await post(baseUrl, '/device-api/v1/datapoints', truck.unit.credential, {
          datapoints: made.datapoints,
        });
        posts.push({ ms: r.ms, ok: r.status === 200 });
      }
      await sleep(Math.max(0, now + POST_EVERY_MS - Date.now()));
    }
  };
  await Promise.all(units.map((u, i) => device(new Truck(u, i))));
  delay.disable();
  return {
    posts,
    stops: [...stops],
    loopDelayP99: delay.percentile(99) / 1e6,
    lowered,
  };
}

// Run as the worker: the input from workerData, the output as one message.
if (parentPort && (workerData as { mixedDevices?: DevicesInput } | null)?.mixedDevices) {
  const port = parentPort;
  void runDevices((workerData as { mixedDevices: DevicesInput }).mixedDevices).then((out) =>
    port.postMessage(out),
  );
}
