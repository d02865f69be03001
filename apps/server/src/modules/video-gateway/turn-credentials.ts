import { createHmac } from 'node:crypto';
import type { IceServer } from '../../config.js';

/** Time-limited TURN credentials (TURN_SECRET, TURN_TTL). */
export interface TurnConfig {
  /** coturn's `static-auth-secret` (with `use-auth-secret`); undefined: ICE_SERVERS as written */
  secret?: string;
  /** seconds a credential stays valid */
  ttlSeconds: number;
}

/**
 * The TURN REST scheme (draft-uberti-behave-turn-rest, coturn's use-auth-secret): the username
 * is `<unix expiry>:<caller>`, the password base64(HMAC-SHA1(secret, username)). The TURN
 * server checks both with the same secret, so nothing is stored and each credential expires.
 */
export function turnCredential(
  secret: string,
  callerId: string,
  expiry: number,
): { username: string; credential: string } {
  const username = `${expiry}:${callerId}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

/**
 * When a credential made now expires: at least ttl seconds from now, rounded up to a step of
 * a quarter of the ttl (at most an hour), so a viewer polling every second gets the same one.
 */
export function turnExpiry(nowMs: number, ttlSeconds: number): number {
  const step = Math.max(1, Math.min(3600, Math.floor(ttlSeconds / 4)));
  return Math.ceil((Math.floor(nowMs / 1000) + ttlSeconds) / step) * step;
}

const urlsOf = (server: IceServer) => [server.urls].flat();
const isTurn = (server: IceServer) => urlsOf(server).some((u) => /^turns?:/i.test(u));

/** What anyone may know (GET client-config): STUN servers, without any credential. */
export function publicIceServers(servers: readonly IceServer[]): IceServer[] {
  return servers.filter((s) => !isTurn(s)).map((s) => ({ urls: s.urls }));
}

/**
 * The ICE servers for one caller who may watch a live feed: with a TURN secret, every TURN
 * server gets a credential of that caller, valid TURN_TTL seconds; without one, the servers
 * as ICE_SERVERS gives them (static credentials included).
 */
export function iceServersFor(
  servers: readonly IceServer[],
  turn: TurnConfig,
  callerId: string,
  nowMs = Date.now(),
): IceServer[] {
  if (!turn.secret) return servers.map((s) => ({ ...s }));
  const minted = turnCredential(turn.secret, callerId, turnExpiry(nowMs, turn.ttlSeconds));
  return servers.map((s) => (isTurn(s) ? { urls: s.urls, ...minted } : { urls: s.urls }));
}
