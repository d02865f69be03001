import { forbidden, notFound } from '../../lib/http-error.js';
import type { CallerOf } from '../authn/index.js';
import type { AccessService } from './access.service.js';
import type { FleetAccess } from './fleet-access.js';

/** Who reads a monitoring: a signed-in user, or the holder of that monitoring's token. */
export type Viewer = CallerOf<'user' | 'monitoringToken'>;

interface MonitoringRecord {
  id: number;
  organisationId: number;
  end_at: Date | null;
  room_id: string | null;
}

/**
 * Who may read, end and watch a monitoring. A user: within its subtree (outside: 404 as if
 * missing), never a DRIVER (403). A monitoring token: its own monitoring only (another answers
 * 404). Watching the live room needs the monitoring to be live as well.
 */
export class MonitoringAccess {
  constructor(
    private readonly access: AccessService,
    private readonly fleetAccess: FleetAccess,
  ) {}

  async read<T extends MonitoringRecord>(viewer: Viewer, row: T | undefined, id: number) {
    return this.check(viewer, row, id, 'read');
  }

  /** Ending it: a user as for a write of a fleet record (so not a DRIVER); its token may. */
  async end<T extends MonitoringRecord>(viewer: Viewer, row: T | undefined, id: number) {
    return this.check(viewer, row, id, 'write');
  }

  /**
   * The live room `room` (a Janus VideoRoom number) and the monitoring it belongs to, found
   * while live (undefined: no live monitoring has it). Anything the caller may not watch
   * answers as a missing room, so room numbers cannot be probed.
   */
  async watch<T extends MonitoringRecord>(
    viewer: Viewer,
    live: T | undefined,
    room: number,
  ): Promise<T> {
    const missing = () => notFound(`Live room ${room} does not exist`);
    if (!live || live.end_at !== null || live.room_id === null || Number(live.room_id) !== room)
      throw missing();
    if (viewer.kind === 'monitoringToken') {
      if (viewer.monitoringId !== live.id) throw missing();
      return live;
    }
    if (!(await this.access.isWithin(viewer.user, live.organisationId))) throw missing();
    this.access.assertMayMonitor(viewer.user);
    return live;
  }

  /**
   * Using the video gateway at all (the `/janus` proxy, every call): a user who may monitor
   * (not a DRIVER: 403); a token only while its monitoring is live (403 once it has ended,
   * though the token still opens the monitoring's data for a while).
   */
  useGateway(viewer: Viewer, monitoring: { end_at: Date | null } | undefined): void {
    if (viewer.kind === 'user') return this.access.assertMayMonitor(viewer.user);
    if (!monitoring || monitoring.end_at !== null)
      throw forbidden('The monitoring has ended: its live video is closed');
  }

  private async check<T extends MonitoringRecord>(
    viewer: Viewer,
    row: T | undefined,
    id: number,
    intent: 'read' | 'write',
  ): Promise<T> {
    if (viewer.kind === 'monitoringToken') {
      if (!row || viewer.monitoringId !== id) throw notFound(`Monitoring ${id} does not exist`);
      return row;
    }
    const record = await this.fleetAccess.record(viewer.user, row, `Monitoring ${id}`, intent);
    this.access.assertMayMonitor(viewer.user);
    return record;
  }
}
