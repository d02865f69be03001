import { ErrorCode } from '@fleet/contract';
import { unauthorized } from '../../lib/http-error.js';
import type { SessionCheck } from '../auth/index.js';
import type { DeviceAuthService } from '../device-api/index.js';
import type { MediaLinkTokens } from '../media/index.js';
import { tokenOpens } from '../monitoring/index.js';
import type { MonitoringTokens } from '../monitoring/index.js';
import type { ApiKeyService } from '../sync/index.js';
import type { Caller } from './callers.js';
import { bearerKindFor, bearerOf, type CallerKind } from './credentials.js';

/** Where a request carries its credentials; the plugin reads them off the request once. */
export interface PresentedCredentials {
  /** the Authorization header */
  authorization?: string;
  /** the export side's X-Api-Key header */
  apiKey?: string;
  /** a media link's `?link=` */
  link?: string;
  /** janus.js's `token` option (a `token` body field or `?token=`), where a scope takes it */
  tokenParameter?: string;
}

export interface AuthenticationOptions {
  /** Hours a monitoring token still opens its monitoring after the end (MONITORING_TOKEN_HOURS). */
  monitoringTokenHours: number;
  /** The end of a monitoring (null while active); undefined when it does not exist. */
  monitoringEnd(id: number): Promise<{ end_at: Date | null } | undefined>;
}

/** The 401 message when a scope gets no credential at all: what that scope asks for. */
export function missingCredentialMessage(
  accepted: readonly CallerKind[],
  tokenParameter: boolean,
): string {
  if (tokenParameter) return 'A monitoring token or a session is required';
  if (accepted.includes('monitoringToken')) return 'Sign in or open the monitoring with its token';
  if (accepted.includes('device')) return DEVICE_REFUSED;
  return 'Sign in first: the request has no access token';
}

const DEVICE_REFUSED = 'A valid device credential is required';

/**
 * Authentication: who a caller is, for every kind of caller (docs/architecture.md). Each
 * kind's credential is checked by its own keeper (sessions, monitoring tokens, device
 * credentials, API keys, media links); this says which one, once per request. What a caller
 * may reach is decided by modules/access.
 */
export class Authentication {
  constructor(
    private readonly sessions: SessionCheck,
    private readonly monitoringTokens: MonitoringTokens,
    private readonly devices: DeviceAuthService,
    private readonly apiKeys: ApiKeyService,
    private readonly mediaLinks: MediaLinkTokens,
    private readonly options: AuthenticationOptions,
  ) {}

  /** The caller, of one of the accepted kinds, or 401 with the answer that scope always gave. */
  async identify(
    presented: PresentedCredentials,
    accepted: readonly CallerKind[],
    takesTokenParameter = false,
  ): Promise<Caller> {
    if (accepted.includes('exportKey') && (presented.apiKey !== undefined || accepted.length === 1))
      return { kind: 'exportKey', ...(await this.apiKeys.authenticate(presented.apiKey)) };
    if (accepted.includes('mediaLink') && (presented.link !== undefined || accepted.length === 1))
      return { kind: 'mediaLink', mediaId: await this.mediaLinks.open(presented.link ?? '') };

    const credential =
      bearerOf(presented.authorization) ??
      (takesTokenParameter ? presented.tokenParameter : undefined);
    if (!credential)
      throw unauthorized(
        ErrorCode.UNAUTHORIZED,
        missingCredentialMessage(accepted, takesTokenParameter),
      );
    switch (bearerKindFor(credential, accepted)) {
      case 'device':
        return { kind: 'device', deviceId: await this.device(credential) };
      case 'monitoringToken':
        return { kind: 'monitoringToken', monitoringId: await this.monitoring(credential) };
      case 'user':
        return { kind: 'user', user: await this.sessions.authenticate(credential) };
      default:
        throw unauthorized(ErrorCode.UNAUTHORIZED, missingCredentialMessage(accepted, false));
    }
  }

  private async device(credential: string): Promise<number> {
    const deviceId = await this.devices.authenticate(credential);
    if (!deviceId) throw unauthorized(ErrorCode.UNAUTHORIZED, DEVICE_REFUSED);
    await this.devices.seen(deviceId);
    return deviceId;
  }

  /**
   * The monitoring a token opens, or 401: not a valid monitoring token, its monitoring gone,
   * or ended longer than MONITORING_TOKEN_HOURS ago (checked against the database each time;
   * the JWT's own expiry only bounds it).
   */
  private async monitoring(token: string): Promise<number> {
    const id = await this.monitoringTokens.verify(token);
    const row = await this.options.monitoringEnd(id);
    if (!row) throw unauthorized(ErrorCode.INVALID_TOKEN, 'The monitoring token is not valid');
    if (!tokenOpens(row.end_at, Date.now(), this.options.monitoringTokenHours))
      throw unauthorized(ErrorCode.TOKEN_EXPIRED, 'The monitoring ended too long ago to be opened');
    return id;
  }
}
