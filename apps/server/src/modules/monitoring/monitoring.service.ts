import type {
  AccessTokenClaims,
  AssetMonitoringRequestInput,
  DatapointInput,
  MonitoringEndReason,
  MonitoringQuery,
} from '@fleet/contract';
import type { Viewer } from '../access/index.js';
import type { MonitoringDevices } from './monitoring-devices.service.js';
import type { MonitoringEnd, MonitoringJob } from './monitoring-end.js';
import type { MonitoringUsers } from './monitoring-users.service.js';
import type { MonitoringViewers } from './monitoring-viewers.service.js';
import type { MonitoringRow } from './monitoring.repository.js';

export type { Viewer };
export type { MonitoringJob };

/** The parts of live safety monitoring, each in a file of its own (index.ts makes them). */
export interface MonitoringParts {
  users: MonitoringUsers;
  viewers: MonitoringViewers;
  devices: MonitoringDevices;
  ending: MonitoringEnd;
}

/**
 * Live safety monitoring (docs/monitoring.md), the face the routes, the Janus proxy and the
 * jobs use. The work is in its parts: what signed-in users ask (MonitoringUsers), one
 * monitoring as its viewers use it (MonitoringViewers), the device's side (MonitoringDevices),
 * the live rooms (MonitoringRooms), the end (MonitoringEnd) and the background jobs
 * (MonitoringJobs).
 */
export class MonitoringService {
  private readonly users: MonitoringUsers;
  private readonly viewers: MonitoringViewers;
  private readonly devices: MonitoringDevices;
  private readonly ending: MonitoringEnd;

  constructor(parts: MonitoringParts) {
    this.users = parts.users;
    this.viewers = parts.viewers;
    this.devices = parts.devices;
    this.ending = parts.ending;
  }

  // ── Signed-in users ──────────────────────────────────────────────────────

  request(user: AccessTokenClaims, assetId: number, input: AssetMonitoringRequestInput) {
    return this.users.request(user, assetId, input);
  }

  requests(user: AccessTokenClaims, assetId: number, query: MonitoringQuery) {
    return this.users.requests(user, assetId, query);
  }

  list(user: AccessTokenClaims, by: 'asset' | 'driver', id: number, query: MonitoringQuery) {
    return this.users.list(user, by, id, query);
  }

  active(user: AccessTokenClaims, assetId: number) {
    return this.users.active(user, assetId);
  }

  token(user: AccessTokenClaims, id: number) {
    return this.viewers.token({ kind: 'user', user }, id);
  }

  // ── Viewers: a user or the monitoring token's holder ─────────────────────

  get(viewer: Viewer, id: number) {
    return this.viewers.get(viewer, id);
  }

  download(viewer: Viewer, id: number, mediaId: number, rangeHeader?: string) {
    return this.viewers.download(viewer, id, mediaId, rangeHeader);
  }

  endByViewer(viewer: Viewer, id: number) {
    return this.viewers.endByViewer(viewer, id);
  }

  enhance(viewer: Viewer, id: number, camera: number) {
    return this.viewers.enhance(viewer, id, camera);
  }

  assertMayUseGateway(viewer: Viewer) {
    return this.viewers.assertMayUseGateway(viewer);
  }

  assertMayWatch(viewer: Viewer, room: number) {
    return this.viewers.assertMayWatch(viewer, room);
  }

  viewToken(row: MonitoringRow) {
    return this.viewers.viewToken(row);
  }

  // ── The device's side ────────────────────────────────────────────────────

  startByDevice(deviceId: number, commandId: number) {
    return this.devices.startByDevice(deviceId, commandId);
  }

  deviceView(deviceId: number, id: number) {
    return this.devices.deviceView(deviceId, id);
  }

  positionsByDevice(deviceId: number, id: number, positions: readonly DatapointInput[]) {
    return this.devices.positionsByDevice(deviceId, id, positions);
  }

  endByDevice(deviceId: number, id: number) {
    return this.devices.endByDevice(deviceId, id);
  }

  // ── Ending and jobs ──────────────────────────────────────────────────────

  end(id: number, by: MonitoringEndReason) {
    return this.ending.end(id, by);
  }

  /** Asks for one of the monitoring jobs soon (the job runner gives this; nothing before). */
  onJobWanted(want: (job: MonitoringJob) => void): void {
    this.ending.onJobWanted(want);
  }
}
