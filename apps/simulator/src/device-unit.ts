import type { DeviceApi, Log } from './client.js';
import type { MediaMaker } from './media-maker.js';
import type { Recording, Recordings } from './recorder.js';
import type { DeviceSettings } from './settings.js';

/**
 * The camera unit of one simulated vehicle: what it knows of itself. Command
 * handlers and event media work on it; a CONFIGURATION command replaces its
 * `settings`.
 */
export interface DeviceUnit {
  identifier: string;
  /** the asset's name, drawn on pictures and clips */
  asset: string;
  api: DeviceApi;
  recording: Recording;
  settings: DeviceSettings;
  /** keeps the configuration values the unit applied (the simulator's state file) */
  keepSettings?: (values: Record<string, string>) => void;
  /** the unit works by new settings from now: a vehicle driving goes on by them at once */
  onSettings?: (values: Record<string, string>) => void;
  /** keeps the monitoring under way (undefined: none), so a restart goes on with it */
  keepMonitoring?: (id: number | undefined) => void;
  /** where the vehicle is at `t` (ms): driving its live leg, or parked; none: it does not know */
  position?: (t: number) => UnitPosition | undefined;
}

/** A position as the vehicle traces it. */
export interface UnitPosition {
  /** degrees × 100000 */
  latitude: number;
  longitude: number;
  /** km/h */
  speed: number;
  /** degrees from north */
  heading?: number;
}

/** What every unit of the simulator shares. */
export interface UnitServices {
  recordings: Recordings;
  /** none when the machine has no ffmpeg: requests then fail with that reason */
  maker?: MediaMaker;
  log: Log;
  now: () => number;
}
