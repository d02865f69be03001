import type {
  CameraBit,
  CommandProgress,
  CommandResult,
  DeviceCommand,
  MediaItem,
} from '@fleet/contract';
import { cameraLook, camerasOfMask } from './cameras.js';
import { pause } from './client.js';
import type { DeviceUnit, UnitServices } from './device-unit.js';
import { NO_FFMPEG } from './media-maker.js';
import { clipSpan, coverage, speedAt, speedsPerSecond } from './recorder.js';

/**
 * A MEDIA_REQUEST command (docs/device-protocol.md): the device answers every
 * camera of the mask with a picture of the moment or a clip of `duration`
 * seconds around it (from duration / 2 before), uploaded with the command's
 * id, or NOT_AVAILABLE with the reason when it does not hold that moment.
 */

/** The payload as the device understands it. */
export interface MediaRequestPlan {
  mediaRequestId: number;
  video: boolean;
  /** seconds of clip; 0 for a picture */
  duration: number;
  cameras: CameraBit[];
  /** as sent: the medium's timestamp */
  mediaTimestamp: string;
  /** ms */
  moment: number;
  /** a person waits for it (anything but priority AUTOMATIC): made before the device's own media */
  urgent: boolean;
}

/** Longest clip the device makes, in seconds. */
const MAX_CLIP_SECONDS = 600;

/** The command's payload read, or why it cannot be. */
export function readMediaRequest(
  payload: Record<string, unknown>,
): { ok: true; plan: MediaRequestPlan } | { ok: false; reason: string } {
  const { mediaRequestId, mediaType, duration, cameraMask, mediaTimestamp, priority } = payload;
  if (!Number.isInteger(mediaRequestId)) return { ok: false, reason: 'no mediaRequestId' };
  if (mediaType !== 'PICTURE' && mediaType !== 'VIDEO')
    return { ok: false, reason: `unknown mediaType ${JSON.stringify(mediaType)}` };
  const video = mediaType === 'VIDEO';
  if (
    video &&
    (!Number.isInteger(duration) ||
      (duration as number) < 1 ||
      (duration as number) > MAX_CLIP_SECONDS)
  ) {
    return { ok: false, reason: `a video needs a duration of 1 to ${MAX_CLIP_SECONDS} seconds` };
  }
  let cameras: CameraBit[];
  try {
    cameras = camerasOfMask(cameraMask as number);
  } catch {
    return { ok: false, reason: `cameraMask ${JSON.stringify(cameraMask)} is not 1 to 31` };
  }
  const moment = typeof mediaTimestamp === 'string' ? Date.parse(mediaTimestamp) : NaN;
  if (!Number.isFinite(moment))
    return { ok: false, reason: `mediaTimestamp ${JSON.stringify(mediaTimestamp)} is not a time` };
  return {
    ok: true,
    plan: {
      mediaRequestId: mediaRequestId as number,
      video,
      duration: video ? (duration as number) : 0,
      cameras,
      mediaTimestamp: mediaTimestamp as string,
      moment,
      urgent: priority !== 'AUTOMATIC',
    },
  };
}

/** What the device will make: the span of each medium, or why it cannot. */
export type MediaPlan =
  | { ok: false; reason: string }
  | {
      ok: true;
      /** ms: the picture's moment or the clip's first frame */
      from: number;
      /** seconds of clip (a clip that would begin before the recording begins where it does) */
      seconds: number;
      /** ms: when the device has recorded all of it */
      readyAt: number;
    };

export function planMedia(
  plan: Pick<MediaRequestPlan, 'video' | 'duration' | 'moment'>,
  window: { from: number; until: number },
): MediaPlan {
  const held = coverage(plan.moment, window);
  if (!held.ok) return held;
  if (!plan.video) return { ok: true, from: held.moment, seconds: 0, readyAt: held.moment };
  const span = clipSpan(held.moment, plan.duration);
  const from = Math.max(span.from, window.from);
  return { ok: true, from, seconds: (span.until - from) / 1000, readyAt: span.until };
}

const short = (text: string) => (text.length > 480 ? `${text.slice(0, 477)}…` : text);

/** Answers a MEDIA_REQUEST: progress per camera, the uploads, and the result to post. */
export async function answerMediaRequest(
  command: DeviceCommand,
  unit: DeviceUnit,
  services: UnitServices,
  signal: AbortSignal,
): Promise<CommandResult> {
  const read = readMediaRequest(command.payload);
  if (!read.ok)
    return { status: 'FAILED', reason: short(`The request cannot be read: ${read.reason}`) };
  const request = read.plan;
  const planned = planMedia(request, services.recordings.window(unit.recording));
  const progress = (cameras: CommandProgress['cameras']) =>
    unit.api.progress(command.id, { cameras }, signal);
  if (!planned.ok) {
    await progress(
      request.cameras.map((camera) => ({
        camera: camera as CommandProgress['cameras'][number]['camera'],
        availability: 'NOT_AVAILABLE' as const,
        reason: short(planned.reason),
      })),
    );
    return { status: 'DONE' };
  }
  const { maker } = services;
  if (!maker) {
    await progress(
      request.cameras.map((camera) => ({
        camera,
        availability: 'FAILED' as const,
        reason: NO_FFMPEG,
      })),
    );
    return { status: 'FAILED', reason: NO_FFMPEG };
  }
  await progress(request.cameras.map((camera) => ({ camera, availability: 'UPLOADING' as const })));
  // A clip that ends after now is made once the vehicle has driven it (and the live loop recorded it).
  const wait = planned.readyAt + 2_000 - services.now();
  if (wait > 0) await pause(wait, signal);
  if (signal.aborted) return { status: 'FAILED', reason: 'the device was switched off' };

  const points = unit.recording.points;
  const failures: string[] = [];
  await Promise.all(
    request.cameras.map(async (camera) => {
      const name = cameraLook(camera).name;
      try {
        const shot = {
          camera,
          asset: unit.asset,
          start: planned.from,
          speeds: request.video
            ? speedsPerSecond(points, planned.from, planned.seconds)
            : [speedAt(points, planned.from)],
        };
        const options = { urgent: request.urgent, signal };
        const file = request.video
          ? await maker.video(shot, planned.seconds, options)
          : await maker.picture(shot, options);
        let item: MediaItem;
        try {
          item = await unit.api.uploadMedia(
            {
              timestamp: request.mediaTimestamp,
              camera,
              transferReason: 'REQUESTED',
              commandId: command.id,
            },
            file,
            signal,
          );
        } finally {
          await file.remove();
        }
        if (item.mediaRequestId !== request.mediaRequestId || item.mimeType !== file.mimeType) {
          // The server answered with a medium it had before (same camera, moment and reason).
          throw new Error(
            `the server kept an earlier ${item.mimeType === 'video/mp4' ? 'clip' : 'picture'} of this camera and moment (medium ${item.id}) instead`,
          );
        }
      } catch (error) {
        if (signal.aborted) return;
        const reason = short(`${name}: ${(error as Error).message}`);
        failures.push(reason);
        await progress([{ camera, availability: 'FAILED', reason }]).catch(() => {});
      }
    }),
  );
  if (signal.aborted) return { status: 'FAILED', reason: 'the device was switched off' };
  return failures.length
    ? { status: 'FAILED', reason: short(failures.join('; ')) }
    : { status: 'DONE' };
}
