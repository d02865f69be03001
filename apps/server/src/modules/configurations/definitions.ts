import {
  CAMERAS,
  encodeAlarmMask,
  encodeCameraMask,
  encodeEventMask,
  type SettingCategory,
  type SettingRule,
  type SettingService,
} from '@fleet/contract';
import {
  DEFAULT_SCORE_SETTINGS,
  SCORE_COMPONENTS,
  type ScoreComponent,
} from '../drivingstyle/index.js';

/**
 * Every device setting a configuration group can hold (spec §3 "Setting
 * identity"). Synchronised into device_configurations at start (insert the
 * missing, update category, description and default; never delete), so ids
 * stay stable. Type and bounds live only here: they are rules of this code,
 * not data, and the API answers them from here.
 *
 * Services:
 * - drivingstyleui: how the portal scores driving style (Weights, Factors;
 *   docs/scoring.md).
 * - drivingstyle2: how the unit measures the time counters it sends
 *   (Configurations).
 * - drivingstyle: when the unit raises events and counts states (Thresholds).
 * - fms: trips and the record rhythm (Trips, Periodical).
 * - camera: the camera unit (Incidents … Levels).
 */
export interface SettingDefinition extends SettingRule {
  service: SettingService;
  parameter: string;
  category: SettingCategory;
  /** One sentence a fleet manager understands, with the unit. */
  description: string;
  defaultValue: string;
}

export type SettingKey = `${string}.${string}`;
export const settingKey = (service: string, parameter: string): SettingKey =>
  `${service}.${parameter}`;

interface ComponentText {
  /** What the factor means, as the description of its setting. */
  factorMeaning: string;
  name: string;
}

/** The score's parts as the settings describe them; their defaults are the scoring's own. */
const COMPONENTS: Record<ScoreComponent, ComponentText> = {
  coast: {
    name: 'coasting',
    factorMeaning:
      'Share of driving time, in percent, spent coasting that earns the full coast score.',
  },
  cruise: {
    name: 'cruising',
    factorMeaning:
      'Share of driving time, in percent, spent cruising that earns the full cruise score.',
  },
  drivingBehavior: {
    name: 'anticipation (brake applications that do not end in a stop)',
    factorMeaning:
      'Brake applications per 100 km that do not end in a stop at which the driving-behaviour part of the harsh-brake score halves.',
  },
  harshAcceleration: {
    name: 'harsh accelerating',
    factorMeaning:
      'Harsh accelerations per 100 km at which their part of the harsh-acceleration score halves.',
  },
  harshBrake: {
    name: 'harsh braking',
    factorMeaning: 'Harsh brakes per 100 km at which their part of the harsh-brake score halves.',
  },
  harshPedalAcceleration: {
    name: 'harsh pedal use (pedal above the pedal threshold)',
    factorMeaning:
      'Share of driving time, in percent, with the pedal above the pedal threshold at which its part of the harsh-acceleration score halves.',
  },
  idle: {
    name: 'idling',
    factorMeaning:
      'Share of engine time, in percent, spent idling beyond the idle-time threshold at which the idle score halves.',
  },
  overRpm: {
    name: 'over-RPM driving',
    factorMeaning:
      'Share of driving time, in percent, above the RPM threshold at which the RPM score halves.',
  },
  overSpeed: {
    name: 'over-speed driving',
    factorMeaning:
      'Share of driving time, in percent, above the speed threshold at which the speed score halves.',
  },
};

export const weightParameter = (c: ScoreComponent) => `${c}Weight`;
export const factorParameter = (c: ScoreComponent) => `${c}Factor`;

const scoring: SettingDefinition[] = [
  ...SCORE_COMPONENTS.map((c): SettingDefinition => ({
    service: 'drivingstyleui',
    parameter: weightParameter(c),
    category: 'Weights',
    description: `How much ${COMPONENTS[c].name} counts in the total score, relative to the other weights (0 leaves it out).`,
    type: 'decimal',
    min: 0,
    max: 100,
    defaultValue: String(DEFAULT_SCORE_SETTINGS.weights[c]),
  })),
  ...SCORE_COMPONENTS.map((c): SettingDefinition => ({
    service: 'drivingstyleui',
    parameter: factorParameter(c),
    category: 'Factors',
    description: COMPONENTS[c].factorMeaning,
    type: 'decimal',
    min: 0.1,
    max: 1000,
    defaultValue: String(DEFAULT_SCORE_SETTINGS.factors[c]),
  })),
];

type Short = Omit<SettingDefinition, 'service' | 'category'>;
const group = (
  service: SettingService,
  category: SettingCategory,
  settings: Short[],
): SettingDefinition[] => settings.map((s) => ({ service, category, ...s }));

const int = (
  parameter: string,
  min: number,
  max: number,
  defaultValue: number,
  description: string,
): Short => ({
  parameter,
  type: 'integer',
  min,
  max,
  defaultValue: String(defaultValue),
  description,
});
const dec = (
  parameter: string,
  min: number,
  max: number,
  defaultValue: number,
  description: string,
): Short => ({
  parameter,
  type: 'decimal',
  min,
  max,
  defaultValue: String(defaultValue),
  description,
});
const bool = (parameter: string, defaultValue: boolean, description: string): Short => ({
  parameter,
  type: 'boolean',
  defaultValue: String(defaultValue),
  description,
});
const cameraMask = (parameter: string, defaultValue: number, description: string): Short => ({
  parameter,
  type: 'cameraMask',
  defaultValue: String(defaultValue),
  description,
});
const choice = (
  parameter: string,
  options: string[],
  defaultValue: string,
  description: string,
): Short => ({ parameter, type: 'enum', options, defaultValue, description });

// prettier-ignore
const configurations = group('drivingstyle2', 'Configurations', [
  dec('accelerationThreshold', 0.1, 5, 0.5, 'Forward acceleration, in m/s², above which the vehicle counts as accelerating.'),
  dec('brakeThreshold', 0.1, 5, 0.5, 'Deceleration, in m/s², above which the vehicle counts as decelerating.'),
  int('rpmThreshold', 500, 5000, 1700, 'Engine speed, in rpm, above which driving time counts as over-RPM time.'),
  int('speedThreshold', 10, 200, 85, 'Speed, in km/h, above which driving time counts as over-speed time.'),
  int('torqueThreshold', 10, 100, 90, 'Engine torque, in percent of the maximum, above which driving time counts as over-torque time.'),
  int('pedalThreshold', 10, 100, 90, 'Accelerator pedal position, in percent, above which driving time counts as harsh pedal time.'),
  int('accelerationTime', 0, 30, 2, 'Time, in seconds, an acceleration must last before it counts as acceleration time.'),
  int('decelerationTime', 0, 30, 2, 'Time, in seconds, a deceleration must last before it counts as deceleration time.'),
  int('driveSpeed', 1, 30, 5, 'Speed, in km/h, above which the vehicle counts as driving.'),
]);

// prettier-ignore
const thresholds = group('drivingstyle', 'Thresholds', [
  int('coastableDistance', 0, 5000, 100, 'Distance, in metres, the vehicle must roll without using fuel before it counts as coasting.'),
  int('cruiseTime', 1, 600, 30, 'Time, in seconds, the speed must stay steady before the vehicle counts as cruising.'),
  int('cruisableSpeed', 10, 150, 50, 'Lowest speed, in km/h, at which steady driving counts as cruising.'),
  int('idleTime', 0, 3600, 120, 'Time, in seconds, the engine may run while stationary before it counts as idling beyond the threshold and an idle start event is raised.'),
  int('overRpm', 500, 5000, 2000, 'Engine speed, in rpm, above which an over-RPM start event is raised.'),
  int('overSpeed', 10, 200, 90, 'Speed, in km/h, above which an over-speed start event is raised.'),
  dec('harshAccelerationSpeed', 1, 30, 8, 'Speed gain, in km/h per second, at which a harsh acceleration event is raised.'),
  int('stopSpeed', 0, 20, 3, 'Speed, in km/h, below which the vehicle counts as stopped.'),
  dec('brakeSpeed', 1, 40, 12, 'Speed loss, in km/h per second, at which a harsh brake event is raised.'),
  int('fuelLevelDelay', 0, 3600, 60, 'Time, in seconds, the fuel level must stay steady before it is recorded, so sloshing is ignored.'),
]);

// prettier-ignore
const trips = group('fms', 'Trips', [
  bool('fromIgnition', true, 'Start a trip when the ignition is switched on.'),
  int('ignitionTimeout', 0, 3600, 120, 'Time, in seconds, the ignition may be off before the trip ends.'),
  bool('fromMovement', false, 'Start a trip when the vehicle moves, even with the ignition off.'),
  bool('fromEngine', false, 'Start a trip when the engine starts running.'),
]);

// prettier-ignore
const periodical = group('fms', 'Periodical', [
  int('sendFrequencyMoving', 1, 3600, 30, 'Time, in seconds, between records while the vehicle moves.'),
  int('sendFrequencyNotMoving', 10, 86400, 900, 'Time, in seconds, between records while the vehicle stands still.'),
]);

// prettier-ignore
const incidents = group('camera', 'Incidents', [
  int('incidentRecordTime', 5, 120, 20, 'Length, in seconds, of the video the camera keeps around an incident.'),
  int('incidentMinimumSpeed', 0, 100, 10, 'Lowest speed, in km/h, at which the camera detects incidents.'),
  dec('incidentAcceleration', 1, 10, 3.5, 'Forward acceleration, in m/s², that the camera treats as an incident.'),
  dec('incidentBrake', 1, 10, 4.5, 'Deceleration, in m/s², that the camera treats as an incident.'),
]);

// prettier-ignore
const cameraChannel = (n: number): Short[] => [
  choice(`cam${n}Resolution`, ['CIF', 'D1', '720P', '1080P'], '720P', `Recording resolution of camera ${n}.`),
  choice(`cam${n}VideoMode`, ['AUTO', 'PAL', 'NTSC'], 'AUTO', `Video standard of camera ${n}; AUTO detects it.`),
  bool(`cam${n}Mirrored`, false, `Mirror the picture of camera ${n}, for a camera that looks backwards.`),
  int(`cam${n}Io`, 0, 8, 0, `Digital input (1 to 8) that shows camera ${n} on the display while it is on; 0 for none.`),
  int(`cam${n}Rank`, 1, 4, n, `Place of camera ${n} in the order of overlays on the display; 1 comes first.`),
  int(`cam${n}HideDelay`, 0, 600, 10, `Time, in seconds, camera ${n} stays on the display after its input goes off.`),
  cameraMask(`cam${n}OverlayCameraMask`, 0, `Cameras shown as a small picture inside the picture of camera ${n}.`),
];

// prettier-ignore
const camera = group('camera', 'Camera', [
  bool('alwaysRecord', true, 'Record continuously while the ignition is on, not only around events.'),
  cameraMask('recordMask', encodeCameraMask(CAMERAS), 'Cameras that record to the storage of the camera unit.'),
  cameraMask('displayMask', encodeCameraMask(['FRONT']), 'Cameras shown on the display in the cab.'),
  bool('osd', true, 'Print date, time and speed into the recorded video (on-screen display).'),
  bool('overlayRanking', false, 'Order the camera overlays on the display by each camera’s rank instead of by its number.'),
  bool('frontOverlayAfterIgnition', false, 'Show the front camera on the display when the ignition is switched on.'),
  int('canBusMask', 0, 3, 1, 'CAN buses the camera unit listens to: 1 for CAN 1, 2 for CAN 2, 3 for both, 0 for none.'),
  ...[1, 2, 3, 4].flatMap(cameraChannel),
]);

// prettier-ignore
const media = group('camera', 'Media', [
  bool('sendOverWifi', false, 'Send pictures and videos only over WiFi, to save mobile data.'),
  {
    parameter: 'eventCameraMask',
    type: 'eventMask',
    defaultValue: encodeEventMask({
      EMERGENCY_BRAKE: { picture: ['FRONT', 'DRIVER'], video: ['FRONT', 'DRIVER'] },
      HARSH_BRAKE: { picture: ['FRONT'], video: ['FRONT'] },
      HARSH_ACCELERATION: { picture: ['FRONT'] },
      OVER_SPEED_START: { picture: ['FRONT'] },
    }),
    description:
      'For each event, the cameras that take a picture and the cameras that send a video.',
  },
  int('videoDurationBeforeEvent', 0, 60, 10, 'Length, in seconds, of the video before an event.'),
  int('videoDurationAfterEvent', 0, 60, 10, 'Length, in seconds, of the video after an event.'),
]);

// prettier-ignore
const alarm = group('camera', 'Alarm', [
  {
    parameter: 'alarmCameraMask',
    type: 'alarmMask',
    defaultValue: String(encodeAlarmMask({ picture: [...CAMERAS], video: ['FRONT', 'DRIVER'] })),
    description: 'Cameras that take a picture and cameras that send a video when an alarm starts.',
  },
  int('videoDurationBeforeAlarm', 0, 60, 10, 'Length, in seconds, of the video before an alarm.'),
  int('videoDurationAfterAlarm', 0, 60, 20, 'Length, in seconds, of the video after an alarm.'),
  int('alarmSendFrequency', 1, 60, 5, 'Time, in seconds, between positions sent while an alarm is active.'),
]);

// prettier-ignore
const liveFeed = group('camera', 'Live Feed', [
  cameraMask('liveFeedCameraMask', encodeCameraMask(['FRONT']), 'Cameras that stream in a live feed unless the request names others.'),
  int('liveFeedVideoWidth', 160, 1920, 640, 'Width, in pixels, of the live video.'),
  int('liveFeedVideoHeight', 120, 1080, 480, 'Height, in pixels, of the live video.'),
  int('liveFeedFps', 1, 30, 15, 'Frames per second of the live video.'),
]);

// prettier-ignore
const levels = group('camera', 'Levels', [
  int('warningLevel', 0, 100, 60, 'Driving-style score, 0 to 100, below which the display in the cab warns the driver.'),
  int('criticalLevel', 0, 100, 40, 'Driving-style score, 0 to 100, below which the display in the cab gives the driver a critical warning.'),
]);

/** In the order of the settings page: by category (tab), then as listed. */
export const DEFINITIONS: readonly SettingDefinition[] = [
  ...scoring,
  ...configurations,
  ...thresholds,
  ...trips,
  ...periodical,
  ...incidents,
  ...camera,
  ...media,
  ...alarm,
  ...liveFeed,
  ...levels,
];

export const DEFINITION_BY_KEY: ReadonlyMap<SettingKey, SettingDefinition> = new Map(
  DEFINITIONS.map((d) => [settingKey(d.service, d.parameter), d]),
);

/** Position of each setting in DEFINITIONS, for ordering lists. */
export const DEFINITION_ORDER: ReadonlyMap<SettingKey, number> = new Map(
  DEFINITIONS.map((d, i) => [settingKey(d.service, d.parameter), i]),
);
