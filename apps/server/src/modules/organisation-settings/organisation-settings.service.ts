import {
  DEFAULT_ORGANISATION_SETTINGS,
  type AccessTokenClaims,
  type OrganisationSettings,
  type OrganisationSettingsInput,
} from '@fleet/contract';
import { badRequest } from '../../lib/http-error.js';
import type { OutboundPolicy } from '../../lib/outbound.js';
import type { AccessService } from '../access/index.js';
import type {
  OrganisationSettingsRepository,
  SettingsChange,
  SettingsRow,
} from './organisation-settings.repository.js';

/** What the rest of the server reads of an organisation's settings (defaults filled in). */
export interface EffectiveSettings {
  organisationId: number;
  mediaRetentionDays: number;
  rawRetentionDays: number;
  controlRoomIdentifier: string | null;
  alarmWebhookUrl: string | null;
  alarmWebhookSecret: string | null;
  maxMonitoringMinutes: number;
  defaultLanguage: 'en' | 'nl';
  saved: boolean;
}

/**
 * What is wrong with a webhook address as written, or undefined: http(s) with a host and no
 * user info. Where it points is the OutboundPolicy's to say (docs/monitoring.md, "Where alarms
 * may go").
 */
export function webhookUrlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'alarmWebhookUrl is not an address';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return 'alarmWebhookUrl must be an http or https address';
  if (!url.hostname) return 'alarmWebhookUrl has no host';
  if (url.username || url.password)
    return 'alarmWebhookUrl may not carry a user name or password (sign with the secret)';
  return undefined;
}

function effective(organisationId: number, row: SettingsRow | undefined): EffectiveSettings {
  if (!row) {
    return {
      organisationId,
      ...DEFAULT_ORGANISATION_SETTINGS,
      alarmWebhookSecret: null,
      saved: false,
    };
  }
  return {
    organisationId,
    mediaRetentionDays: row.media_retention_days,
    rawRetentionDays: row.raw_retention_days,
    controlRoomIdentifier: row.control_room_identifier,
    alarmWebhookUrl: row.alarm_webhook_url,
    alarmWebhookSecret: row.alarm_webhook_secret,
    maxMonitoringMinutes: row.max_monitoring_minutes,
    defaultLanguage: row.default_language,
    saved: true,
  };
}

const answer = (s: EffectiveSettings): OrganisationSettings => ({
  id: s.organisationId,
  organisationId: s.organisationId,
  mediaRetentionDays: s.mediaRetentionDays,
  rawRetentionDays: s.rawRetentionDays,
  controlRoomIdentifier: s.controlRoomIdentifier,
  alarmWebhookUrl: s.alarmWebhookUrl,
  alarmWebhookSecretSet: s.alarmWebhookSecret !== null,
  maxMonitoringMinutes: s.maxMonitoringMinutes,
  defaultLanguage: s.defaultLanguage,
  saved: s.saved,
});

/** Organisation settings (spec §7): every role of the subtree reads them; OEM and RESELLER change them. */
export class OrganisationSettingsService {
  constructor(
    private readonly repository: OrganisationSettingsRepository,
    private readonly access: AccessService,
    private readonly outbound: OutboundPolicy,
  ) {}

  /** For other services: no access check. */
  async of(organisationId: number): Promise<EffectiveSettings> {
    return effective(organisationId, await this.repository.find(organisationId));
  }

  async get(user: AccessTokenClaims, organisationId: number): Promise<OrganisationSettings> {
    await this.access.organisation(user, organisationId);
    return answer(await this.of(organisationId));
  }

  async change(
    user: AccessTokenClaims,
    organisationId: number,
    input: OrganisationSettingsInput,
  ): Promise<OrganisationSettings> {
    await this.access.organisation(user, organisationId);
    this.access.assertMayChangeOrganisationSettings(user);
    const url = input.alarmWebhookUrl;
    if (typeof url === 'string') {
      const problem = webhookUrlProblem(url);
      if (problem) throw badRequest(problem);
      // Also checked at every delivery: this is for a clear answer now.
      const destination = await this.outbound.urlProblem(new URL(url));
      if (destination)
        throw badRequest(
          `alarmWebhookUrl ${destination}: alarms go to public addresses only (an on-premise control room must be allowed by the server's operator, OUTBOUND_ALLOW)`,
        );
    }
    const change: SettingsChange = {
      media_retention_days: input.mediaRetentionDays,
      raw_retention_days: input.rawRetentionDays,
      control_room_identifier:
        typeof input.controlRoomIdentifier === 'string'
          ? input.controlRoomIdentifier.trim()
          : input.controlRoomIdentifier,
      alarm_webhook_url: url,
      alarm_webhook_secret: input.alarmWebhookSecret,
      max_monitoring_minutes: input.maxMonitoringMinutes,
      default_language: input.defaultLanguage,
    };
    await this.repository.upsert(organisationId, change);
    return answer(await this.of(organisationId));
  }
}
