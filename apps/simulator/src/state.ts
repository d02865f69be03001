import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { VehicleSnapshot } from './schedule.js';

/**
 * What the simulator must remember between runs, in a JSON file next to the
 * server's data: device credentials (the server shows each only once) and
 * where every vehicle is with its counters, so that after a restart the
 * counters go on from where they were instead of going back.
 */
export interface VehicleState {
  deviceId: number;
  identifier: string;
  assetId: number;
  organisation: string;
  /** index of the vehicle in its organisation's fleet */
  index: number;
  credential?: string;
  /** the driver behind the wheel in live mode: index in the organisation's drivers, null for nobody */
  driver?: number | null;
  /** parked here, after the last trip sent */
  snapshot?: VehicleSnapshot;
  /** a live trip under way: leg planned from `snapshot` at `legStart` */
  legStart?: number;
  /**
   * the configuration values the leg under way drives by: those at its start, then each that
   * came on the way with the moment the unit applied it (so a leg driven again after a restart
   * repeats what was sent)
   */
  legSettings?: { at: number; values: Record<string, string> }[];
  /** the configuration values the unit applied last (`service.parameter`), over the defaults */
  settings?: Record<string, string>;
  /** the monitoring under way when the simulator stopped: it goes on after a restart */
  monitoring?: number;
}

export interface SimulatorState {
  version: 1;
  /** the server these devices live on */
  url: string;
  seed: number;
  seeding?: { status: 'started' | 'done'; until: number; days: number };
  vehicles: Record<string, VehicleState>;
}

export class StateFile {
  constructor(readonly file: string) {}

  load(url: string, seed: number): SimulatorState {
    let state: SimulatorState | undefined;
    try {
      state = JSON.parse(readFileSync(this.file, 'utf8')) as SimulatorState;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw new Error(
          `Cannot read the simulator state ${this.file}: ${(error as Error).message}`,
        );
      }
    }
    // Another server's devices mean nothing here.
    if (!state || state.version !== 1 || state.url !== url)
      return { version: 1, url, seed, vehicles: {} };
    return state;
  }

  /** Written whole to a temporary file and renamed, so a crash never leaves half a file. */
  save(state: SimulatorState): void {
    mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(state, null, 1), { mode: 0o600 });
    renameSync(temporary, this.file);
  }
}
