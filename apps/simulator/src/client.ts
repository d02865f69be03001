import { openAsBlob } from 'node:fs';
import {
  API_BASE,
  DEVICE_API_BASE,
  endpointPath,
  endpoints,
  ErrorCode,
  MAX_BATCH,
  type Asset,
  type CameraBit,
  type CommandProgress,
  type CommandResult,
  type ConfigurationGroup,
  type CreateAssetBody,
  type CreateDeviceBody,
  type CreateDriverBody,
  type DatapointInput,
  type Device,
  type DeviceCommand,
  type DeviceConfiguration,
  type DeviceLink,
  type DeviceWithCredential,
  type Driver,
  type DriverLink,
  type EndpointResponse,
  type ErrorBody,
  type MediaItem,
  type MediaTransferReason,
  type Organisation,
  type RawRecordInput,
  type TokenPair,
  type UpdateGroupConfigurationsBody,
  type DeviceMonitoring,
  type MonitoringPositionsResult,
} from '@fleet/contract';

/**
 * Small fetch-based clients: the main API as a signed-in user (entities and
 * links) and the device API as one device (records and datapoints).
 */

export type Log = (message: string) => void;

/** The server did not answer at all. */
export class UnreachableError extends Error {}

/** The server answered with an error. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** what the server's Retry-After asked for (503 while its database is away, 429), in ms */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** The longest Retry-After the simulator honours; a larger one is read as this. */
const MAX_RETRY_AFTER_MS = 60_000;

/** Retry-After in ms: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const ms = /^\d+$/.test(header.trim()) ? Number(header.trim()) * 1000 : Date.parse(header) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

/**
 * How long to wait before attempt `attempt + 1`: the backoff, but never sooner than the
 * server's Retry-After asked (so the attempts still span a restart of a minute).
 */
function waitBefore(problem: unknown, attempt: number, backoffMs: number): number {
  const asked = problem instanceof ApiError ? (problem.retryAfterMs ?? 0) : 0;
  return Math.max(asked, Math.min(30_000, backoffMs * 2 ** (attempt - 1)));
}

async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new UnreachableError(
      `Cannot reach the server at ${new URL(url).origin} (${cause?.code ?? cause?.message ?? (error as Error).message})`,
    );
  }
}

async function failure(response: Response): Promise<ApiError> {
  const text = await response.text();
  let body: Partial<ErrorBody> = {};
  try {
    body = JSON.parse(text) as ErrorBody;
  } catch {
    // not JSON: a proxy or a crash page
  }
  return new ApiError(
    response.status,
    body.code ?? `HTTP_${response.status}`,
    body.message ?? (text.slice(0, 200) || response.statusText),
    retryAfterMs(response.headers.get('retry-after')),
  );
}

export interface SignIn {
  organisation: string;
  username: string;
  password: string;
}

type Query = Record<string, string | undefined>;

/** Tries of one main-API call the server answers 503 or 429 (with Retry-After) before giving up. */
const MAIN_API_ATTEMPTS = 8;

export class MainApi {
  private tokens: TokenPair | undefined;
  private readonly base: string;

  constructor(
    url: string,
    private readonly signIn: SignIn,
  ) {
    this.base = new URL(API_BASE.main, url).href;
  }

  async login(): Promise<void> {
    const response = await call(`${this.base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(this.signIn),
    });
    if (!response.ok) throw await failure(response);
    this.tokens = (await response.json()) as TokenPair;
  }

  /** A new pair from the refresh token, or a new sign-in when that no longer works. */
  private async renew(): Promise<void> {
    if (this.tokens) {
      const response = await call(`${this.base}/refresh`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken: this.tokens.refreshToken }),
      });
      if (response.ok) {
        this.tokens = (await response.json()) as TokenPair;
        return;
      }
    }
    await this.login();
  }

  private async request<T>(
    method: string,
    path: string,
    options: { query?: Query; body?: unknown } = {},
  ): Promise<T> {
    if (!this.tokens) await this.login();
    const url = new URL(`${this.base}${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, value);
    }
    for (let attempt = 0; ; attempt++) {
      const response = await call(url.href, {
        method,
        headers: {
          authorization: `Bearer ${this.tokens!.accessToken}`,
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      });
      if (response.ok) {
        return (response.status === 204 ? undefined : await response.json()) as T;
      }
      const error = await failure(response);
      if (attempt === 0 && error.status === 401 && error.code === ErrorCode.TOKEN_EXPIRED) {
        await this.renew();
        continue;
      }
      // The server asks to come back later (its database restarts, too many calls): do so.
      if ((error.status === 503 || error.status === 429) && attempt < MAIN_API_ATTEMPTS) {
        await sleep(waitBefore(error, attempt + 1, 500));
        continue;
      }
      throw error;
    }
  }

  organisations = () => this.request<Organisation[]>('GET', '/organisations');
  assets = (organisationId: number) =>
    this.request<Asset[]>('GET', `/organisations/${organisationId}/assets`);
  drivers = (organisationId: number) =>
    this.request<Driver[]>('GET', `/organisations/${organisationId}/drivers`);
  devices = (organisationId: number) =>
    this.request<Device[]>('GET', `/organisations/${organisationId}/devices`);

  createAsset = (organisationId: number, body: CreateAssetBody) =>
    this.request<Asset>('POST', `/organisations/${organisationId}/assets`, { body });
  createDriver = (organisationId: number, body: CreateDriverBody) =>
    this.request<Driver>('POST', `/organisations/${organisationId}/drivers`, { body });
  createDevice = (organisationId: number, body: CreateDeviceBody) =>
    this.request<DeviceWithCredential>('POST', `/organisations/${organisationId}/devices`, {
      body,
    });
  /** A new credential for the device; the old one stops working. */
  reissueCredential = (deviceId: number) =>
    this.request<DeviceWithCredential>('POST', `/devices/${deviceId}/credential`);

  deviceLinks = (assetId: number) =>
    this.request<DeviceLink[]>('GET', `/assets/${assetId}/devicelinks`);
  driverLinks = (assetId: number) =>
    this.request<DriverLink[]>('GET', `/assets/${assetId}/driverlinks`);
  linkDevice = (assetId: number, deviceId: number, from: Date) =>
    this.request<DeviceLink>('PUT', `/assets/${assetId}/devices/${deviceId}`, {
      query: { from: from.toISOString() },
    });
  linkDriver = (assetId: number, driverId: number, from: Date) =>
    this.request<DriverLink>('PUT', `/assets/${assetId}/drivers/${driverId}`, {
      query: { from: from.toISOString() },
    });
  unlinkDriver = (assetId: number, driverId: number, until: Date) =>
    this.request<DriverLink>('DELETE', `/assets/${assetId}/drivers/${driverId}`, {
      query: { until: until.toISOString() },
    });

  // The demo's configuration group (demo-configuration-group.ts).
  configurationGroups = (organisationId: number, search: string) =>
    this.request<ConfigurationGroup[]>(
      'GET',
      `/organisations/${organisationId}/configurationgroups`,
      {
        query: { search },
      },
    );
  createConfigurationGroup = (organisationId: number, name: string) =>
    this.request<ConfigurationGroup>(
      'POST',
      `/organisations/${organisationId}/configurationgroups`,
      {
        body: { name },
      },
    );
  deviceConfigurations = () => this.request<DeviceConfiguration[]>('GET', '/deviceconfigurations');
  saveGroupSettings = (groupId: number, body: UpdateGroupConfigurationsBody) =>
    this.request<unknown>('POST', `/configurationgroups/${groupId}/deviceconfigurations`, { body });
  addToConfigurationGroup = (groupId: number, assetId: number) =>
    this.request<unknown>('PUT', `/configurationgroups/${groupId}/assets/${assetId}`);
}

/** The device's credential is not (or no longer) accepted. */
export class CredentialError extends Error {}

export interface SendTotals {
  stored: number;
  duplicates: number;
  rejected: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits `ms`, or less when the signal aborts. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const wake = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    signal?.addEventListener('abort', wake, { once: true });
  });
}

/** The fields of POST /device-api/v1/media besides the file. */
export interface MediaUpload {
  timestamp: string;
  camera: CameraBit;
  transferReason: Exclude<MediaTransferReason, 'UPLOADED'>;
  commandId?: number;
}

/** Rejection reasons already logged, so a systematic problem is reported once, not a thousand times. */
const loggedReasons = new Set<string>();

export class DeviceApi {
  private readonly base: string;

  constructor(
    url: string,
    public credential: string,
    private readonly log: Log,
    /** stops between batches */
    private readonly signal?: AbortSignal,
    /** retries of a batch on network errors and 5xx before giving up */
    private readonly attempts = 8,
  ) {
    this.base = new URL(DEVICE_API_BASE, url).href;
  }

  sendRecords = (records: RawRecordInput[], onBatch?: (count: number) => void) =>
    this.send('records', records, onBatch);
  sendDatapoints = (datapoints: DatapointInput[], onBatch?: (count: number) => void) =>
    this.send('datapoints', datapoints, onBatch);

  private async send(
    kind: 'records' | 'datapoints',
    items: unknown[],
    onBatch?: (count: number) => void,
  ): Promise<SendTotals> {
    const totals: SendTotals = { stored: 0, duplicates: 0, rejected: 0 };
    for (let i = 0; i < items.length && !this.signal?.aborted; i += MAX_BATCH) {
      const batch = items.slice(i, i + MAX_BATCH);
      const result = await this.post(kind, batch);
      totals.stored += result.stored;
      totals.duplicates += result.duplicates;
      totals.rejected += result.rejected.length;
      for (const { index, reason } of result.rejected) {
        if (loggedReasons.has(reason)) continue;
        loggedReasons.add(reason);
        this.log(
          `The server refused ${kind.slice(0, -1)} ${JSON.stringify(batch[index])}: ${reason}`,
        );
      }
      onBatch?.(batch.length);
    }
    return totals;
  }

  /** Sends one batch; resending after a lost answer is safe, the server counts it as duplicates. */
  private async post(
    kind: 'records' | 'datapoints',
    batch: unknown[],
  ): Promise<EndpointResponse<typeof endpoints.device.records>> {
    const { method, path } = endpoints.device[kind];
    for (let attempt = 1; ; attempt++) {
      let problem: string;
      let asked: ApiError | undefined;
      try {
        const response = await call(`${this.base}/${endpointPath(path, {})}`, {
          method,
          headers: {
            authorization: `Bearer ${this.credential}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ [kind]: batch }),
        });
        if (response.ok)
          return (await response.json()) as EndpointResponse<typeof endpoints.device.records>;
        const error = await failure(response);
        if (error.status === 401) throw new CredentialError(error.message);
        if (error.status < 500 && error.status !== 429) throw error;
        problem = `${error.status} ${error.message}`;
        asked = error;
      } catch (error) {
        if (!(error instanceof UnreachableError)) throw error;
        problem = error.message;
      }
      if (attempt >= this.attempts)
        throw new UnreachableError(`Sending ${kind} failed ${attempt} times: ${problem}`);
      const wait = waitBefore(asked, attempt, 500);
      this.log(`Sending ${kind} failed (${problem}); retrying in ${wait / 1000} s`);
      await sleep(wait);
    }
  }

  // ── The command channel and media (docs/device-protocol.md) ──────────────

  /**
   * GET commands?wait=N: the pending commands, after waiting up to `wait`
   * seconds for one. CredentialError on 401, ApiError on another refusal (and
   * 5xx), UnreachableError when the server does not answer (or the signal aborts).
   */
  async commands(wait: number, signal?: AbortSignal): Promise<DeviceCommand[]> {
    // The server answers within `wait`; one that does not is treated as gone.
    const timeout = AbortSignal.timeout((wait + 20) * 1000);
    const { path } = endpoints.device.commands;
    const response = await call(`${this.base}/${endpointPath(path, {})}?wait=${wait}`, {
      headers: { authorization: `Bearer ${this.credential}` },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (response.ok)
      return ((await response.json()) as EndpointResponse<typeof endpoints.device.commands>)
        .commands;
    const error = await failure(response);
    if (error.status === 401) throw new CredentialError(error.message);
    throw error;
  }

  /** The device has the command. */
  ack = (id: number, signal?: AbortSignal) =>
    this.command(
      endpointPath(endpoints.device.ackCommand.path, { id }),
      { method: 'POST' },
      signal,
    );

  /** How each camera of a media request stands. */
  progress = (id: number, body: CommandProgress, signal?: AbortSignal) =>
    this.command(endpointPath(endpoints.device.commandProgress.path, { id }), json(body), signal);

  /** The command is finished. */
  result = (id: number, body: CommandResult, signal?: AbortSignal) =>
    this.command(endpointPath(endpoints.device.commandResult.path, { id }), json(body), signal);

  private async command(path: string, init: RequestInit, signal?: AbortSignal): Promise<void> {
    await this.retried(path, () => ({ ...init }), signal);
  }

  // ── Monitoring (docs/device-protocol.md, Monitoring) ─────────────────────

  /** Starts the monitoring a MONITORING_REQUEST asks for (acknowledging it). */
  async startMonitoring(commandId: number, signal?: AbortSignal): Promise<DeviceMonitoring> {
    const response = await this.retried('monitorings', () => json({ commandId }), signal);
    return (await response.json()) as DeviceMonitoring;
  }

  /** The monitoring as the server has it (after a restart: is it still on?). */
  async monitoring(id: number, signal?: AbortSignal): Promise<DeviceMonitoring> {
    const response = await this.retried(`monitorings/${id}`, () => ({ method: 'GET' }), signal);
    return (await response.json()) as DeviceMonitoring;
  }

  /** Traces: `ended: true` says stop (nothing was stored). */
  async monitoringPositions(
    id: number,
    positions: DatapointInput[],
    signal?: AbortSignal,
  ): Promise<MonitoringPositionsResult> {
    const response = await this.retried(
      `monitorings/${id}/positions`,
      () => json({ positions }),
      signal,
    );
    return (await response.json()) as MonitoringPositionsResult;
  }

  /** The device ends its monitoring. */
  endMonitoring = (id: number, signal?: AbortSignal) =>
    this.command(`monitorings/${id}/end`, { method: 'PUT' }, signal);

  /** Sends a picture or clip (multipart: the fields, then the file); answers the medium. */
  async uploadMedia(
    fields: MediaUpload,
    file: { path: string; mimeType: 'image/jpeg' | 'video/mp4' },
    signal?: AbortSignal,
  ): Promise<MediaItem> {
    const response = await this.retried(
      'media',
      async () => {
        const form = new FormData();
        form.append('timestamp', fields.timestamp);
        form.append('camera', String(fields.camera));
        form.append('transferReason', fields.transferReason);
        if (fields.commandId !== undefined) form.append('commandId', String(fields.commandId));
        const extension = file.mimeType === 'video/mp4' ? 'mp4' : 'jpg';
        form.append(
          'file',
          await openAsBlob(file.path, { type: file.mimeType }),
          `camera-${fields.camera}.${extension}`,
        );
        return { method: 'POST', body: form };
      },
      signal,
    );
    return (await response.json()) as MediaItem;
  }

  /**
   * A device API call, sent again (up to 4 times) while the server does not
   * answer or answers 5xx or 429; CredentialError on 401, ApiError on another refusal.
   */
  private async retried(
    path: string,
    init: () => RequestInit | Promise<RequestInit>,
    signal?: AbortSignal,
  ): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      let problem: ApiError | UnreachableError;
      try {
        const request = await init();
        const response = await call(`${this.base}/${path}`, {
          ...request,
          headers: {
            ...(request.headers as Record<string, string>),
            authorization: `Bearer ${this.credential}`,
          },
          ...(signal ? { signal } : {}),
        });
        if (response.ok) return response;
        const error = await failure(response);
        if (error.status === 401) throw new CredentialError(error.message);
        if (error.status < 500 && error.status !== 429) throw error;
        problem = error;
      } catch (error) {
        if (!(error instanceof UnreachableError)) throw error;
        problem = error;
      }
      if (attempt >= 4 || signal?.aborted) throw problem;
      await pause(waitBefore(problem, attempt, 1000), signal);
    }
  }
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
