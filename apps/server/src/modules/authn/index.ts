// The authentication layer's front door: who every caller is (docs/architecture.md).
import type { Config } from '../../config.js';
import type { SessionCheck } from '../auth/index.js';
import type { DeviceAuthService } from '../device-api/index.js';
import type { MediaLinkTokens } from '../media/index.js';
import { MonitoringTokens } from '../monitoring/index.js';
import type { ApiKeyService } from '../sync/index.js';
import { Authentication, type AuthenticationOptions } from './authn.service.js';

export {
  Authentication,
  missingCredentialMessage,
  type PresentedCredentials,
} from './authn.service.js';
export { callerKey, type Caller, type CallerOf } from './callers.js';
export { bearerKind, bearerKindFor, bearerOf, type CallerKind } from './credentials.js';

export function createAuthentication(deps: {
  config: Config;
  secret: string;
  sessions: SessionCheck;
  deviceAuth: DeviceAuthService;
  apiKeys: ApiKeyService;
  mediaLinkTokens: MediaLinkTokens;
  monitoringEnd: AuthenticationOptions['monitoringEnd'];
}) {
  return new Authentication(
    deps.sessions,
    new MonitoringTokens(deps.secret),
    deps.deviceAuth,
    deps.apiKeys,
    deps.mediaLinkTokens,
    { monitoringTokenHours: deps.config.monitoring.tokenHours, monitoringEnd: deps.monitoringEnd },
  );
}
