import { Type, type Static } from 'typebox';

/** Every failure the API answers has this shape. */
export const ErrorBody = Type.Object({
  code: Type.String({ description: 'Stable machine-readable code, e.g. TOKEN_EXPIRED' }),
  message: Type.String({ description: 'What went wrong, for a person' }),
});
export type ErrorBody = Static<typeof ErrorBody>;

export const ErrorCode = {
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  UNAUTHORIZED: 'UNAUTHORIZED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  INVALID_TOKEN: 'INVALID_TOKEN',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  TOO_MANY_ATTEMPTS: 'TOO_MANY_ATTEMPTS',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  URI_TOO_LONG: 'URI_TOO_LONG',
  HEADERS_TOO_LARGE: 'HEADERS_TOO_LARGE',
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  /** 503: PostgreSQL does not answer (stopped, restarting, frozen); Retry-After says when to try again. */
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  // Issue 16: an organisation's media storage is full (413); a user uploads too often (429).
  QUOTA_EXCEEDED: 'QUOTA_EXCEEDED',
  UPLOAD_RATE_EXCEEDED: 'UPLOAD_RATE_EXCEEDED',
  /** Too many expensive calls (long reports over large fleets) under way at once; see Retry-After. */
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  /** The client went away before the answer; its work was stopped (only ever in the server's log). */
  CLIENT_CLOSED_REQUEST: 'CLIENT_CLOSED_REQUEST',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
