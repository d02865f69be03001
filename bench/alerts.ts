/**
 * BENCH_ONLY=alerts (issue 21 §2): from a device's record acknowledged (its POST answered) to
 * the notification heard by an open push channel (GET /api/events) of a user the rule notifies.
 * One harsh brake at a time on BENCH_ALERT_TRUCKS trucks, BENCH_ALERT_RUNS times; p50 and p99.
 * Prints the figures; docs/performance.md quotes them.
 */
const RUNS = Number(process.env.BENCH_ALERT_RUNS ?? 30);
const TRUCKS = Number(process.env.BENCH_ALERT_TRUCKS ?? 3);
const WAIT_MS = 30_000;

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;

async function json(base: string, method: string, url: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** Resolves with the time each `notification` push event of the channel arrived. */
async function channel(base: string, token: string) {
  const abort = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  const heard: number[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        const messages = buffer.split('\n\n');
        buffer = messages.pop() ?? '';
        for (const m of messages)
          if (/^event: changes$/m.test(m) && m.includes('"kind":"notification"'))
            heard.push(performance.now());
      }
    } catch {
      // closed
    }
  })();
  return { heard, close: () => abort.abort() };
}

export interface AlertLatency {
  runs: number;
  missed: number;
  p50: number;
  p99: number;
  max: number;
}

export async function alertLatency(
  base: string,
  progress: (line: string) => void = () => {},
): Promise<AlertLatency> {
  const login = await json(base, 'POST', '/api/login', undefined, {
    organisation: 'Demo Transport',
    username: 'manager',
    password: 'demo-pass',
  });
  const token = login.accessToken as string;
  const [demo] = (await json(base, 'GET', '/api/organisations', token)) as { id: number }[];
  const run = Date.now().toString(36);
  const devices: string[] = [];
  for (let i = 0; i < TRUCKS; i++) {
    const asset = await json(base, 'POST', `/api/organisations/${demo!.id}/assets`, token, {
      name: `Alert bench ${run}-${i}`,
    });
    const device = await json(base, 'POST', `/api/organisations/${demo!.id}/devices`, token, {
      name: `Alert camera ${i}`,
      identifier: `ALERT-${run}-${i}`,
    });
    const from = new Date(Date.now() - 86_400_000).toISOString();
    await json(base, 'PUT', `/api/assets/${asset.id}/devices/${device.id}?from=${from}`, token);
    devices.push(device.credential as string);
  }
  await json(base, 'POST', `/api/organisations/${demo!.id}/alert-rules`, token, {
    name: `Alert bench ${run}`,
    kind: 'event',
    eventType: 'EMERGENCY_BRAKE',
    throttleLimit: 1000,
  });
  const push = await channel(base, token);
  const latencies: number[] = [];
  let missed = 0;
  for (let i = 0; i < RUNS; i++) {
    const credential = devices[i % devices.length]!;
    const heardBefore = push.heard.length;
    await json(base, 'POST', '/device-api/v1/records', credential, {
      records: [
        {
          timestamp: new Date().toISOString(),
          transferReason: 'EVENTS',
          location: { latitude: 5_209_300, longitude: 527_000 },
          speed: 30,
          odometer: 1_000_000 + i * 100,
          drivingTime: 60 + i,
          engineHours: 1000,
          totalFuelUsed: 5000,
          events: [{ eventType: 'EMERGENCY_BRAKE' }],
        },
      ],
    });
    const acknowledged = performance.now();
    while (push.heard.length === heardBefore && performance.now() - acknowledged < WAIT_MS)
      await new Promise((r) => setTimeout(r, 5));
    const heard = push.heard.length > heardBefore;
    if (!heard) missed++;
    else latencies.push(push.heard[heardBefore]! - acknowledged);
    progress(
      heard
        ? `alert ${i + 1}/${RUNS}: ${latencies.at(-1)!.toFixed(0)} ms`
        : `alert ${i + 1}/${RUNS}: missed (nothing in ${WAIT_MS} ms)`,
    );
    await new Promise((r) => setTimeout(r, 200));
  }
  // A miss that was only late shows here: more notifications than runs heard.
  await new Promise((r) => setTimeout(r, 2000));
  if (missed) progress(`alerts: ${push.heard.length} notifications heard in all for ${RUNS} runs`);
  push.close();
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    runs: RUNS,
    missed,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted.at(-1) ?? NaN,
  };
}

// Run alone against a running server: BENCH_ALERTS_URL=http://localhost:3000 node --import tsx bench/alerts.ts
if (process.argv[1]?.endsWith('alerts.ts') && process.env.BENCH_ALERTS_URL) {
  const result = await alertLatency(process.env.BENCH_ALERTS_URL, (l) =>
    process.stderr.write(`${l}\n`),
  );
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
