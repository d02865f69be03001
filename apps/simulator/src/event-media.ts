import type { CameraBit, MaskEvent, MediaItem, RawRecordInput } from '@fleet/contract';
import { cameraLook } from './cameras.js';
import type { DeviceUnit, UnitServices } from './device-unit.js';
import { NO_FFMPEG, type MadeFile } from './media-maker.js';
import { speedAt, speedsPerSecond, type TrackPoint } from './recorder.js';
import { eventCapture, type EventCapture, type MediaSettings } from './settings.js';

/**
 * Media a vehicle sends by itself: for an event of the event mask (emergency
 * brake, harsh brake, harsh acceleration, over-speed start, over-RPM start,
 * idle start) the pictures and clips its Media settings ask for, with the
 * event as the transfer reason.
 */

export interface EventMoment {
  /** ms */
  at: number;
  event: MaskEvent;
  capture: EventCapture;
}

/** The events of these records that ask for media, in time order, within [from, until). */
export function eventMoments(
  records: RawRecordInput[],
  settings: MediaSettings,
  from = -Infinity,
  until = Infinity,
): EventMoment[] {
  const moments: EventMoment[] = [];
  for (const record of records) {
    if (!record.events?.length) continue;
    const at = Date.parse(record.timestamp);
    if (at < from || at >= until) continue;
    for (const { eventType } of record.events) {
      const capture = eventCapture(settings, eventType);
      if (capture) moments.push({ at, event: eventType as MaskEvent, capture });
    }
  }
  return moments.sort((a, b) => a.at - b.at);
}

/** One picture or clip of an event. */
export interface EventShot {
  /** ms: the event, the medium's timestamp */
  at: number;
  event: MaskEvent;
  camera: CameraBit;
  kind: 'picture' | 'video';
  /** ms: the clip's first frame (the event for a picture) */
  from: number;
  /** seconds of clip (0 for a picture) */
  seconds: number;
}

/** The pictures, then the clips, of one event. */
export function eventShots({ at, event, capture }: EventMoment): EventShot[] {
  return [
    ...capture.pictures.map((camera): EventShot => ({
      at,
      event,
      camera,
      kind: 'picture',
      from: at,
      seconds: 0,
    })),
    ...capture.videos.map((camera): EventShot => ({
      at,
      event,
      camera,
      kind: 'video',
      from: at - capture.before * 1000,
      seconds: capture.before + capture.after,
    })),
  ];
}

/** A shot with the speeds it draws, so the points it came from need not be kept. */
export interface ShotWithSpeeds extends EventShot {
  speeds: number[];
}

export const withSpeeds = (shot: EventShot, points: readonly TrackPoint[]): ShotWithSpeeds => ({
  ...shot,
  speeds:
    shot.kind === 'picture'
      ? [speedAt(points, shot.at)]
      : speedsPerSecond(points, shot.from, shot.seconds),
});

/**
 * Which events the demo seeding sends media for, in the order to send them:
 * in turns from every vehicle (so each one shows some), at most `events` in
 * all, and clips for at most `clips` of them (clips cost seconds of ffmpeg
 * each, pictures a fraction): the others send only their pictures. A vehicle's
 * turn takes its newest event with a clip while clips are left, otherwise its
 * events kind by kind (newest first), each vehicle starting at another kind,
 * so the demo shows every kind of event.
 */
export function seedEventPlan<T extends EventMoment>(
  perVehicle: T[][],
  events: number,
  clips: number,
): { vehicle: number; moment: T; clips: boolean }[] {
  const queues = perVehicle.map((moments, vehicle) => {
    const byKind = new Map<string, T[]>();
    for (const moment of [...moments].sort((a, b) => b.at - a.at)) {
      byKind.set(moment.event, [...(byKind.get(moment.event) ?? []), moment]);
    }
    const kinds = [...byKind.values()];
    const turn = kinds.length ? vehicle % kinds.length : 0;
    const rotated = [...kinds.slice(turn), ...kinds.slice(0, turn)];
    const queue: T[] = [];
    for (let i = 0; rotated.some((list) => i < list.length); i++) {
      for (const list of rotated) if (list[i]) queue.push(list[i]!);
    }
    return queue;
  });
  const plan: { vehicle: number; moment: T; clips: boolean }[] = [];
  let clipsLeft = clips;
  while (plan.length < events && queues.some((queue) => queue.length > 0)) {
    for (const [vehicle, queue] of queues.entries()) {
      if (plan.length >= events) break;
      const clip = queue.findIndex(
        (m) => m.capture.videos.length > 0 && m.capture.videos.length <= clipsLeft,
      );
      const [moment] = queue.splice(clip >= 0 ? clip : 0, 1);
      if (!moment) continue;
      const withClips = clip >= 0;
      if (withClips) clipsLeft -= moment.capture.videos.length;
      plan.push({ vehicle, moment, clips: withClips });
    }
  }
  return plan;
}

/**
 * The shots of an event to send one after the other, clips first: the server
 * keeps one medium per camera, moment and reason (docs/device-protocol.md), so
 * when the same camera takes a picture and a clip of an event the first one
 * sent is the one kept, and a clip shows more.
 */
export function shotsInOrder<T extends EventShot>(shots: T[], clips = true): T[] {
  return [
    ...(clips ? shots.filter((s) => s.kind === 'video') : []),
    ...shots.filter((s) => s.kind === 'picture'),
  ];
}

/** What the server did with an upload the device meant as new: a medium of another kind means it kept an earlier one. */
export function keptEarlier(item: MediaItem, sent: MadeFile['mimeType']): boolean {
  return item.mimeType !== sent;
}

/** Makes the shot and sends it with the event as transfer reason; answers the medium. */
export async function sendEventShot(
  shot: ShotWithSpeeds,
  unit: DeviceUnit,
  services: UnitServices,
  signal?: AbortSignal,
): Promise<MediaItem> {
  const { maker } = services;
  if (!maker) throw new Error(NO_FFMPEG);
  const look = { camera: shot.camera, asset: unit.asset, start: shot.from, speeds: shot.speeds };
  const file =
    shot.kind === 'picture'
      ? await maker.picture(look, { signal })
      : await maker.video(look, shot.seconds, { signal });
  try {
    const item = await unit.api.uploadMedia(
      {
        timestamp: new Date(shot.at).toISOString(),
        camera: shot.camera,
        transferReason: shot.event,
      },
      file,
      signal,
    );
    if (keptEarlier(item, file.mimeType)) {
      warnOnce(
        services,
        `The server kept the ${item.mimeType === 'video/mp4' ? 'clip' : 'picture'} it already had for ${cameraLook(shot.camera).name} at ${item.timestamp} (${shot.event}) instead of this ${shot.kind}: it knows a device's media by camera, moment and reason, not by type.`,
      );
    }
    return item;
  } finally {
    await file.remove();
  }
}

const warned = new WeakMap<UnitServices, Set<string>>();
function warnOnce(services: UnitServices, message: string) {
  const key = message.replace(/ at \S+ /, ' ');
  const seen = warned.get(services) ?? new Set<string>();
  warned.set(services, seen);
  if (seen.has(key)) return;
  seen.add(key);
  services.log(`${message} (said once)`);
}

/**
 * Event media of vehicles driving live: each event's media is made once the
 * clip's end has been driven and recorded, at most `limit` shots waiting at a
 * time (more are dropped, said once), so a burst of events never floods.
 */
export class LiveEventMedia {
  private waiting = 0;
  private dropped = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly sending = new Set<Promise<unknown>>();

  constructor(
    private readonly services: UnitServices,
    private readonly signal?: AbortSignal,
    /** ms after a clip's end before it is made: the live loop records every 10 s */
    private readonly settle = 12_000,
    private readonly limit = 30,
  ) {
    signal?.addEventListener('abort', () => this.timers.forEach(clearTimeout), { once: true });
  }

  /** Schedules the media of these records' events. */
  add(unit: DeviceUnit, records: RawRecordInput[]): void {
    if (!this.services.maker) return;
    for (const moment of eventMoments(records, unit.settings.media)) this.schedule(unit, moment);
  }

  private schedule(unit: DeviceUnit, moment: EventMoment): void {
    if (this.signal?.aborted) return;
    const shots = shotsInOrder(eventShots(moment));
    if (this.waiting + shots.length > this.limit) {
      if (!this.dropped) {
        this.services.log(
          `More than ${this.limit} event pictures and clips waiting: leaving some out.`,
        );
      }
      this.dropped = true;
      return;
    }
    this.waiting += shots.length;
    const due = moment.at + moment.capture.after * 1000 + this.settle;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        const sent = (async () => {
          for (const shot of shots) {
            try {
              if (this.signal?.aborted) return;
              await sendEventShot(
                withSpeeds(shot, unit.recording.points),
                unit,
                this.services,
                this.signal,
              );
            } catch (error) {
              if (!this.signal?.aborted) {
                this.services.log(
                  `${unit.asset}: event ${shot.kind} of ${cameraLook(shot.camera).name} not sent: ${(error as Error).message}`,
                );
              }
            } finally {
              this.waiting--;
            }
          }
        })().finally(() => this.sending.delete(sent));
        this.sending.add(sent);
      },
      Math.max(0, due - this.services.now()),
    );
    this.timers.add(timer);
  }

  /** Waits for what is being sent (timers not yet due are dropped by the abort). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.sending]);
  }
}
