import {
  CAMERA_BITS,
  decodeEventMask,
  encodeEventMask,
  MASK_EVENTS,
  parseMask,
  type CameraBit,
  type EventType,
  type MaskEvent,
} from '@fleet/contract';

/**
 * The settings a simulated device works by. Until configuration changes reach
 * the devices (a CONFIGURATION command, a later issue) every device has the
 * defaults of the setting definitions (apps/server/src/modules/configurations/
 * definitions.ts, the camera service's Media tab); `applySettingValues` is
 * what such a command will call.
 */
export interface MediaSettings {
  /** the 60-bit event mask of spec §5 as a decimal string (layout in packages/contract/src/masks.ts) */
  eventCameraMask: string;
  /** seconds of video before an event */
  videoDurationBeforeEvent: number;
  /** seconds of video after an event */
  videoDurationAfterEvent: number;
}

export interface DeviceSettings {
  media: MediaSettings;
}

/**
 * The defaults of the definitions: a picture of the front camera for harsh
 * brakes, harsh accelerations and over-speed starts, a clip of it for harsh
 * brakes, and the driver camera as well for an emergency brake; 10 s before
 * and after. A test checks they equal the server's definitions.
 */
export const DEFAULT_SETTINGS: DeviceSettings = {
  media: {
    eventCameraMask: encodeEventMask({
      EMERGENCY_BRAKE: { picture: ['FRONT', 'DRIVER'], video: ['FRONT', 'DRIVER'] },
      HARSH_BRAKE: { picture: ['FRONT'], video: ['FRONT'] },
      HARSH_ACCELERATION: { picture: ['FRONT'] },
      OVER_SPEED_START: { picture: ['FRONT'] },
    }),
    videoDurationBeforeEvent: 10,
    videoDurationAfterEvent: 10,
  },
};

/** What the device sends by itself for one event: pictures, clips and the clips' span around it. */
export interface EventCapture {
  pictures: CameraBit[];
  videos: CameraBit[];
  /** seconds of video before the event */
  before: number;
  /** seconds of video after the event */
  after: number;
}

const isMaskEvent = (event: string): event is MaskEvent =>
  (MASK_EVENTS as readonly string[]).includes(event);

/** The media an event asks for under these settings; undefined when it asks for none. */
export function eventCapture(settings: MediaSettings, event: EventType): EventCapture | undefined {
  if (!isMaskEvent(event)) return undefined;
  const selection = decodeEventMask(settings.eventCameraMask)[event];
  const bits = (cameras: readonly (keyof typeof CAMERA_BITS)[]) =>
    cameras.map((camera) => CAMERA_BITS[camera] as CameraBit);
  const pictures = bits(selection.picture);
  // A clip of no seconds is no clip.
  const length = settings.videoDurationBeforeEvent + settings.videoDurationAfterEvent;
  const videos = length > 0 ? bits(selection.video) : [];
  if (pictures.length === 0 && videos.length === 0) return undefined;
  return {
    pictures,
    videos,
    before: settings.videoDurationBeforeEvent,
    after: settings.videoDurationAfterEvent,
  };
}

const SECONDS = { min: 0, max: 60 };

/**
 * The settings with a configuration's values applied: `camera.eventCameraMask`,
 * `camera.videoDurationBeforeEvent` and `camera.videoDurationAfterEvent`, keyed
 * `service.parameter` as configuration groups hold them. Values the device
 * cannot use are ignored (it keeps what it had) and named in `ignored`.
 */
export function applySettingValues(
  settings: DeviceSettings,
  values: Record<string, string>,
): { settings: DeviceSettings; ignored: string[] } {
  const media = { ...settings.media };
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    switch (key) {
      case 'camera.eventCameraMask': {
        const mask = parseMask('eventMask', value);
        if (mask === undefined) ignored.push(key);
        else media.eventCameraMask = mask.toString();
        break;
      }
      case 'camera.videoDurationBeforeEvent':
      case 'camera.videoDurationAfterEvent': {
        const seconds = Number(value.trim());
        if (
          value.trim() === '' ||
          !Number.isInteger(seconds) ||
          seconds < SECONDS.min ||
          seconds > SECONDS.max
        ) {
          ignored.push(key);
        } else if (key === 'camera.videoDurationBeforeEvent') {
          media.videoDurationBeforeEvent = seconds;
        } else {
          media.videoDurationAfterEvent = seconds;
        }
        break;
      }
      default:
      // Settings of other services and tabs do not change what the cameras send.
    }
  }
  return { settings: { ...settings, media }, ignored };
}
