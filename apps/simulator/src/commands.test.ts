import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandKind, DeviceCommand } from '@fleet/contract';
import { DeviceApi } from './client.js';
import { backoff, ChannelHealth, NOT_SUPPORTED, runCommandLoop } from './commands.js';
import type { DeviceUnit, UnitServices } from './device-unit.js';
import { MediaMaker, TaskQueue } from './media-maker.js';
import { Recordings } from './recorder.js';
import { DEFAULT_SETTINGS } from './settings.js';

/** A stand-in for the device API's command channel and media upload, as docs/device-protocol.md has them. */
class FakeChannel {
  pending: DeviceCommand[] = [];
  calls: string[] = [];
  bodies: { path: string; body: string }[] = [];
  waiting: { response: ServerResponse; timer: NodeJS.Timeout }[] = [];
  /** answers 503 while set */
  down = false;
  /** does not acknowledge: the command stays pending */
  ignoreAcks = false;
  private server?: Server;
  private nextMedium = 1;
  url = '';

  async start(port = 0): Promise<string> {
    this.server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => this.handle(request.method!, request.url!, body, response));
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    return this.url;
  }

  stop(): Promise<void> {
    for (const { response, timer } of this.waiting.splice(0)) {
      clearTimeout(timer);
      response.destroy();
    }
    return new Promise((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }

  give(command: Omit<DeviceCommand, 'createdAt' | 'expiresAt'>): void {
    this.pending.push({ ...command, createdAt: '', expiresAt: '' });
    for (const { response, timer } of this.waiting.splice(0)) {
      clearTimeout(timer);
      this.answer(response, 200, { commands: this.pending });
    }
  }

  private answer(response: ServerResponse, status: number, body?: unknown) {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  }

  private handle(method: string, url: string, body: string, response: ServerResponse) {
    const { pathname, searchParams } = new URL(url, 'http://x');
    const route = pathname.replace('/device-api/v1/', '');
    this.calls.push(`${method} ${route}`);
    if (this.down)
      return this.answer(response, 503, { code: 'UNAVAILABLE', message: 'restarting' });
    if (route === 'commands') {
      if (this.pending.length) return this.answer(response, 200, { commands: this.pending });
      const timer = setTimeout(
        () => {
          this.waiting = this.waiting.filter((w) => w.response !== response);
          this.answer(response, 200, { commands: [] });
        },
        Number(searchParams.get('wait')) * 1000,
      );
      this.waiting.push({ response, timer });
      return;
    }
    this.bodies.push({ path: route, body });
    const ack = /^commands\/(\d+)\/(ack|progress)$/.exec(route);
    if (ack && !this.ignoreAcks) this.pending = this.pending.filter((c) => c.id !== Number(ack[1]));
    if (route === 'media') {
      const field = (name: string) =>
        new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`).exec(body)?.[1];
      return this.answer(response, 201, {
        id: this.nextMedium++,
        mimeType: /Content-Type: video\/mp4/.test(body) ? 'video/mp4' : 'image/jpeg',
        mediaRequestId: 70,
        camera: Number(field('camera')),
        timestamp: field('timestamp'),
      });
    }
    this.answer(response, 204);
  }
}

const T = Date.now();
let channel: FakeChannel;
afterEach(() => channel?.stop());

function unitAt(url: string, logs: string[] = []) {
  const recordings = new Recordings(mkdtempSync(path.join(tmpdir(), 'units-')), 3_600_000);
  const recording = recordings.of('SN1');
  recording.replace(T - 7_200_000, [
    { t: T - 600_000, lat: 0, lon: 0, speed: 40 },
    { t: T - 500_000, lat: 0, lon: 0, speed: 80 },
  ]);
  const log = (message: string) => logs.push(message);
  const unit: DeviceUnit = {
    identifier: 'SN1',
    asset: 'Truck 1',
    api: new DeviceApi(url, 'dev_1_secret', log),
    recording,
    settings: DEFAULT_SETTINGS,
  };
  const services: UnitServices = {
    recordings,
    maker: new MediaMaker(log, new TaskQueue(2)),
    log,
    now: Date.now,
  };
  return { unit, services, logs };
}

const until = async (condition: () => boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const mediaRequest = (id: number, moment: number, cameraMask = 3) => ({
  id,
  kind: 'MEDIA_REQUEST' as const,
  payload: {
    mediaRequestId: 70,
    mediaType: 'PICTURE',
    duration: null,
    cameraMask,
    mediaTimestamp: new Date(moment).toISOString(),
  },
});

describe('the command loop', () => {
  it('acknowledges a media request, uploads each camera with the command id and says DONE', async () => {
    channel = new FakeChannel();
    const url = await channel.start();
    const { unit, services, logs } = unitAt(url);
    const stop = new AbortController();
    const loop = runCommandLoop(unit, services, {
      signal: stop.signal,
      health: new ChannelHealth(() => {}),
      wait: 1,
    });
    channel.give(mediaRequest(5, T - 550_000));
    await until(() => channel.bodies.some((b) => b.path === 'commands/5/result'));
    stop.abort();
    await loop;
    const sent = channel.bodies.map((b) => b.path);
    expect(sent[0]).toBe('commands/5/ack');
    expect(sent.slice(1, 2)).toEqual(['commands/5/progress']);
    expect(JSON.parse(channel.bodies[1]!.body)).toEqual({
      cameras: [
        { camera: 1, availability: 'UPLOADING' },
        { camera: 2, availability: 'UPLOADING' },
      ],
    });
    const uploads = channel.bodies.filter((b) => b.path === 'media');
    expect(uploads).toHaveLength(2);
    for (const { body } of uploads) {
      expect(body).toMatch(/name="transferReason"\r\n\r\nREQUESTED/);
      expect(body).toMatch(/name="commandId"\r\n\r\n5/);
      expect(body).toContain(`name="timestamp"\r\n\r\n${new Date(T - 550_000).toISOString()}`);
      expect(body).toContain('Content-Type: image/jpeg');
    }
    expect(JSON.parse(channel.bodies.at(-1)!.body)).toEqual({ status: 'DONE' });
    expect(logs).toEqual([]);
    await services.maker!.close();
  });

  it('answers a moment it does not hold NOT_AVAILABLE with the reason, and an unknown kind FAILED', async () => {
    channel = new FakeChannel();
    const url = await channel.start();
    const { unit, services } = unitAt(url);
    const stop = new AbortController();
    const loop = runCommandLoop(unit, services, {
      signal: stop.signal,
      health: new ChannelHealth(() => {}),
      wait: 1,
    });
    channel.give(mediaRequest(6, T - 5 * 3_600_000, 16));
    // A kind this simulator does not know (a newer server's).
    channel.give({ id: 7, kind: 'FIRMWARE_UPDATE' as CommandKind, payload: {} });
    await until(() => channel.bodies.filter((b) => b.path.endsWith('/result')).length === 2);
    stop.abort();
    await loop;
    const body = (path: string) => JSON.parse(channel.bodies.find((b) => b.path === path)!.body);
    expect(body('commands/6/progress')).toEqual({
      cameras: [
        {
          camera: 16,
          availability: 'NOT_AVAILABLE',
          reason: expect.stringMatching(/is no longer recorded: the device holds .* … /),
        },
      ],
    });
    expect(body('commands/6/result')).toEqual({ status: 'DONE' });
    expect(channel.bodies.some((b) => b.path === 'commands/7/ack')).toBe(true);
    expect(body('commands/7/result')).toEqual({ status: 'FAILED', reason: NOT_SUPPORTED });
    expect(channel.bodies.some((b) => b.path === 'media')).toBe(false);
    await services.maker!.close();
  });

  it('does not do a command twice when it is handed out again before its ack arrives', async () => {
    channel = new FakeChannel();
    channel.ignoreAcks = true;
    const url = await channel.start();
    const { unit, services } = unitAt(url);
    const stop = new AbortController();
    const loop = runCommandLoop(unit, services, {
      signal: stop.signal,
      health: new ChannelHealth(() => {}),
      wait: 1,
    });
    channel.give({ id: 8, kind: 'CONFIGURATION', payload: {} });
    await until(() => channel.calls.filter((c) => c === 'GET commands').length >= 4, 15_000);
    stop.abort();
    await loop;
    expect(channel.bodies.filter((b) => b.path === 'commands/8/result')).toHaveLength(1);
    // Handed out again and again, it is polled for at most once a second.
    expect(channel.calls.filter((c) => c === 'GET commands').length).toBeLessThan(8);
  });

  it('backs off while the server is away, says so once, and goes on when it is back', async () => {
    channel = new FakeChannel();
    channel.down = true;
    const url = await channel.start();
    const { unit, services } = unitAt(url);
    const said: string[] = [];
    const stop = new AbortController();
    const loop = runCommandLoop(unit, services, {
      signal: stop.signal,
      health: new ChannelHealth((message) => said.push(message)),
      wait: 1,
      random: () => 0.5,
    });
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    // At 0, 1 and 3 s: backing off, not flooding.
    expect(channel.calls.length).toBeGreaterThanOrEqual(2);
    expect(channel.calls.length).toBeLessThanOrEqual(3);
    expect(said).toEqual([
      expect.stringMatching(/^Device channel: .*503.*restarting|Device channel: restarting/),
    ]);
    channel.down = false;
    channel.give({ id: 9, kind: 'MONITORING_REQUEST', payload: {} });
    await until(() => channel.bodies.some((b) => b.path === 'commands/9/result'), 10_000);
    expect(said).toEqual([expect.any(String), 'Device channel: the server answers again.']);
    stop.abort();
    await loop;
  }, 20_000);

  it('stops at once, its waiting poll aborted', async () => {
    channel = new FakeChannel();
    const url = await channel.start();
    const { unit, services } = unitAt(url);
    const stop = new AbortController();
    const loop = runCommandLoop(unit, services, {
      signal: stop.signal,
      health: new ChannelHealth(() => {}),
      wait: 25,
    });
    await until(() => channel.waiting.length === 1);
    const t0 = Date.now();
    stop.abort();
    await loop;
    expect(Date.now() - t0).toBeLessThan(500);
  });
});

describe('backoff', () => {
  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [5, 16_000],
    [6, 30_000],
    [20, 30_000],
  ])('after %i failures waits about %i ms', (failures, ms) => {
    expect(backoff(failures, () => 0.5)).toBe(ms);
    expect(backoff(failures, () => 0)).toBe(ms * 0.8);
    expect(backoff(failures, () => 1)).toBe(ms * 1.2);
  });
});
