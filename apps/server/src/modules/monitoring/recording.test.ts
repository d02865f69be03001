import { spawn } from 'node:child_process';
import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters } from 'werift';
import type { AssetMonitoring, DeviceCommand, DeviceMonitoring } from '@fleet/contract';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { findJanus } from '../video-gateway/index.js';
import { findFfmpeg } from '../../lib/ffmpeg.js';

/**
 * A camera publishes into the live room (werift fed by ffmpeg RTP, as a vehicle would), the
 * monitoring ends, and the recording becomes a playable H.264 MP4 medium of the monitoring.
 */
const janusInstalled = findJanus('janus') !== undefined && findJanus('janus-pp-rec') !== undefined;
if (!janusInstalled && process.env.CI === 'true') {
  throw new Error('Janus and janus-pp-rec are not installed, but CI tests live video');
}

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

/** The Janus HTTP API as a device uses it: a session, a handle, messages and events. */
async function janusPublisher(url: string, room: number, pin: string, display: string) {
  const post = async (path: string, body: object) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, transaction: Math.random().toString(36).slice(2) }),
    });
    return (await response.json()) as { data: { id: number } };
  };
  const session = (await post('', { janus: 'create' })).data.id;
  const handle = (await post(`/${session}`, { janus: 'attach', plugin: 'janus.plugin.videoroom' }))
    .data.id;

  const pc = new RTCPeerConnection({
    codecs: {
      video: [
        new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, payloadType: 96 }),
      ],
      audio: [],
    },
  });
  const track = new MediaStreamTrack({ kind: 'video' });
  pc.addTransceiver(track, { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise<void>((resolve) => {
    if (pc.iceGatheringState === 'complete') resolve();
    pc.iceGatheringStateChange.subscribe((state) => state === 'complete' && resolve());
  });
  await post(`/${session}/${handle}`, {
    janus: 'message',
    body: {
      request: 'joinandconfigure',
      ptype: 'publisher',
      room,
      pin,
      display,
      audio: false,
      video: true,
      filename: `${display}-${Date.now()}`,
    },
    jsep: { type: 'offer', sdp: pc.localDescription!.sdp },
  });
  let answer: { type: 'answer'; sdp: string } | undefined;
  for (let i = 0; i < 20 && !answer; i++) {
    const events = await fetch(`${url}/${session}?maxev=5`).then((r) => r.json());
    for (const event of [events].flat() as { jsep?: { type: 'answer'; sdp: string } }[])
      if (event.jsep) answer = event.jsep;
  }
  if (!answer) throw new Error('Janus gave no answer to the publish');
  await pc.setRemoteDescription(answer);

  // ffmpeg's VP8 RTP over loopback UDP into the track (werift rewrites SSRC and payload type).
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((r) => socket.bind(0, '127.0.0.1', r));
  socket.on('message', (packet) => track.writeRtp(packet));
  const port = (socket.address() as AddressInfo).port;
  const ffmpeg = spawn(
    findFfmpeg()!,
    [
      '-hide_banner',
      '-re',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=15',
      '-t',
      '5',
      '-c:v',
      'libvpx',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-threads',
      '1',
      '-g',
      '15',
      '-b:v',
      '300k',
      '-an',
      '-f',
      'rtp',
      `rtp://127.0.0.1:${port}?pkt_size=1200`,
    ],
    { stdio: 'ignore' },
  );
  const done = new Promise<void>((resolve) => ffmpeg.on('close', () => resolve()));
  return {
    done,
    close: async () => {
      ffmpeg.kill('SIGKILL');
      socket.close();
      await pc.close();
    },
  };
}

describe.skipIf(!janusInstalled)('a recording of the live feed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ JANUS: 'auto', JANUS_RTP_PORTS: '21200-21300' });
    await t.app.ready();
  }, 60_000);
  afterAll(() => t.close());

  it('becomes a playable H.264 MP4 medium of the monitoring', async () => {
    const seed = fleetSeed(t);
    const demo = await t.organisationId('Demo Transport');
    const asset = await seed.asset(demo);
    const device = await seed.device(demo);
    await seed.deviceLink(asset.id, device.id, ago(86_400));
    await seed.applySettings(device.credential);
    const auth = { authorization: `Bearer ${device.credential}` };
    await t.as('manager', {
      method: 'POST',
      url: `/api/assets/${asset.id}/assetmonitoringrequests`,
      payload: { liveFeed: true, liveFeedCameraMask: 1 },
    });
    const commands = await t.app.inject({
      method: 'GET',
      url: '/device-api/v1/commands',
      headers: auth,
    });
    const command = commands.json<{ commands: DeviceCommand[] }>().commands[0]!;
    const start = await t.app.inject({
      method: 'POST',
      url: '/device-api/v1/monitorings',
      headers: auth,
      payload: { commandId: command.id },
    });
    const monitoring = start.json<DeviceMonitoring>();
    const live = monitoring.liveFeed!;
    expect(live.available).toBe(true);

    const camera = await janusPublisher(live.gatewayUrl!, live.roomId!, live.pin!, 'FRONT');
    try {
      await camera.done;
      const participants = await t.app.services.videoGateway.participants(live.roomId!);
      expect(participants.map((p) => p.display)).toContain('FRONT');
    } finally {
      await camera.close();
    }
    await t.as('manager', { method: 'PUT', url: `/api/assetmonitorings/${monitoring.id}/end` });
    await t.app.services.monitoringJobs.runJobs();

    const ended = await t.as('manager', {
      method: 'GET',
      url: `/api/assetmonitorings/${monitoring.id}`,
    });
    const feed = ended.json<AssetMonitoring>().liveFeed!;
    expect(feed.recordingsPending).toBe(0);
    expect(feed.media).toEqual([{ mediaId: expect.any(Number), camera: 1 }]);
    const medium = await t.as('manager', {
      method: 'GET',
      url: `/api/media/${feed.media[0]!.mediaId}`,
    });
    expect(medium.json()).toMatchObject({
      mimeType: 'video/mp4',
      transferReason: 'MONITORING',
      camera: 1,
    });
    expect(medium.json().duration).toBeGreaterThan(2);
    // The monitoring view downloads it with its token.
    const token = ended.json<AssetMonitoring>().accessToken;
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/assetmonitorings/${monitoring.id}/media/${feed.media[0]!.mediaId}/download`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
  }, 60_000);
});
