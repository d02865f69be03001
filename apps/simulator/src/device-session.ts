import path from 'node:path';
import type { Organisation } from '@fleet/contract';
import { CredentialError, DeviceApi, MainApi, type Log, type SignIn } from './client.js';
import type { FleetVehicle, OrganisationFleet } from './demo-fleet.js';
import type { DeviceUnit, UnitServices } from './device-unit.js';
import { MediaMaker } from './media-maker.js';
import { DEFAULT_RECORDING_HOURS, Recordings } from './recorder.js';
import type { Output } from './schedule.js';
import { applySettingValues, DEFAULT_SETTINGS } from './settings.js';
import { StateFile, type SimulatorState, type VehicleState } from './state.js';

/**
 * The device session: the simulator signed in to a real server, with its state
 * file and the cameras' recordings. It makes sure the fleet's assets, drivers
 * and devices exist, and talks as each vehicle's device. Seeding (seeding.ts)
 * and live driving (live-driving.ts) both work through it.
 */

export interface SimulatorOptions {
  url: string;
  signIn: SignIn;
  /** JSON file with device credentials and vehicle positions; the recordings are kept beside it */
  stateFile: string;
  seed: number;
  log: Log;
  /** hours the cameras hold (default 72) */
  recordingHours?: number;
  /** makes pictures and clips; null for none (default: ffmpeg, made when first needed) */
  maker?: MediaMaker | null;
}

/** The vehicle of the fleet with its ids on the server. */
export interface Vehicle {
  fleet: OrganisationFleet;
  index: number;
  spec: FleetVehicle;
  state: VehicleState;
}

export class Session {
  readonly api: MainApi;
  readonly file: StateFile;
  readonly recordings: Recordings;
  state!: SimulatorState;
  organisations: Organisation[] = [];
  private madeMaker = false;
  private mediaMaker: MediaMaker | undefined;

  constructor(readonly options: SimulatorOptions) {
    this.api = new MainApi(options.url, options.signIn);
    this.file = new StateFile(options.stateFile);
    this.recordings = new Recordings(
      path.join(path.dirname(options.stateFile), 'simulator-recordings'),
      (options.recordingHours ?? DEFAULT_RECORDING_HOURS) * 3_600_000,
    );
  }

  /** Removes the temporary files of the maker it made (not of one it was given). */
  async close(): Promise<void> {
    await this.mediaMaker?.close();
  }

  /** ffmpeg, set up when first needed; undefined when there is none (said once). */
  maker(): MediaMaker | undefined {
    if (this.options.maker !== undefined) return this.options.maker ?? undefined;
    if (!this.madeMaker) {
      this.madeMaker = true;
      try {
        this.mediaMaker = new MediaMaker(this.options.log);
      } catch (error) {
        this.options.log(
          `No ffmpeg: the cameras send no pictures or clips (${(error as Error).message}).`,
        );
      }
    }
    return this.mediaMaker;
  }

  /** What the units share. */
  services(now: () => number = Date.now): UnitServices {
    const maker = this.maker();
    return { recordings: this.recordings, ...(maker ? { maker } : {}), log: this.options.log, now };
  }

  /** The vehicle's camera unit, talking as its device. */
  unit(vehicle: Vehicle, signal?: AbortSignal): DeviceUnit {
    return {
      identifier: vehicle.state.identifier,
      asset: vehicle.spec.asset.name,
      api: new DeviceApi(this.options.url, vehicle.state.credential!, this.options.log, signal),
      recording: this.recordings.of(vehicle.state.identifier),
      settings: applySettingValues(DEFAULT_SETTINGS, vehicle.state.settings ?? {}).settings,
      keepSettings: (values) => {
        vehicle.state.settings = values;
        this.save();
      },
      keepMonitoring: (id) => {
        if (id === undefined) delete vehicle.state.monitoring;
        else vehicle.state.monitoring = id;
        this.save();
      },
    };
  }

  /** A new credential for the vehicle's device (the old one was refused). */
  async renewCredential(vehicle: Vehicle, ...apis: DeviceApi[]): Promise<void> {
    this.options.log(`Device ${vehicle.state.identifier}: credential refused, issuing a new one`);
    vehicle.state.credential = (
      await this.api.reissueCredential(vehicle.state.deviceId)
    ).credential;
    for (const api of apis) api.credential = vehicle.state.credential;
    this.save();
  }

  async open(): Promise<void> {
    await this.api.login();
    this.organisations = await this.api.organisations();
    this.state = this.file.load(new URL(this.options.url).origin, this.options.seed);
  }

  save = () => this.file.save(this.state);

  organisation(name: string): Organisation {
    const found = this.organisations.find((o) => o.name === name);
    if (!found) {
      throw new Error(
        `The organisation '${name}' is not visible to ${this.options.signIn.username} of ${this.options.signIn.organisation}; sign in as a user above it (the demo's OEM user 'oem')`,
      );
    }
    return found;
  }

  /**
   * Makes sure the fleet's assets, drivers and devices exist (found by name
   * and identifier, created otherwise) with each device linked to its asset
   * from `linkFrom`, and that the state holds a working credential for every
   * device. Answers the vehicles, and the drivers' ids.
   */
  async ensureFleet(
    fleet: OrganisationFleet,
    linkFrom: number,
  ): Promise<{ vehicles: Vehicle[]; driverIds: number[] }> {
    const organisationId = this.organisation(fleet.organisation).id;
    const { api, options } = this;

    const drivers = await api.drivers(organisationId);
    const driverIds: number[] = [];
    for (const driver of fleet.drivers) {
      const existing = drivers.find(
        (d) => d.firstName === driver.body.firstName && d.lastName === driver.body.lastName,
      );
      driverIds.push(existing?.id ?? (await api.createDriver(organisationId, driver.body)).id);
    }

    const assets = await api.assets(organisationId);
    const devices = await api.devices(organisationId);
    const vehicles: Vehicle[] = [];
    let reissued = 0;
    for (const [index, spec] of fleet.vehicles.entries()) {
      const asset =
        assets.find((a) => a.name === spec.asset.name) ??
        (await api.createAsset(organisationId, spec.asset));
      let device = devices.find((d) => d.identifier === spec.device.identifier);
      let state = device ? this.state.vehicles[device.id] : undefined;
      if (!device) {
        const created = await api.createDevice(organisationId, spec.device);
        device = created;
        state = this.remember(created.id, { credential: created.credential });
      } else if (!state?.credential) {
        // The server showed it once, to a run whose state file is gone.
        state = this.remember(device.id, {
          credential: (await api.reissueCredential(device.id)).credential,
        });
        reissued++;
      }
      Object.assign(state!, {
        identifier: device.identifier,
        assetId: asset.id,
        organisation: fleet.organisation,
        index,
      });
      this.save();
      if ((await api.deviceLinks(asset.id)).length === 0) {
        await api.linkDevice(asset.id, device.id, new Date(linkFrom));
      }
      vehicles.push({ fleet, index, spec, state: state! });
    }
    if (reissued) {
      options.log(
        `${fleet.organisation}: no credential kept for ${reissued} devices; issued new ones.`,
      );
    }
    return { vehicles, driverIds };
  }

  private remember(deviceId: number, fields: Partial<VehicleState>): VehicleState {
    const state = (this.state.vehicles[deviceId] ??= {
      deviceId,
      identifier: '',
      assetId: 0,
      organisation: '',
      index: 0,
    });
    Object.assign(state, fields);
    this.save();
    return state;
  }

  /** Sends as the vehicle's device; a refused credential is replaced once. */
  async send(
    vehicle: Vehicle,
    output: Output,
    onBatch?: (count: number) => void,
    signal?: AbortSignal,
  ) {
    const device = new DeviceApi(
      this.options.url,
      vehicle.state.credential!,
      this.options.log,
      signal,
    );
    const attempt = async () => ({
      records: await device.sendRecords(output.records, onBatch),
      datapoints: await device.sendDatapoints(output.datapoints, onBatch),
    });
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof CredentialError)) throw error;
      await this.renewCredential(vehicle, device);
      return attempt();
    }
  }
}

/** Runs `work` over the items, at most `concurrency` at a time. */
export async function pool<T>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal?.aborted) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
