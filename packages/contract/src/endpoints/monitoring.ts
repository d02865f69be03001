import { Type } from 'typebox';
import {
  DeviceMonitoring,
  MonitoringPositions,
  MonitoringPositionsResult,
  StartMonitoring,
} from '../device-api.js';
import { Binary, endpoint, NoContent } from '../endpoint.js';
import {
  AssetMonitoring,
  AssetMonitoringList,
  AssetMonitoringRequest,
  AssetMonitoringRequestInput,
  AssetMonitoringRequestList,
  EnhanceVideoInput,
  MonitoringAccessToken,
  MonitoringQuery,
} from '../monitoring.js';
import { Id, IdParams } from '../organisations.js';

/** Live monitoring (spec §7, docs/monitoring.md). */
const tags = ['monitoring'];
const FAILURES = [400, 401, 403, 404] as const;

// ── Calls only a signed-in user makes ──────────────────────────────────────

export const request = endpoint('POST', '/assets/:id/assetmonitoringrequests', {
  tags,
  summary: 'Ask the vehicle for a live monitoring (409 while one is active or waiting to start)',
  params: IdParams,
  body: AssetMonitoringRequestInput,
  ok: { 201: AssetMonitoringRequest },
  errors: [...FAILURES, 409],
});

export const requests = endpoint('GET', '/assets/:id/assetmonitoringrequests', {
  tags,
  summary: 'Monitoring requests of an asset, requested within [from, until), newest first',
  params: IdParams,
  querystring: MonitoringQuery,
  ok: { 200: AssetMonitoringRequestList },
  errors: FAILURES,
});

export const ofAsset = endpoint('GET', '/assets/:id/assetmonitorings', {
  tags,
  summary: 'Monitorings of an asset, started within [from, until), newest first',
  params: IdParams,
  querystring: MonitoringQuery,
  ok: { 200: AssetMonitoringList },
  errors: FAILURES,
});

export const ofDriver = endpoint('GET', '/drivers/:id/assetmonitorings', {
  tags,
  summary:
    'Monitorings of a driver (linked when they started), started within [from, until), newest first',
  params: IdParams,
  querystring: MonitoringQuery,
  ok: { 200: AssetMonitoringList },
  errors: FAILURES,
});

export const active = endpoint('GET', '/assets/:id/assetmonitorings/active', {
  tags,
  summary: "The asset's active monitoring; 404 when none is active",
  params: IdParams,
  ok: { 200: AssetMonitoring },
  errors: FAILURES,
});

export const token = endpoint('GET', '/assetmonitorings/:id/token', {
  tags,
  summary: 'A token that opens this one monitoring (the monitoring view link)',
  params: IdParams,
  ok: { 200: MonitoringAccessToken },
  errors: FAILURES,
});

// ── The monitoring view: a session or the monitoring's token ───────────────

const view = {
  tags,
  security: [{ bearer: [] }, { monitoringToken: [] }] as Record<string, string[]>[],
  params: IdParams,
};

export const get = endpoint('GET', '/assetmonitorings/:id', {
  ...view,
  summary: 'One monitoring with its positions, live room and recordings (session or its token)',
  ok: { 200: AssetMonitoring },
  errors: FAILURES,
});

export const end = endpoint('PUT', '/assetmonitorings/:id/end', {
  ...view,
  summary: 'End the monitoring (once; ending it again changes nothing)',
  ok: { 200: AssetMonitoring },
  errors: FAILURES,
});

export const enhanceVideo = endpoint('POST', '/assetmonitorings/:id/enhancevideo', {
  ...view,
  summary:
    "'Enhance video': the device sends that camera at a higher quality for a minute (while active)",
  body: EnhanceVideoInput,
  ok: { 202: NoContent },
  errors: [...FAILURES, 409],
});

export const MediumParams = Type.Object({ id: Id, mediaId: Id });

export const recording = endpoint('GET', '/assetmonitorings/:id/media/:mediaId/download', {
  ...view,
  summary: 'A recording of the monitoring (Range: bytes=a-b answers 206)',
  params: MediumParams,
  ok: { 200: Binary, 206: Binary },
  errors: [...FAILURES, 416],
});

// ── The device's calls (docs/device-protocol.md, "Monitoring") ─────────────

const device = {
  base: 'device' as const,
  tags: ['device'],
  security: [{ device: [] }] as Record<string, string[]>[],
};
const DEVICE_FAILURES = [400, 401, 404] as const;

export const deviceStart = endpoint('POST', '/monitorings', {
  ...device,
  summary: 'Start the monitoring a MONITORING_REQUEST command asked for (again: the same one, 200)',
  body: StartMonitoring,
  ok: { 200: DeviceMonitoring, 201: DeviceMonitoring },
  errors: [...DEVICE_FAILURES, 409],
});

export const deviceGet = endpoint('GET', '/monitorings/:id', {
  ...device,
  summary: 'The monitoring: ended or not, and where to publish the cameras',
  params: IdParams,
  ok: { 200: DeviceMonitoring },
  errors: DEVICE_FAILURES,
});

export const devicePositions = endpoint('POST', '/monitorings/:id/positions', {
  ...device,
  summary: 'Positions at the tracing frequency (idempotent); ended: true says stop',
  params: IdParams,
  body: MonitoringPositions,
  ok: { 200: MonitoringPositionsResult },
  errors: DEVICE_FAILURES,
});

export const deviceEnd = endpoint('PUT', '/monitorings/:id/end', {
  ...device,
  summary: 'The device ends the monitoring (once)',
  params: IdParams,
  ok: { 200: DeviceMonitoring },
  errors: DEVICE_FAILURES,
});
