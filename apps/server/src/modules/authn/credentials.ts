import { MonitoringTokens } from '../monitoring/index.js';
import { parseCredential } from '../devices/index.js';

/** Every kind of caller the server knows (docs/architecture.md, "Authentication"). */
export type CallerKind = 'user' | 'monitoringToken' | 'device' | 'exportKey' | 'mediaLink';

/** The kinds that present `Authorization: Bearer <credential>`. */
export type BearerKind = Extract<CallerKind, 'user' | 'monitoringToken' | 'device'>;

/** The credential of `Authorization: Bearer <credential>`, or undefined. */
export function bearerOf(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
}

/**
 * Which kind of bearer credential a text is, by its shape alone (no key, no database): a
 * monitoring token has its own JWT header type, a device credential its `dev_` form, anything
 * else is taken for a user's access token (whose check then says what is wrong with it).
 */
export function bearerKind(credential: string): BearerKind {
  if (parseCredential(credential)) return 'device';
  if (MonitoringTokens.looksLikeOne(credential)) return 'monitoringToken';
  return 'user';
}

/**
 * The kind a scope that accepts `accepted` checks a bearer credential as: its own kind when
 * accepted; otherwise the scope's first bearer kind, whose check refuses it with that scope's
 * answer (a device credential on a user route is an invalid access token, as it always was).
 */
export function bearerKindFor(
  credential: string,
  accepted: readonly CallerKind[],
): BearerKind | undefined {
  const kind = bearerKind(credential);
  if (accepted.includes(kind)) return kind;
  return accepted.find((k): k is BearerKind => k === 'user' || k === 'device');
}
