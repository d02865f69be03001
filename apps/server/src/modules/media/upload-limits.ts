import { ErrorCode } from '@fleet/contract';
import { HttpError } from '../../lib/http-error.js';

export interface UploadLimitsConfig {
  /** Bytes of media one organisation may keep (users' uploads beyond it are refused). */
  quotaBytes: number;
  /** Uploads one user may start per minute. */
  perMinute: number;
  /** Bytes one user may upload per hour. */
  bytesPerHour: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/**
 * Each user's uploads of the last minute (their starts) and hour (their bytes), in this
 * process. A start is reserved before the file is read, so parallel uploads count at once.
 */
export class UploadRate {
  private readonly starts = new Map<number, number[]>();
  private readonly received = new Map<number, { at: number; bytes: number }[]>();

  constructor(
    private readonly limits: Pick<UploadLimitsConfig, 'perMinute' | 'bytesPerHour'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Reserves an upload for the user; the seconds to wait when the user is over a limit. */
  reserve(userId: number): { retryAfterSeconds: number; reason: string } | undefined {
    const now = this.now();
    const starts = (this.starts.get(userId) ?? []).filter((at) => at > now - MINUTE_MS);
    const received = (this.received.get(userId) ?? []).filter((r) => r.at > now - HOUR_MS);
    this.keep(this.received, userId, received);
    if (starts.length >= this.limits.perMinute) {
      this.keep(this.starts, userId, starts);
      return {
        retryAfterSeconds: seconds(starts[0]! + MINUTE_MS - now),
        reason: `at most ${this.limits.perMinute} uploads a minute`,
      };
    }
    let total = received.reduce((sum, r) => sum + r.bytes, 0);
    if (total >= this.limits.bytesPerHour) {
      // Free again once enough of the hour's uploads have aged out.
      const freed = received.find((r) => (total -= r.bytes) < this.limits.bytesPerHour)!;
      this.keep(this.starts, userId, starts);
      return {
        retryAfterSeconds: seconds(freed.at + HOUR_MS - now),
        reason: `at most ${formatBytes(this.limits.bytesPerHour)} an hour`,
      };
    }
    this.keep(this.starts, userId, [...starts, now]);
    return undefined;
  }

  /** The bytes an upload of the user took (counted whether or not it was kept). */
  record(userId: number, bytes: number): void {
    this.received.set(userId, [...(this.received.get(userId) ?? []), { at: this.now(), bytes }]);
  }

  private keep<T>(map: Map<number, T[]>, userId: number, items: T[]) {
    if (items.length) map.set(userId, items);
    else map.delete(userId);
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** 1.5 GiB, 300 MiB, 12 KiB, 80 bytes. */
export function formatBytes(bytes: number): string {
  const units = ['GiB', 'MiB', 'KiB'] as const;
  for (const [i, unit] of units.entries()) {
    const size = 1024 ** (units.length - i);
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

export const uploadRateExceeded = (limit: { retryAfterSeconds: number; reason: string }) =>
  new HttpError(
    429,
    ErrorCode.UPLOAD_RATE_EXCEEDED,
    `Too many uploads: ${limit.reason}. Try again in ${limit.retryAfterSeconds} s`,
    { 'retry-after': String(limit.retryAfterSeconds) },
  );

/** 413 QUOTA_EXCEEDED: the storage is full, or this file (fileBytes) does not fit in it. */
export function quotaExceeded(usedBytes: number, quotaBytes: number, fileBytes?: number) {
  const used = `${formatBytes(usedBytes)} of ${formatBytes(quotaBytes)} used`;
  return new HttpError(
    413,
    ErrorCode.QUOTA_EXCEEDED,
    fileBytes === undefined
      ? `The organisation's media storage is full (${used}); delete media to make room`
      : `The file (${formatBytes(fileBytes)}) does not fit in the organisation's media storage (${used}); delete media to make room`,
  );
}
