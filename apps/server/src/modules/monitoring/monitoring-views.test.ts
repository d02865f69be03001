import { describe, expect, it } from 'vitest';
import { isLive, period, toDeviceMonitoring, toMonitoring, toRequest } from './monitoring-views.js';
import type { MonitoringRow, RequestRow } from './monitoring.repository.js';

const start = new Date('2026-11-26T10:00:00Z');
const row = (change: Partial<MonitoringRow> = {}): MonitoringRow => ({
  id: 4,
  organisationId: 1,
  request_id: 3,
  asset_id: 2,
  device_id: 9,
  driver_id: null,
  control_room_identifier: null,
  tracing_frequency: 5,
  live_feed: true,
  camera_mask: 3,
  start_at: start,
  max_end_at: new Date('2026-11-26T11:00:00Z'),
  end_at: null,
  ended_by: null,
  room_id: '1234',
  room_pin: 'pin',
  room_secret: 'secret',
  live_feed_reason: null,
  finalized_at: null,
  webhook_state: 'NONE',
  webhook_attempts: 0,
  webhook_last_attempt_at: null,
  webhook_delivered_at: null,
  webhook_last_error: null,
  device_name: 'Unit',
  device_identifier: 'U-1',
  asset_name: 'Truck',
  driver_name: null,
  driver_phone: null,
  media: [],
  recordings_pending: 0,
  ...change,
});
const ended = { end_at: new Date('2026-11-26T10:30:00Z'), ended_by: 'USER' as const };
const ice = [{ urls: 'stun:example.org' }];

describe('isLive and the live feed the device and the viewer see', () => {
  it.each<[string, Partial<MonitoringRow>, boolean]>([
    ['a room and no problem', {}, true],
    ['no room', { room_id: null }, false],
    ['a problem with the room', { live_feed_reason: 'down' }, false],
    ['ended', ended, false],
  ])('%s', (_, change, live) => {
    const r = row(change);
    expect(isLive(r)).toBe(live);
    const device = toDeviceMonitoring(r, { deviceUrl: 'ws://gw', iceServers: () => ice });
    expect(device.liveFeed).toMatchObject({
      available: live,
      gatewayUrl: live ? 'ws://gw' : null,
      roomId: live ? 1234 : null,
      pin: live ? 'pin' : null,
      iceServers: live ? ice : [],
    });
    if (r.end_at) expect(device.liveFeed!.reason).toBe('the monitoring ended');
  });

  it('no live feed asked: none to see', () => {
    const r = row({ live_feed: false, room_id: null });
    expect(toDeviceMonitoring(r, { iceServers: () => ice }).liveFeed).toBeNull();
    expect(toMonitoring(r, [], 'token').liveFeed).toBeNull();
  });

  it.each<[string, Partial<MonitoringRow>, object]>([
    ['active', {}, { roomId: 1234, joinPassphrase: 'pin', iceServers: ice }],
    ['ended', ended, { roomId: null, joinPassphrase: null }],
  ])('a viewer of an %s monitoring', (_, change, feed) => {
    const answer = toMonitoring(row(change), [], 'token', isLive(row(change)) ? ice : undefined);
    expect(answer.liveFeed).toMatchObject(feed);
    expect(answer.accessToken).toBe('token');
    if (change.end_at) expect(answer.liveFeed).not.toHaveProperty('iceServers');
  });
});

describe('toRequest', () => {
  const request = (state: RequestRow['state'], expiresAt: string): RequestRow => ({
    id: 1,
    organisationId: 1,
    asset_id: 2,
    device_id: 9,
    command_id: 7,
    requested_at: start,
    tracing_frequency: 5,
    live_feed: false,
    live_feed_camera_mask: 0,
    state,
    reason: null,
    requested_by: 'manager',
    acknowledged_at: null,
    expires_at: new Date(expiresAt),
    monitoring_id: null,
  });
  const now = Date.parse('2026-11-26T10:05:00Z');
  it.each<[RequestRow['state'], string, string, string | null]>([
    ['PENDING', '2026-11-26T10:10:00Z', 'PENDING', null],
    [
      'PENDING',
      '2026-11-26T10:05:00Z',
      'EXPIRED',
      'the device did not start the monitoring in time',
    ],
    ['ACTIVE', '2026-11-26T10:00:00Z', 'ACTIVE', null],
  ])('%s expiring %s is %s', (state, expiresAt, answered, reason) => {
    expect(toRequest(request(state, expiresAt), now)).toMatchObject({ state: answered, reason });
  });
});

describe('period', () => {
  it.each<[object, boolean]>([
    [{}, true],
    [{ from: '2026-11-01T00:00:00Z' }, true],
    [{ from: '2026-11-01T00:00:00Z', until: '2026-11-02T00:00:00Z' }, true],
    [{ from: '2026-11-02T00:00:00Z', until: '2026-11-02T00:00:00Z' }, false],
  ])('%j', (query, valid) => {
    if (valid) expect(() => period(query)).not.toThrow();
    else expect(() => period(query)).toThrow(/from must lie before until/);
  });
});
