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
 * The settings a simulated device works by: the defaults of the setting
 * definitions (apps/server/src/modules/configurations/definitions.ts) until a
 * CONFIGURATION command brings its group's values, which `applySettingValues`
 * applies (the simulator keeps the values it applied in its state file).
 */
export interface MediaSettings {
  /** the 60-bit event mask of spec §5 as a decimal string (layout in packages/contract/src/masks.ts) */
  eventCameraMask: string;
  /** seconds of video before an event */
  videoDurationBeforeEvent: number;
  /** seconds of video after an event */
  videoDurationAfterEvent: number;
}

/** When the unit raises events and what its counters count (drivingstyle and drivingstyle2). */
export interface ThresholdSettings {
  /** m/s²: accelerationTime / decelerationTime */
  acceleration: number;
  deceleration: number;
  /** rpm above which driving time counts as over-RPM time */
  rpmTime: number;
  /** km/h above which driving time counts as over-speed time */
  speedTime: number;
  /** rpm of an OVER_RPM_START event */
  overRpm: number;
  /** km/h of an OVER_SPEED_START event */
  overSpeed: number;
  /** s stationary with the engine running before IDLE_START */
  idle: number;
  /** s at a steady speed before it counts as cruising */
  cruise: number;
  /** km/h: lowest cruising speed */
  cruisable: number;
  /** % accelerator pedal: harsh pedal time */
  pedal: number;
  /** km/h lost in a second that makes a HARSH_BRAKE */
  harshBrake: number;
  /** km/h gained in a second that makes a HARSH_ACCELERATION */
  harshAcceleration: number;
}

/** How often the unit sends a PERIODIC record (fms Periodical), in seconds. */
export interface PeriodicalSettings {
  moving: number;
  notMoving: number;
}

/** The cameras of a live feed that names none (mask 0), and the live video's size. */
export interface LiveFeedSettings {
  cameraMask: number;
  width: number;
  height: number;
  fps: number;
}

export interface DeviceSettings {
  media: MediaSettings;
  thresholds: ThresholdSettings;
  periodical: PeriodicalSettings;
  liveFeed: LiveFeedSettings;
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
  thresholds: {
    acceleration: 0.5,
    deceleration: 0.5,
    rpmTime: 1700,
    speedTime: 85,
    overRpm: 2000,
    overSpeed: 90,
    idle: 120,
    cruise: 30,
    cruisable: 50,
    pedal: 90,
    harshBrake: 12,
    harshAcceleration: 8,
  },
  periodical: { moving: 30, notMoving: 900 },
  liveFeed: { cameraMask: 1, width: 640, height: 480, fps: 15 },
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

type Section = 'media' | 'thresholds' | 'periodical' | 'liveFeed';

/** The numeric settings the device works by: where each goes, its bounds (the definitions'), whole or not. */
const NUMBERS: Record<string, [Section, string, number, number, boolean]> = {
  'camera.videoDurationBeforeEvent': ['media', 'videoDurationBeforeEvent', 0, 60, true],
  'camera.videoDurationAfterEvent': ['media', 'videoDurationAfterEvent', 0, 60, true],
  'drivingstyle2.accelerationThreshold': ['thresholds', 'acceleration', 0.1, 5, false],
  'drivingstyle2.brakeThreshold': ['thresholds', 'deceleration', 0.1, 5, false],
  'drivingstyle2.rpmThreshold': ['thresholds', 'rpmTime', 500, 5000, true],
  'drivingstyle2.speedThreshold': ['thresholds', 'speedTime', 10, 200, true],
  'drivingstyle2.pedalThreshold': ['thresholds', 'pedal', 10, 100, true],
  'drivingstyle.overRpm': ['thresholds', 'overRpm', 500, 5000, true],
  'drivingstyle.overSpeed': ['thresholds', 'overSpeed', 10, 200, true],
  'drivingstyle.idleTime': ['thresholds', 'idle', 0, 3600, true],
  'drivingstyle.cruiseTime': ['thresholds', 'cruise', 1, 600, true],
  'drivingstyle.cruisableSpeed': ['thresholds', 'cruisable', 10, 150, true],
  'drivingstyle.brakeSpeed': ['thresholds', 'harshBrake', 1, 40, false],
  'drivingstyle.harshAccelerationSpeed': ['thresholds', 'harshAcceleration', 1, 30, false],
  'fms.sendFrequencyMoving': ['periodical', 'moving', 1, 3600, true],
  'fms.sendFrequencyNotMoving': ['periodical', 'notMoving', 10, 86400, true],
  'camera.liveFeedVideoWidth': ['liveFeed', 'width', 160, 1920, true],
  'camera.liveFeedVideoHeight': ['liveFeed', 'height', 120, 1080, true],
  'camera.liveFeedFps': ['liveFeed', 'fps', 1, 30, true],
};

/** The configuration's `{service: {parameter: value}}` as `service.parameter` keys. */
export function flattenSettings(
  settings: Record<string, Record<string, string>>,
): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [service, parameters] of Object.entries(settings ?? {})) {
    if (!parameters || typeof parameters !== 'object') continue;
    for (const [parameter, value] of Object.entries(parameters))
      if (typeof value === 'string') flat[`${service}.${parameter}`] = value;
  }
  return flat;
}

/**
 * The settings with a configuration's values applied, keyed `service.parameter`
 * as configuration groups hold them: the Media tab, the thresholds, the
 * Periodical frequencies and the Live Feed tab. Values the device cannot use
 * are ignored (it keeps what it had) and named in `ignored`; settings of other
 * tabs do not change what the simulator does.
 */
export function applySettingValues(
  settings: DeviceSettings,
  values: Record<string, string>,
): { settings: DeviceSettings; ignored: string[] } {
  const next: DeviceSettings = {
    media: { ...settings.media },
    thresholds: { ...settings.thresholds },
    periodical: { ...settings.periodical },
    liveFeed: { ...settings.liveFeed },
  };
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    const number = NUMBERS[key];
    if (number) {
      const [section, field, min, max, whole] = number;
      const parsed = Number(value.trim());
      if (
        value.trim() === '' ||
        !Number.isFinite(parsed) ||
        (whole && !Number.isInteger(parsed)) ||
        parsed < min ||
        parsed > max
      )
        ignored.push(key);
      else (next[section] as unknown as Record<string, number>)[field] = parsed;
      continue;
    }
    if (key === 'camera.eventCameraMask') {
      const mask = parseMask('eventMask', value);
      if (mask === undefined) ignored.push(key);
      else next.media.eventCameraMask = mask.toString();
    } else if (key === 'camera.liveFeedCameraMask') {
      const mask = parseMask('cameraMask', value);
      if (mask === undefined) ignored.push(key);
      else next.liveFeed.cameraMask = Number(mask);
    }
  }
  return { settings: next, ignored };
}
