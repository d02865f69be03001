import { createHmac } from 'node:crypto';
import { WebSocket } from 'ws';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetMonitoring, DeviceCommand, DeviceMonitoring } from '@fleet/contract';
import { buildApp } from '../../app.js';
import { createDb } from '../../db/database.js';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { findJanus } from './janus-process.repository.js';

/**
 * The `/janus` proxy with a real Janus: a caller reaches only the room of a live monitoring it
 * may read, no request lists or probes rooms, and a Janus session answers only to its maker.
 * Skipped without Janus, except in CI (video-gateway.test.ts says so).
 */
const janusInstalled = findJanus('janus') !== undefined;
const TURN_SECRET = 'shared-with-coturn';
const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

describe.skipIf(!janusInstalled)('the Janus proxy', () => {
  let t: TestApp;
  let seed: ReturnType<typeof fleetSeed>;
  /** A live monitoring of Polder Logistics (a customer beside Demo Transport). */
  let polder: AssetMonitoring;
  let polderToken: string;
  let tokens: Record<string, string>;

  const startMonitoring = async (organisation: string): Promise<AssetMonitoring> => {
    const org = await t.organisationId(organisation);
    const asset = await seed.asset(org);
    const device = await seed.device(org);
    await seed.deviceLink(asset.id, device.id, ago(86_400));
    await seed.applySettings(device.credential);
    const headers = { authorization: `Bearer ${device.credential}` };
    const requested = await t.as('oem', {
      method: 'POST',
      url: `/api/assets/${asset.id}/assetmonitoringrequests`,
      payload: { liveFeed: true, liveFeedCameraMask: 1 },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const polled = await t.app.inject({ method: 'GET', url: '/device-api/v1/commands', headers });
    const command = polled
      .json<{ commands: DeviceCommand[] }>()
      .commands.find((c) => c.kind === 'MONITORING_REQUEST')!;
    const started = await t.app.inject({
      method: 'POST',
      url: '/device-api/v1/monitorings',
      headers,
      payload: { commandId: command.id },
    });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json<DeviceMonitoring>().id;
    const read = await t.as('oem', { method: 'GET', url: `/api/assetmonitorings/${id}` });
    return read.json<AssetMonitoring>();
  };

  beforeAll(async () => {
    t = await createTestApp({
      JANUS: 'auto',
      JANUS_RTP_PORTS: '21200-21300',
      ICE_SERVERS: 'turn:turn.example.com:3478',
      TURN_SECRET: TURN_SECRET,
    });
    await t.app.ready();
    seed = fleetSeed(t);
    polder = await startMonitoring('Polder Logistics');
    expect(polder.liveFeed).toMatchObject({ available: true, roomId: expect.any(Number) });
    polderToken = polder.accessToken;
    tokens = {};
    for (const user of ['oem', 'manager', 'driver'])
      tokens[user] = (await t.login(user)).accessToken;
  }, 60_000);
  afterAll(() => t.close());

  let transactions = 0;
  const janus = (bearer: string, path: string, payload?: object) =>
    t.app.inject({
      method: payload ? 'POST' : 'GET',
      url: `/janus${path}`,
      headers: { authorization: `Bearer ${bearer}` },
      ...(payload ? { payload: { transaction: `t${++transactions}`, ...payload } } : {}),
    });

  /** A session and a VideoRoom handle of the caller: `/janus/{session}/{handle}`. */
  const handleOf = async (bearer: string) => {
    const created = await janus(bearer, '', { janus: 'create' });
    expect(created.statusCode, created.body).toBe(200);
    const session = created.json().data.id as number;
    const attached = await janus(bearer, `/${session}`, {
      janus: 'attach',
      plugin: 'janus.plugin.videoroom',
    });
    expect(attached.json(), attached.body).toMatchObject({ janus: 'success' });
    return { session, path: `/${session}/${attached.json().data.id as number}` };
  };
  const message = (bearer: string, path: string, body: object) =>
    janus(bearer, path, { janus: 'message', body });
  const join = (room: number, pin: string | null) => ({
    request: 'join',
    ptype: 'publisher',
    room,
    pin,
    display: 'ControlRoom',
  });

  it("lets the monitoring's token holder join its live room and hear that it joined", async () => {
    const { session, path } = await handleOf(polderToken);
    const { roomId, joinPassphrase } = polder.liveFeed!;
    const joined = await message(polderToken, path, join(roomId!, joinPassphrase));
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ janus: 'ack' });
    // janus.js's long-poll, with the token as its ?token= parameter
    const events = await t.app.inject({
      method: 'GET',
      url: `/janus/${session}?maxev=5&token=${encodeURIComponent(polderToken)}`,
    });
    expect(events.statusCode, events.body).toBe(200);
    const all = [events.json()].flat() as { plugindata?: { data?: { videoroom?: string } } }[];
    expect(all.map((e) => e.plugindata?.data?.videoroom)).toContain('joined');
  });

  it('gives TURN credentials of its own to whoever may watch, and none to anyone else', async () => {
    const asToken = await t.app.inject({
      method: 'GET',
      url: `/api/assetmonitorings/${polder.id}`,
      headers: { authorization: `Bearer ${polderToken}` },
    });
    const [turn] = asToken.json<AssetMonitoring>().liveFeed!.iceServers!;
    expect(turn).toEqual({
      urls: 'turn:turn.example.com:3478',
      username: expect.stringMatching(new RegExp(`^\\d{10}:monitoring-${polder.id}$`)),
      credential: expect.any(String),
    });
    // the TURN server checks it with the same secret (coturn use-auth-secret)
    expect(turn!.credential).toBe(
      createHmac('sha1', TURN_SECRET).update(turn!.username!).digest('base64'),
    );
    expect(Number(turn!.username!.split(':')[0]) * 1000).toBeGreaterThan(Date.now() + 86_000_000);
    const asOem = await t.as('oem', { method: 'GET', url: `/api/assetmonitorings/${polder.id}` });
    expect(asOem.json<AssetMonitoring>().liveFeed!.iceServers![0]!.username).toMatch(/:user-\d+$/);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(anonymous.json().liveVideo.iceServers).toEqual([]);
  });

  it('lets a user of the organisation above in, as the portal does', async () => {
    const { path } = await handleOf(tokens.oem!);
    const { roomId, joinPassphrase } = polder.liveFeed!;
    const joined = await message(tokens.oem!, path, join(roomId!, joinPassphrase));
    expect(joined.statusCode, joined.body).toBe(200);
  });

  it("refuses another tenant's user the room, even with its number and pin", async () => {
    const { path } = await handleOf(tokens.manager!);
    const { roomId, joinPassphrase } = polder.liveFeed!;
    for (const body of [
      join(roomId!, joinPassphrase),
      { request: 'join', ptype: 'subscriber', room: roomId, pin: joinPassphrase, streams: [] },
      { request: 'start', room: roomId },
    ]) {
      const response = await message(tokens.manager!, path, body);
      expect(response.statusCode, `${body.request}: ${response.body}`).toBe(404);
      expect(response.json()).toEqual({
        code: 'NOT_FOUND',
        message: `Live room ${roomId} does not exist`,
      });
    }
    // a room that does not exist answers the same
    const none = await message(tokens.manager!, path, join(123456789, 'x'));
    expect(none.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Live room 123456789 does not exist',
    });
  });

  it('refuses every request that lists, probes, makes or changes rooms', async () => {
    const { path } = await handleOf(tokens.oem!);
    const { roomId } = polder.liveFeed!;
    for (const body of [
      { request: 'list' },
      { request: 'exists', room: roomId },
      { request: 'listparticipants', room: roomId },
      { request: 'listforwarders', room: roomId },
      { request: 'create', room: 4242 },
      { request: 'destroy', room: roomId },
      { request: 'kick', room: roomId, id: 1 },
      { request: 'rtp_forward', room: roomId, publisher_id: 1, host: '127.0.0.1' },
      { request: 'enable_recording', room: roomId, record: false },
    ]) {
      const response = await message(tokens.oem!, path, body);
      expect(response.statusCode, `${body.request}: ${response.body}`).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    // other plugins and Janus's own info and claim requests
    const created = await janus(tokens.oem!, '', { janus: 'create' });
    const session = created.json().data.id as number;
    for (const [target, payload] of [
      [`/${session}`, { janus: 'attach', plugin: 'janus.plugin.streaming' }],
      [`/${session}`, { janus: 'claim' }],
      ['', { janus: 'info' }],
    ] as const) {
      expect((await janus(tokens.oem!, target, payload)).statusCode, payload.janus).toBe(403);
    }
    expect(await t.app.services.videoGateway.roomExists(4242)).toBe(false);
  });

  it('carries a session on through another server process on the same database and Janus, to its maker only', async () => {
    // A second server, as another process behind a load balancer: the same database, and this
    // Janus as its external one. The session made through the first answers through the second.
    const otherDb = createDb(t.databaseUrl, 2);
    const other = await buildApp({
      config: {
        ...t.config,
        videoGateway: {
          ...t.config.videoGateway,
          mode: 'external',
          url: t.app.services.videoGateway.url,
        },
      },
      db: otherDb,
    });
    try {
      const through = (bearer: string, path: string, payload?: object) =>
        other.inject({
          method: payload ? 'POST' : 'GET',
          url: `/janus${path}`,
          headers: { authorization: `Bearer ${bearer}` },
          ...(payload ? { payload: { transaction: `o${++transactions}`, ...payload } } : {}),
        });
      const created = await janus(polderToken, '', { janus: 'create' });
      const session = created.json().data.id as number;
      const attached = await through(polderToken, `/${session}`, {
        janus: 'attach',
        plugin: 'janus.plugin.videoroom',
      });
      expect(attached.statusCode, attached.body).toBe(200);
      expect(attached.json()).toMatchObject({ janus: 'success' });
      const stranger = await through(tokens.oem!, `/${session}`, {
        janus: 'attach',
        plugin: 'janus.plugin.videoroom',
      });
      expect(stranger.statusCode).toBe(404);
      // Destroyed through the second, it is gone for the first too.
      const destroyed = await through(polderToken, `/${session}`, { janus: 'destroy' });
      expect(destroyed.json(), destroyed.body).toMatchObject({ janus: 'success' });
      expect((await janus(polderToken, `/${session}?maxev=1`)).statusCode).toBe(404);
    } finally {
      await other.close();
      await otherDb.destroy();
    }
  });

  it('keeps a Janus session to the caller that made it', async () => {
    const { session, path } = await handleOf(polderToken);
    for (const bearer of [tokens.oem!, tokens.manager!]) {
      const poll = await janus(bearer, `/${session}?maxev=1`);
      expect(poll.statusCode, poll.body).toBe(404);
      const attach = await janus(bearer, `/${session}`, {
        janus: 'attach',
        plugin: 'janus.plugin.videoroom',
      });
      expect(attach.statusCode).toBe(404);
      const { roomId, joinPassphrase } = polder.liveFeed!;
      expect((await message(bearer, path, join(roomId!, joinPassphrase))).statusCode).toBe(404);
    }
    // a session number nobody made through the proxy
    expect((await janus(polderToken, '/1234567', { janus: 'keepalive' })).statusCode).toBe(404);
  });

  it('is not for a DRIVER, nor without a credential', async () => {
    const driver = await janus(tokens.driver!, '', { janus: 'create' });
    expect(driver.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/janus',
      payload: { janus: 'create', transaction: 'a' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("refuses an ended monitoring's token, though the token still opens its data", async () => {
    const ended = await startMonitoring('Polder Logistics');
    const token = ended.accessToken;
    const { path } = await handleOf(token);
    await t.as('oem', { method: 'PUT', url: `/api/assetmonitorings/${ended.id}/end` });
    // ended an hour ago: the token still reads the monitoring (MONITORING_TOKEN_HOURS) …
    await sql`UPDATE asset_monitorings SET start_at = now() - interval '2 hours',
                end_at = now() - interval '1 hour'
              WHERE id = ${ended.id}`.execute(t.db);
    const data = await t.app.inject({
      method: 'GET',
      url: `/api/assetmonitorings/${ended.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(data.statusCode).toBe(200);
    // … but opens no video: no new session, and its open one no longer answers
    const created = await janus(token, '', { janus: 'create' });
    expect(created.statusCode, created.body).toBe(403);
    const { roomId, joinPassphrase } = ended.liveFeed!;
    const joined = await message(token, path, join(roomId!, joinPassphrase));
    expect(joined.statusCode).toBe(403);
    // and the live token of another monitoring does not open this one's room
    expect(
      (
        await message(
          polderToken,
          (await handleOf(polderToken)).path,
          join(roomId!, joinPassphrase),
        )
      ).statusCode,
    ).toBe(404);
  });

  describe('over its WebSocket (/janus/ws)', () => {
    type Answer = {
      janus: string;
      transaction?: string;
      data?: { id: number };
      error?: { code: number; reason: string };
      plugindata?: { data?: { videoroom?: string } };
    };
    let base: string;
    beforeAll(async () => {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = address.replace(/^http/, 'ws');
    });

    /** A WebSocket as janus.js opens it: the token in the address and in every message. */
    const socketOf = async (bearer: string) => {
      const ws = new WebSocket(
        `${base}/janus/ws?token=${encodeURIComponent(bearer)}`,
        'janus-protocol',
      );
      const inbox: Answer[] = [];
      ws.on('message', (data) => inbox.push(JSON.parse(String(data)) as Answer));
      await new Promise((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      });
      /** The first message (after any ack) of the transaction, or that `matches`. */
      const next = async (matches: (a: Answer) => boolean) => {
        for (const until = Date.now() + 20_000; Date.now() < until;) {
          const index = inbox.findIndex(matches);
          if (index >= 0) return inbox.splice(index, 1)[0]!;
          await new Promise((r) => setTimeout(r, 20));
        }
        throw new Error(`no answer among ${JSON.stringify(inbox)}`);
      };
      const send = (message: object) => {
        const transaction = `ws${++transactions}`;
        ws.send(JSON.stringify({ ...message, transaction, token: bearer }));
        return next((a) => a.transaction === transaction && a.janus !== 'ack');
      };
      const handle = async () => {
        const created = await send({ janus: 'create' });
        expect(created, JSON.stringify(created)).toMatchObject({ janus: 'success' });
        const session = created.data!.id;
        const attached = await send({
          janus: 'attach',
          session_id: session,
          plugin: 'janus.plugin.videoroom',
        });
        expect(attached).toMatchObject({ janus: 'success' });
        return { session_id: session, handle_id: attached.data!.id };
      };
      return { ws, send, next, handle };
    };
    const refusal = async (bearer: string) => {
      const ws = new WebSocket(`${base}/janus/ws?token=${encodeURIComponent(bearer)}`, [
        'janus-protocol',
      ]);
      return new Promise<number>((resolve, reject) => {
        ws.once('unexpected-response', (_request, response) => resolve(response.statusCode!));
        ws.once('open', () => reject(new Error('the upgrade was accepted')));
      });
    };

    it("lets the monitoring's token holder join its live room, and hear that it joined", async () => {
      const socket = await socketOf(polderToken);
      const ids = await socket.handle();
      const { roomId, joinPassphrase } = polder.liveFeed!;
      const joined = await socket.send({
        janus: 'message',
        ...ids,
        body: join(roomId!, joinPassphrase),
      });
      expect(joined.plugindata?.data?.videoroom, JSON.stringify(joined)).toBe('joined');
      socket.ws.close();
    });

    it('refuses the upgrade without a credential, to a DRIVER and to an ended monitoring', async () => {
      expect(await refusal('not-a-token')).toBe(401);
      expect(await refusal(tokens.driver!)).toBe(403);
      const ended = await startMonitoring('Polder Logistics');
      await t.as('oem', { method: 'PUT', url: `/api/assetmonitorings/${ended.id}/end` });
      await sql`UPDATE asset_monitorings SET start_at = now() - interval '2 hours',
                  end_at = now() - interval '1 hour'
                WHERE id = ${ended.id}`.execute(t.db);
      expect(await refusal(ended.accessToken)).toBe(403);
    });

    it("refuses, message by message, another tenant's room, another caller's session and every room request", async () => {
      const stranger = await socketOf(tokens.manager!);
      const ids = await stranger.handle();
      const { roomId, joinPassphrase } = polder.liveFeed!;
      const room = await stranger.send({
        janus: 'message',
        ...ids,
        body: join(roomId!, joinPassphrase),
      });
      expect(room).toMatchObject({
        janus: 'error',
        error: { code: 403, reason: `Live room ${roomId} does not exist` },
      });
      for (const body of [
        { request: 'list' },
        { request: 'listparticipants', room: roomId },
        { request: 'create', room: 4243 },
        { request: 'destroy', room: roomId },
      ]) {
        const answer = await stranger.send({ janus: 'message', ...ids, body });
        expect(answer.janus, `${body.request}: ${JSON.stringify(answer)}`).toBe('error');
      }
      for (const message of [
        { janus: 'info' },
        { janus: 'claim', session_id: ids.session_id },
        { janus: 'attach', session_id: ids.session_id, plugin: 'janus.plugin.streaming' },
      ]) {
        expect((await stranger.send(message)).error?.code, message.janus).toBe(403);
      }
      // the token holder's session answers only on the token holder's socket
      const owner = await socketOf(polderToken);
      const theirs = await owner.handle();
      const taken = await stranger.send({
        janus: 'message',
        ...theirs,
        body: join(roomId!, joinPassphrase),
      });
      expect(taken.error?.reason).toBe(`Janus session ${theirs.session_id} does not exist`);
      expect(await t.app.services.videoGateway.roomExists(4243)).toBe(false);
      stranger.ws.close();
      owner.ws.close();
    });
  });
});
