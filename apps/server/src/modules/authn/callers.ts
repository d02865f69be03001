import type { AccessTokenClaims } from '@fleet/contract';
import type { CallerKind } from './credentials.js';

/** Who is calling, once the credential was checked: one of the kinds a route scope accepts. */
export type Caller =
  | { kind: 'user'; user: AccessTokenClaims }
  | { kind: 'monitoringToken'; monitoringId: number }
  | { kind: 'device'; deviceId: number }
  | { kind: 'exportKey'; keyId: number; organisationId: number }
  | { kind: 'mediaLink'; mediaId: number };

export type CallerOf<K extends CallerKind> = Extract<Caller, { kind: K }>;

/** A stable name of the caller, for binding things it made (Janus sessions) and TURN names. */
export function callerKey(caller: Caller): string {
  switch (caller.kind) {
    case 'user':
      return `user-${caller.user.user_id}`;
    case 'monitoringToken':
      return `monitoring-${caller.monitoringId}`;
    case 'device':
      return `device-${caller.deviceId}`;
    case 'exportKey':
      return `key-${caller.keyId}`;
    case 'mediaLink':
      return `medium-${caller.mediaId}`;
  }
}
