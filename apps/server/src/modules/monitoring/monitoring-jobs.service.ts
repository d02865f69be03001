import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { MonitoringEndReason } from '@fleet/contract';
import type { MonitoringConfig } from '../../config.js';
import {
  storageKeys,
  type MediaFiles as MediaFilesRepository,
  type MediaStore,
} from '../media/index.js';
import type { OrganisationSettingsService } from '../organisation-settings/index.js';
import type { VideoGatewayService } from '../video-gateway/index.js';
import {
  cameraOfDisplay,
  EMPTY_RECORDING_BYTES,
  webhookDelaySeconds,
  webhookSignature,
} from './monitoring-rules.js';
import type { MonitoringRepository, MonitoringRow } from './monitoring.repository.js';
import type { MonitoringJob } from './monitoring-end.js';
import type { RecordingsRepository } from './recordings.repository.js';
import type { WebhookRepository } from './webhook.repository.js';

const MAX_RECORDING_ATTEMPTS = 3;

/** What the jobs ask of the monitorings themselves (MonitoringService). */
export interface Monitorings {
  end(id: number, by: MonitoringEndReason): Promise<boolean>;
  viewToken(row: MonitoringRow): Promise<string>;
}

/**
 * The monitoring module's background work, each part a job of the job runner
 * (jobs/background.ts): maximum durations and rooms after the end (`monitoring.checks`), the
 * control room's alarm webhook (`monitoring.webhooks`) and the recordings that become media
 * (`monitoring.recordings`). Every step claims its rows, so several servers share the work.
 */
export class MonitoringJobs {
  constructor(
    private readonly repository: MonitoringRepository,
    private readonly monitorings: Monitorings,
    private readonly settings: OrganisationSettingsService,
    private readonly gateway: VideoGatewayService,
    private readonly recordings: RecordingsRepository,
    private readonly webhooks: WebhookRepository,
    private readonly mediaFiles: MediaFilesRepository,
    private readonly mediaStore: MediaStore,
    private readonly config: MonitoringConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  private want: (job: MonitoringJob) => void = () => undefined;

  /** Asks for one of the monitoring jobs soon (the job runner gives this; nothing before). */
  onJobWanted(want: (job: MonitoringJob) => void): void {
    this.want = want;
  }

  /** `monitoring.checks`: ends monitorings past their maximum, then closes ended ones' rooms. */
  async checksJob(): Promise<void> {
    await this.endOverdue();
    await this.finalizeEnded();
    this.want('recordings');
  }

  /** `monitoring.recordings`: converts recordings; a stop kills the one under way (it runs again). */
  async recordingsJob(signal: AbortSignal): Promise<void> {
    const kill = () => this.recordings.killRunning();
    signal.addEventListener('abort', kill, { once: true });
    try {
      await this.convertRecordings();
    } finally {
      signal.removeEventListener('abort', kill);
    }
  }

  /** One round of every job; safe with several server processes on one database. */
  async runJobs(): Promise<void> {
    await this.endOverdue();
    await this.deliverAlarms();
    await this.finalizeEnded();
    await this.convertRecordings();
  }

  async endOverdue(): Promise<number> {
    let n = 0;
    for (let id = await this.repository.nextOverdue(); id !== undefined;) {
      if (await this.monitorings.end(id, 'MAX_DURATION')) n++;
      const next = await this.repository.nextOverdue();
      if (next === id) break;
      id = next;
    }
    return n;
  }

  async finalizeEnded(): Promise<void> {
    for (const m of await this.repository.claimUnfinalized(10)) {
      try {
        if (m.room_id !== null && m.room_secret !== null && this.gateway.configured) {
          await this.gateway.destroyRoom(Number(m.room_id), m.room_secret);
        }
        const dir = m.room_id === null ? null : this.gateway.recordingDir(m.id);
        const files = dir ? await this.recordings.list(dir) : [];
        await this.repository.finalize(m.id, files);
      } catch (error) {
        // The gateway is down: the lease runs out and the next round tries again.
        this.log.warn({ err: error, monitoring: m.id }, 'monitoring end not finalised yet');
      }
    }
  }

  async convertRecordings(): Promise<void> {
    for (
      let job = await this.repository.claimRecording();
      job;
      job = await this.repository.claimRecording()
    ) {
      try {
        await this.convert(job);
      } catch (error) {
        const message = (error as Error).message.slice(0, 500);
        this.log.error({ err: error, recording: job.file }, 'a recording could not be converted');
        await this.repository.finishRecording(job.id, {
          state: job.attempts >= MAX_RECORDING_ATTEMPTS ? 'FAILED' : 'PENDING',
          error: message,
        });
      }
    }
  }

  private async convert(job: { id: number; monitoring_id: number; file: string }) {
    const size = await this.recordings.size(job.file);
    if (size === undefined || size <= EMPTY_RECORDING_BYTES) {
      await this.repository.finishRecording(job.id, {
        state: 'SKIPPED',
        error: size === undefined ? 'the file is gone' : 'no media in the recording',
      });
      return;
    }
    const header = await this.recordings.header(job.file);
    if (!header || header.kind !== 'v') {
      await this.repository.finishRecording(job.id, {
        state: 'SKIPPED',
        error: 'not a video recording',
      });
      return;
    }
    // The display name when this Janus writes it into the header; otherwise the recording's
    // name, which the device sets to `<CAMERA>-<ms>` when it publishes (device-protocol.md).
    const named = path.basename(job.file).split('-')[0];
    const camera = [...header.texts, named].map(cameraOfDisplay).find((c) => c !== undefined);
    if (camera === undefined) {
      // The control room's own publisher, or a stranger: not a camera of the vehicle.
      await this.repository.finishRecording(job.id, { state: 'SKIPPED', error: 'not a camera' });
      return;
    }
    const context = await this.repository.recordingContext(job.monitoring_id);
    if (!context)
      return this.repository.finishRecording(job.id, {
        state: 'SKIPPED',
        error: 'monitoring gone',
      });
    const mp4 = await this.recordings.toMp4(job.file, header.codec, randomUUID());
    const thumbnail = this.mediaFiles.tempPath('.thumb.jpg');
    const timestamp = header.startedAt ?? context.start_at;
    const keys = storageKeys({
      organisationId: context.organisation_id,
      assetId: context.asset_id,
      timestamp,
      camera,
      mimeType: 'video/mp4',
    });
    let kept = false;
    try {
      const inspected = await this.mediaFiles.inspect(mp4, thumbnail);
      const bytes = (await this.recordings.size(mp4)) ?? 0;
      await this.mediaStore.put(keys.storageKey, mp4, 'video/mp4');
      await this.mediaStore.put(keys.thumbnailKey, thumbnail, 'image/jpeg');
      const stamp = timestamp.toISOString().replace(/[-:]/g, '').slice(0, 15);
      const medium = await this.repository.insertMedium({
        monitoringId: job.monitoring_id,
        assetId: context.asset_id,
        deviceId: context.device_id,
        driverId: context.driver_id,
        timestamp,
        camera,
        fileName: `${context.identifier}_monitoring${job.monitoring_id}_${camera}_${stamp}.mp4`,
        size: bytes,
        duration: inspected.duration,
        ...keys,
      });
      kept = medium.created;
      await this.repository.finishRecording(job.id, { state: 'DONE', camera, mediaId: medium.id });
      // The .mjr is kept until here: a server stopped mid-way converts it again.
      await this.recordings.remove(job.file);
    } finally {
      await this.recordings.remove(mp4, thumbnail);
      if (!kept) {
        await this.mediaStore.delete(keys.storageKey).catch(() => undefined);
        await this.mediaStore.delete(keys.thumbnailKey).catch(() => undefined);
      }
    }
  }

  /** Posts due alarms, signed; a failure is tried again later with backoff. */
  async deliverAlarms(): Promise<void> {
    for (const due of await this.repository.claimDueWebhooks(10)) {
      const row = await this.repository.find(due.id);
      if (!row) continue;
      const settings = await this.settings.of(row.organisationId);
      const attempt = due.webhook_attempts + 1;
      if (!settings.alarmWebhookUrl) {
        await this.repository.recordWebhookAttempt(row.id, {
          delivered: false,
          outcome: 'NO_WEBHOOK',
          nextInSeconds: undefined,
        });
        continue;
      }
      const token = await this.monitorings.viewToken(row);
      const body = JSON.stringify({
        type: 'MONITORING_STARTED',
        sentAt: new Date().toISOString(),
        attempt,
        controlRoomIdentifier: row.control_room_identifier,
        monitoringViewUrl: `${this.config.publicBaseUrl}/monitoring?t=${encodeURIComponent(token)}`,
        monitoring: {
          id: row.id,
          start: row.start_at.toISOString(),
          maxEnd: row.max_end_at.toISOString(),
          end: row.end_at?.toISOString() ?? null,
          tracingFrequency: row.tracing_frequency,
          liveFeed: row.live_feed,
        },
        asset: { id: row.asset_id, name: row.asset_name },
        device: { id: row.device_id, name: row.device_name, identifier: row.device_identifier },
        driver:
          row.driver_id === null
            ? null
            : { id: row.driver_id, name: row.driver_name, phone: row.driver_phone },
        organisationId: row.organisationId,
      });
      const headers: Record<string, string> = {
        'x-fleetwise-event': 'MONITORING_STARTED',
        'x-fleetwise-delivery': `${row.id}-${attempt}`,
      };
      if (settings.alarmWebhookSecret)
        headers['x-fleetwise-signature'] = webhookSignature(settings.alarmWebhookSecret, body);
      const delivery = await this.webhooks.post(settings.alarmWebhookUrl, body, headers);
      await this.repository.recordWebhookAttempt(row.id, {
        delivered: delivery.ok,
        outcome: delivery.outcome,
        // An address that is not allowed stays so until the settings change: no retries.
        nextInSeconds:
          delivery.ok || delivery.outcome === 'ADDRESS_NOT_ALLOWED'
            ? undefined
            : webhookDelaySeconds(attempt + 1),
      });
    }
  }
}
