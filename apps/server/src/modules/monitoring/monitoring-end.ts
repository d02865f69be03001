import type { MonitoringEndCommand, MonitoringEndReason } from '@fleet/contract';
import type { DeviceChannelService } from '../device-channel/index.js';
import type { MonitoringRepository } from './monitoring.repository.js';

/** The monitoring module's jobs (jobs/jobs.ts: `monitoring.<job>`). */
export type MonitoringJob = 'checks' | 'webhooks' | 'recordings';

/** A MONITORING_END command waits this long for an offline device (its next call says it too). */
const END_COMMAND_TTL_MS = 60 * 60_000;

/**
 * A monitoring's end, which users, token holders, the device and the checks job all reach,
 * and the wish for a job soon that ending or starting one makes.
 */
export class MonitoringEnd {
  private want: (job: MonitoringJob) => void = () => undefined;

  constructor(
    private readonly repository: MonitoringRepository,
    private readonly channel: DeviceChannelService,
  ) {}

  /**
   * Ends it once; the device hears of it by a MONITORING_END command (unless it ended it) and
   * by the answer to its next call. The room and the recordings follow in the background.
   */
  async end(id: number, by: MonitoringEndReason): Promise<boolean> {
    const ended = await this.repository.end(id, by, (executor, deviceId) => {
      if (by === 'DEVICE') return Promise.resolve();
      const payload: MonitoringEndCommand = { monitoringId: id };
      return this.channel.send(
        deviceId,
        'MONITORING_END',
        payload,
        new Date(Date.now() + END_COMMAND_TTL_MS),
        executor,
      );
    });
    if (ended) this.want('checks');
    return ended;
  }

  /** Asks for one of the monitoring jobs soon. */
  wantJob(job: MonitoringJob): void {
    this.want(job);
  }

  /** The job runner gives how to ask for a job; nothing is asked before. */
  onJobWanted(want: (job: MonitoringJob) => void): void {
    this.want = want;
  }
}
