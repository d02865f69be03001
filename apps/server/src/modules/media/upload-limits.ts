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

/** A user's uploads of the last hour: when each started, and the bytes of those received. */
export interface RecentUploads {
  /** Start times, ms. */
  starts: number[];
  received: { at: number; bytes: number }[];
}

export interface UploadRefusal {
  retryAfterSeconds: number;
  reason: string;
}

/**
 * Whether a user with these recent uploads may start one more now (undefined), or the seconds
 * to wait. Pure: the uploads come from the database (upload-ledger.repository.ts), so the
 * limits hold across every process that serves the user.
 */
export function uploadRefusal(
  limits: Pick<UploadLimitsConfig, 'perMinute' | 'bytesPerHour'>,
  recent: RecentUploads,
  now: number,
): UploadRefusal | undefined {
  const starts = recent.starts.filter((at) => at > now - MINUTE_MS).sort((a, b) => a - b);
  const received = recent.received.filter((r) => r.at > now - HOUR_MS).sort((a, b) => a.at - b.at);
  if (starts.length >= limits.perMinute)
    return {
      retryAfterSeconds: seconds(starts[starts.length - limits.perMinute]! + MINUTE_MS - now),
      reason: `at most ${limits.perMinute} uploads a minute`,
    };
  let total = received.reduce((sum, r) => sum + r.bytes, 0);
  if (total >= limits.bytesPerHour) {
    // Free again once enough of the hour's uploads have aged out.
    const freed = received.find((r) => (total -= r.bytes) < limits.bytesPerHour)!;
    return {
      retryAfterSeconds: seconds(freed.at + HOUR_MS - now),
      reason: `at most ${formatBytes(limits.bytesPerHour)} an hour`,
    };
  }
  return undefined;
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

export const uploadRateExceeded = (limit: UploadRefusal) =>
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
