/**
 * The label and description of each device setting on the configuration-group settings page
 * (spec §2, §3), keyed by parameter. The four camera channels share one entry each, with the
 * channel as {{n}} (cam1Resolution … cam4Resolution → camResolution). The descriptions are the
 * server's (modules/configurations/definitions.ts), which the API answers; a test keeps them equal.
 */
export const settingTextsEn = {
  // Weights
  coastWeight: {
    label: 'Coast weight',
    description:
      'How much coasting counts in the total score, relative to the other weights (0 leaves it out).',
  },
  cruiseWeight: {
    label: 'Cruise weight',
    description:
      'How much cruising counts in the total score, relative to the other weights (0 leaves it out).',
  },
  drivingBehaviorWeight: {
    label: 'Driving behavior weight',
    description:
      'How much anticipation (brake applications that do not end in a stop) counts in the total score, relative to the other weights (0 leaves it out).',
  },
  harshAccelerationWeight: {
    label: 'Harsh acceleration weight',
    description:
      'How much harsh accelerating counts in the total score, relative to the other weights (0 leaves it out).',
  },
  harshBrakeWeight: {
    label: 'Harsh brake weight',
    description:
      'How much harsh braking counts in the total score, relative to the other weights (0 leaves it out).',
  },
  harshPedalAccelerationWeight: {
    label: 'Harsh pedal acceleration weight',
    description:
      'How much harsh pedal use (pedal above the pedal threshold) counts in the total score, relative to the other weights (0 leaves it out).',
  },
  idleWeight: {
    label: 'Idle weight',
    description:
      'How much idling counts in the total score, relative to the other weights (0 leaves it out).',
  },
  overRpmWeight: {
    label: 'Over RPM weight',
    description:
      'How much over-RPM driving counts in the total score, relative to the other weights (0 leaves it out).',
  },
  overSpeedWeight: {
    label: 'Over speed weight',
    description:
      'How much over-speed driving counts in the total score, relative to the other weights (0 leaves it out).',
  },
  // Factors
  coastFactor: {
    label: 'Coast factor',
    description:
      'Share of driving time, in percent, spent coasting that earns the full coast score.',
  },
  cruiseFactor: {
    label: 'Cruise factor',
    description:
      'Share of driving time, in percent, spent cruising that earns the full cruise score.',
  },
  drivingBehaviorFactor: {
    label: 'Driving behavior factor',
    description:
      'Brake applications per 100 km that do not end in a stop at which the driving-behaviour part of the harsh-brake score halves.',
  },
  harshAccelerationFactor: {
    label: 'Harsh acceleration factor',
    description:
      'Harsh accelerations per 100 km at which their part of the harsh-acceleration score halves.',
  },
  harshBrakeFactor: {
    label: 'Harsh brake factor',
    description: 'Harsh brakes per 100 km at which their part of the harsh-brake score halves.',
  },
  harshPedalAccelerationFactor: {
    label: 'Harsh pedal acceleration factor',
    description:
      'Share of driving time, in percent, with the pedal above the pedal threshold at which its part of the harsh-acceleration score halves.',
  },
  idleFactor: {
    label: 'Idle factor',
    description:
      'Share of engine time, in percent, spent idling beyond the idle-time threshold at which the idle score halves.',
  },
  overRpmFactor: {
    label: 'Over RPM factor',
    description:
      'Share of driving time, in percent, above the RPM threshold at which the RPM score halves.',
  },
  overSpeedFactor: {
    label: 'Over speed factor',
    description:
      'Share of driving time, in percent, above the speed threshold at which the speed score halves.',
  },
  // Configurations
  accelerationThreshold: {
    label: 'Acceleration threshold',
    description: 'Forward acceleration, in m/s², above which the vehicle counts as accelerating.',
  },
  brakeThreshold: {
    label: 'Brake threshold',
    description: 'Deceleration, in m/s², above which the vehicle counts as decelerating.',
  },
  rpmThreshold: {
    label: 'RPM threshold',
    description: 'Engine speed, in rpm, above which driving time counts as over-RPM time.',
  },
  speedThreshold: {
    label: 'Speed threshold',
    description: 'Speed, in km/h, above which driving time counts as over-speed time.',
  },
  torqueThreshold: {
    label: 'Torque threshold',
    description:
      'Engine torque, in percent of the maximum, above which driving time counts as over-torque time.',
  },
  pedalThreshold: {
    label: 'Pedal threshold',
    description:
      'Accelerator pedal position, in percent, above which driving time counts as harsh pedal time.',
  },
  accelerationTime: {
    label: 'Acceleration time',
    description:
      'Time, in seconds, an acceleration must last before it counts as acceleration time.',
  },
  decelerationTime: {
    label: 'Deceleration time',
    description:
      'Time, in seconds, a deceleration must last before it counts as deceleration time.',
  },
  driveSpeed: {
    label: 'Drive speed',
    description: 'Speed, in km/h, above which the vehicle counts as driving.',
  },
  // Thresholds
  coastableDistance: {
    label: 'Coastable distance',
    description:
      'Distance, in metres, the vehicle must roll without using fuel before it counts as coasting.',
  },
  cruiseTime: {
    label: 'Cruise time',
    description:
      'Time, in seconds, the speed must stay steady before the vehicle counts as cruising.',
  },
  cruisableSpeed: {
    label: 'Cruisable speed',
    description: 'Lowest speed, in km/h, at which steady driving counts as cruising.',
  },
  idleTime: {
    label: 'Idle time',
    description:
      'Time, in seconds, the engine may run while stationary before it counts as idling beyond the threshold and an idle start event is raised.',
  },
  overRpm: {
    label: 'Over RPM',
    description: 'Engine speed, in rpm, above which an over-RPM start event is raised.',
  },
  overSpeed: {
    label: 'Over speed',
    description: 'Speed, in km/h, above which an over-speed start event is raised.',
  },
  harshAccelerationSpeed: {
    label: 'Harsh acceleration speed',
    description: 'Speed gain, in km/h per second, at which a harsh acceleration event is raised.',
  },
  stopSpeed: {
    label: 'Stop speed',
    description: 'Speed, in km/h, below which the vehicle counts as stopped.',
  },
  brakeSpeed: {
    label: 'Brake speed',
    description: 'Speed loss, in km/h per second, at which a harsh brake event is raised.',
  },
  fuelLevelDelay: {
    label: 'Fuel level delay',
    description:
      'Time, in seconds, the fuel level must stay steady before it is recorded, so sloshing is ignored.',
  },
  // Trips
  fromIgnition: {
    label: 'From ignition',
    description: 'Start a trip when the ignition is switched on.',
  },
  ignitionTimeout: {
    label: 'Ignition timeout',
    description: 'Time, in seconds, the ignition may be off before the trip ends.',
  },
  fromMovement: {
    label: 'From movement',
    description: 'Start a trip when the vehicle moves, even with the ignition off.',
  },
  fromEngine: {
    label: 'From engine',
    description: 'Start a trip when the engine starts running.',
  },
  // Periodical
  sendFrequencyMoving: {
    label: 'Send frequency moving',
    description: 'Time, in seconds, between records while the vehicle moves.',
  },
  sendFrequencyNotMoving: {
    label: 'Send frequency not moving',
    description: 'Time, in seconds, between records while the vehicle stands still.',
  },
  // Incidents
  incidentRecordTime: {
    label: 'Incident record time',
    description: 'Length, in seconds, of the video the camera keeps around an incident.',
  },
  incidentMinimumSpeed: {
    label: 'Incident minimum speed',
    description: 'Lowest speed, in km/h, at which the camera detects incidents.',
  },
  incidentAcceleration: {
    label: 'Incident acceleration',
    description: 'Forward acceleration, in m/s², that the camera treats as an incident.',
  },
  incidentBrake: {
    label: 'Incident brake',
    description: 'Deceleration, in m/s², that the camera treats as an incident.',
  },
  // Camera
  alwaysRecord: {
    label: 'Always record',
    description: 'Record continuously while the ignition is on, not only around events.',
  },
  recordMask: {
    label: 'Record mask',
    description: 'Cameras that record to the storage of the camera unit.',
  },
  displayMask: {
    label: 'Display mask',
    description: 'Cameras shown on the display in the cab.',
  },
  osd: {
    label: 'OSD',
    description: 'Print date, time and speed into the recorded video (on-screen display).',
  },
  overlayRanking: {
    label: 'Overlay ranking',
    description:
      'Order the camera overlays on the display by each camera’s rank instead of by its number.',
  },
  frontOverlayAfterIgnition: {
    label: 'Front overlay after ignition',
    description: 'Show the front camera on the display when the ignition is switched on.',
  },
  canBusMask: {
    label: 'CAN bus mask',
    description:
      'CAN buses the camera unit listens to: 1 for CAN 1, 2 for CAN 2, 3 for both, 0 for none.',
  },
  // Camera, per channel n (1 to 4)
  camResolution: {
    label: 'Camera {{n}} resolution',
    description: 'Recording resolution of camera {{n}}.',
  },
  camVideoMode: {
    label: 'Camera {{n}} video mode',
    description: 'Video standard of camera {{n}}; AUTO detects it.',
  },
  camMirrored: {
    label: 'Camera {{n}} mirrored',
    description: 'Mirror the picture of camera {{n}}, for a camera that looks backwards.',
  },
  camIo: {
    label: 'Camera {{n}} IO',
    description:
      'Digital input (1 to 8) that shows camera {{n}} on the display while it is on; 0 for none.',
  },
  camRank: {
    label: 'Camera {{n}} rank',
    description: 'Place of camera {{n}} in the order of overlays on the display; 1 comes first.',
  },
  camHideDelay: {
    label: 'Camera {{n}} hide delay',
    description: 'Time, in seconds, camera {{n}} stays on the display after its input goes off.',
  },
  camOverlayCameraMask: {
    label: 'Camera {{n}} overlay camera mask',
    description: 'Cameras shown as a small picture inside the picture of camera {{n}}.',
  },
  // Media
  sendOverWifi: {
    label: 'Send over WiFi',
    description: 'Send pictures and videos only over WiFi, to save mobile data.',
  },
  eventCameraMask: {
    label: 'Event camera mask',
    description:
      'For each event, the cameras that take a picture and the cameras that send a video.',
  },
  videoDurationBeforeEvent: {
    label: 'Video duration before event',
    description: 'Length, in seconds, of the video before an event.',
  },
  videoDurationAfterEvent: {
    label: 'Video duration after event',
    description: 'Length, in seconds, of the video after an event.',
  },
  // Alarm
  alarmCameraMask: {
    label: 'Alarm camera mask',
    description: 'Cameras that take a picture and cameras that send a video when an alarm starts.',
  },
  videoDurationBeforeAlarm: {
    label: 'Video duration before alarm',
    description: 'Length, in seconds, of the video before an alarm.',
  },
  videoDurationAfterAlarm: {
    label: 'Video duration after alarm',
    description: 'Length, in seconds, of the video after an alarm.',
  },
  alarmSendFrequency: {
    label: 'Alarm send frequency',
    description: 'Time, in seconds, between positions sent while an alarm is active.',
  },
  // Live Feed
  liveFeedCameraMask: {
    label: 'Live feed camera mask',
    description: 'Cameras that stream in a live feed unless the request names others.',
  },
  liveFeedVideoWidth: {
    label: 'Live feed video width',
    description: 'Width, in pixels, of the live video.',
  },
  liveFeedVideoHeight: {
    label: 'Live feed video height',
    description: 'Height, in pixels, of the live video.',
  },
  liveFeedFps: {
    label: 'Live feed FPS',
    description: 'Frames per second of the live video.',
  },
  // Levels
  warningLevel: {
    label: 'Warning level',
    description:
      'Driving-style score, 0 to 100, below which the display in the cab warns the driver.',
  },
  criticalLevel: {
    label: 'Critical level',
    description:
      'Driving-style score, 0 to 100, below which the display in the cab gives the driver a critical warning.',
  },
};
export type SettingTexts = typeof settingTextsEn;
export type SettingTextKey = keyof SettingTexts;
