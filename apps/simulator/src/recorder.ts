import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DatapointInput, RawRecordInput } from '@fleet/contract';
import { offsetMinutes } from './local-time.js';

/**
 * What a vehicle's cameras hold: the recording window (by default the last
 * 72 hours) and what the vehicle drove in it (time, position, speed), from
 * the records and datapoints it sent. Kept per vehicle in a file next to the
 * simulator state, so that a restart still holds it.
 */

export interface TrackPoint {
  /** ms */
  t: number;
  /** degrees × 100000 */
  lat: number;
  lon: number;
  /** km/h */
  speed: number;
}

export const DEFAULT_RECORDING_HOURS = 72;
/** How far ahead of the device's clock a moment may be and still count as now (clocks differ). */
const CLOCK_SLACK_MS = 5_000;

/** The points of records and datapoints, in time order, one per moment. */
export function trackPoints(items: (RawRecordInput | DatapointInput)[]): TrackPoint[] {
  const points: TrackPoint[] = [];
  for (const item of items) {
    if (!item.location) continue;
    points.push({
      t: Date.parse(item.timestamp),
      lat: item.location.latitude,
      lon: item.location.longitude,
      speed: Math.round(item.speed ?? 0),
    });
  }
  points.sort((a, b) => a.t - b.t);
  return points.filter((p, i) => i === 0 || p.t !== points[i - 1]!.t);
}

/** The last point at or before `t`: binary search over points in time order; -1 when none. */
function indexAtOrBefore(points: readonly TrackPoint[], t: number): number {
  let low = 0;
  let high = points.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (points[middle]!.t <= t) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/**
 * Speed in km/h at `t`: linear between the points around it; before the first
 * point the first one's, after the last one the last one's (parked after a
 * trip's stop, or driving on since the last point sent). 0 with no points.
 */
export function speedAt(points: readonly TrackPoint[], t: number): number {
  if (points.length === 0) return 0;
  const i = indexAtOrBefore(points, t);
  if (i < 0) return points[0]!.speed;
  const a = points[i]!;
  const b = points[i + 1];
  if (!b || a.t === t) return a.speed;
  return Math.round(a.speed + ((b.speed - a.speed) * (t - a.t)) / (b.t - a.t));
}

/** Speed at every whole second from `from` on, `seconds` of them: what a clip draws. */
export function speedsPerSecond(
  points: readonly TrackPoint[],
  from: number,
  seconds: number,
): number[] {
  return Array.from({ length: Math.max(0, Math.ceil(seconds)) }, (_, i) =>
    speedAt(points, from + i * 1000),
  );
}

/** The span a clip of `duration` seconds about `moment` covers: it starts duration / 2 before it. */
export function clipSpan(moment: number, duration: number): { from: number; until: number } {
  const from = moment - (duration * 1000) / 2;
  return { from, until: from + duration * 1000 };
}

/** What the device holds: from the later of the window's start and the first recording, up to now. */
export function recordingWindow(
  since: number,
  now: number,
  windowMs: number,
): { from: number; until: number } {
  return { from: Math.min(now, Math.max(since, now - windowMs)), until: now };
}

/** 2026-11-24 10:05 in the fleet's zone. */
export function localMinute(ms: number): string {
  return new Date(ms + offsetMinutes(ms) * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

export type Coverage = { ok: true; moment: number } | { ok: false; reason: string };

/**
 * Whether the device holds a moment: within the window, or else why not, in
 * words a user understands. A moment a few seconds ahead of the device's clock
 * counts as now.
 */
export function coverage(moment: number, window: { from: number; until: number }): Coverage {
  const held = `the device holds ${localMinute(window.from)} … ${localMinute(window.until)}`;
  if (moment > window.until + CLOCK_SLACK_MS) {
    return {
      ok: false,
      reason: `${localMinute(moment)} is in the future for the device: ${held}`,
    };
  }
  if (moment < window.from) {
    return {
      ok: false,
      reason: `${localMinute(moment)} is no longer recorded: ${held}`,
    };
  }
  return { ok: true, moment: Math.min(moment, window.until) };
}

/** One vehicle's recording: its points in the window, and since when it records. */
export class Recording {
  constructor(
    /** ms: the first moment recorded */
    public since: number,
    public points: TrackPoint[],
    private readonly file?: string,
  ) {}

  /** Adds the points later than what it holds (a leg driven again after a restart adds nothing twice). */
  append(points: TrackPoint[]): void {
    const last = this.points.at(-1)?.t ?? -Infinity;
    const fresh = points.filter((p) => p.t > last);
    if (fresh.length === 0) return;
    this.points.push(...fresh);
    if (this.file) appendFileSync(this.file, fresh.map(line).join(''));
  }

  /** Holds exactly these points from `since` on (the seeding's history), written whole. */
  replace(since: number, points: TrackPoint[]): void {
    this.since = since;
    this.points = points;
    this.save();
  }

  /** Forgets what is older than `before`; rewrites the file when that was a good part of it. */
  prune(before: number): void {
    const keep = this.points.findIndex((p) => p.t >= before);
    const drop = keep < 0 ? this.points.length : keep;
    // One point before the window stays: the speed at its start is between it and the next.
    const dropped = Math.max(0, drop - 1);
    if (dropped === 0) return;
    this.points = this.points.slice(dropped);
    if (dropped > 500) this.save();
  }

  save(): void {
    if (!this.file) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, `since,${this.since}\n${this.points.map(line).join('')}`);
    renameSync(temporary, this.file);
  }
}

const line = (p: TrackPoint) => `${p.t},${p.lat},${p.lon},${p.speed}\n`;

/** The points of a recording file; lines that do not read (a half-written last line) are skipped. */
export function parseRecording(text: string): { since: number | undefined; points: TrackPoint[] } {
  let since: number | undefined;
  const points: TrackPoint[] = [];
  for (const row of text.split('\n')) {
    const parts = row.split(',');
    if (parts[0] === 'since' && parts.length === 2) {
      const value = Number(parts[1]);
      if (Number.isFinite(value)) since = value;
      continue;
    }
    if (parts.length !== 4) continue;
    const [t, lat, lon, speed] = parts.map(Number) as [number, number, number, number];
    if (![t, lat, lon, speed].every(Number.isFinite)) continue;
    if (points.length > 0 && t <= points.at(-1)!.t) continue;
    points.push({ t, lat, lon, speed });
  }
  return { since, points };
}

/** Every vehicle's recording, in `dir` (one CSV file per device identifier). */
export class Recordings {
  private readonly open = new Map<string, Recording>();

  constructor(
    readonly dir: string,
    readonly windowMs = DEFAULT_RECORDING_HOURS * 3_600_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The device's recording; one that never recorded starts now. */
  of(identifier: string): Recording {
    let recording = this.open.get(identifier);
    if (recording) return recording;
    const file = path.join(this.dir, `${identifier.replace(/[^A-Za-z0-9_.-]/g, '_')}.csv`);
    let parsed: ReturnType<typeof parseRecording> = { since: undefined, points: [] };
    try {
      parsed = parseRecording(readFileSync(file, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const since = parsed.since ?? parsed.points[0]?.t ?? this.now();
    recording = new Recording(since, parsed.points, file);
    if (parsed.since === undefined) recording.save();
    recording.prune(this.now() - this.windowMs);
    this.open.set(identifier, recording);
    return recording;
  }

  /** What the device holds now. */
  window(recording: Recording): { from: number; until: number } {
    return recordingWindow(recording.since, this.now(), this.windowMs);
  }

  /** Drops what every open recording no longer holds (the window moves on). */
  pruneAll(): void {
    const before = this.now() - this.windowMs;
    for (const recording of this.open.values()) recording.prune(before);
  }
}
