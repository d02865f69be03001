import {
  ALERT_EVENT_TYPES,
  ALERT_KINDS,
  ALL_DAYS,
  ZONE_ALERT_KINDS,
  THROTTLE_LIMIT,
  type AccessTokenClaims,
  type AlertMailList,
  type AlertNotificationList,
  type AlertRule,
  type AlertRuleInput,
} from '@fleet/contract';
import { badRequest, notFound } from '../../lib/http-error.js';
import type { OutboundPolicy } from '../../lib/outbound.js';
import type { AccessService } from '../access/index.js';
import type { OrganisationTree } from '../organisations/index.js';
import type { AlertsRepository, RuleChange, RuleRow } from './alerts.repository.js';

const iso = (d: Date) => d.toISOString();

const answer = (r: RuleRow): AlertRule => ({
  id: r.id,
  organisationId: r.organisation_id,
  name: r.name,
  kind: r.kind,
  eventType: r.event_type,
  silentMinutes: r.silent_minutes,
  zoneId: r.zone_id,
  groupId: r.group_id,
  assetId: r.asset_id,
  activeDays: r.active_days,
  activeFrom: r.active_from,
  activeUntil: r.active_until,
  notifyPortal: r.notify_portal,
  emailTo: r.email_to,
  webhookUrl: r.webhook_url,
  webhookSecretSet: r.webhook_secret !== null,
  throttleLimit: r.throttle_limit,
  enabled: r.enabled,
  createdAt: iso(r.created_at),
});

/** What is wrong with a rule as it would be after the change, or undefined. */
export function ruleProblem(rule: {
  kind: string;
  event_type: string | null;
  silent_minutes: number | null;
  zone_id?: number | null;
}): string | undefined {
  if (!(ALERT_KINDS as readonly string[]).includes(rule.kind))
    return `kind must be one of ${ALERT_KINDS.join(', ')}`;
  if (
    rule.kind === 'event' &&
    !(ALERT_EVENT_TYPES as readonly string[]).includes(rule.event_type ?? '')
  )
    return `an event rule needs eventType, one of ${ALERT_EVENT_TYPES.join(', ')}`;
  if (
    rule.kind === 'caseNeedsReview' &&
    rule.event_type != null &&
    !(ALERT_EVENT_TYPES as readonly string[]).includes(rule.event_type)
  )
    return `a case rule's eventType is empty (every case) or one of ${ALERT_EVENT_TYPES.join(', ')}`;
  if (rule.kind === 'silent' && (rule.silent_minutes ?? null) === null)
    return 'a silent-device rule needs silentMinutes';
  if ((ZONE_ALERT_KINDS as readonly string[]).includes(rule.kind) && !rule.zone_id)
    return 'a zone rule needs zoneId';
  return undefined;
}

const change = (input: AlertRuleInput): RuleChange => ({
  name: input.name.trim(),
  kind: input.kind,
  event_type: input.eventType,
  silent_minutes: input.silentMinutes,
  zone_id: input.zoneId,
  group_id: input.groupId,
  asset_id: input.assetId,
  active_days: input.activeDays,
  active_from: input.activeFrom,
  active_until: input.activeUntil,
  notify_portal: input.notifyPortal,
  email_to: input.emailTo && JSON.stringify(input.emailTo),
  webhook_url: input.webhookUrl,
  webhook_secret: input.webhookSecret,
  throttle_limit: input.throttleLimit,
  enabled: input.enabled,
});

/**
 * Alert rules and notifications (issue 21 §2): rules are read and changed by roles that may
 * manage the fleet, in the organisation's subtree; a user reads and marks only its own
 * notifications.
 */
export class AlertsService {
  constructor(
    private readonly repository: AlertsRepository,
    private readonly access: AccessService,
    private readonly tree: OrganisationTree,
    private readonly outbound: OutboundPolicy,
    private readonly smtpConfigured: () => boolean,
  ) {}

  async listRules(user: AccessTokenClaims, organisationId: number): Promise<AlertRule[]> {
    await this.mayManage(user, organisationId);
    return (await this.repository.listRules(organisationId)).map(answer);
  }

  async getRule(user: AccessTokenClaims, id: number): Promise<AlertRule> {
    return answer(await this.rule(user, id));
  }

  async createRule(user: AccessTokenClaims, organisationId: number, input: AlertRuleInput) {
    await this.mayManage(user, organisationId);
    const values = change(input);
    await this.check(
      organisationId,
      { event_type: null, silent_minutes: null, zone_id: null, ...values, kind: input.kind },
      input,
    );
    return answer(
      await this.repository.createRule(organisationId, {
        ...values,
        name: values.name!,
        kind: input.kind,
      }),
    );
  }

  async updateRule(user: AccessTokenClaims, id: number, input: AlertRuleInput) {
    const rule = await this.rule(user, id);
    const values = change(input);
    const after = {
      ...rule,
      ...(Object.fromEntries(
        Object.entries(values).filter(([, v]) => v !== undefined),
      ) as RuleChange),
    };
    await this.check(rule.organisation_id, after, input);
    return answer(await this.repository.updateRule(id, values));
  }

  async deleteRule(user: AccessTokenClaims, id: number): Promise<void> {
    await this.rule(user, id);
    await this.repository.deleteRule(id);
  }

  async mails(user: AccessTokenClaims, organisationId: number): Promise<AlertMailList> {
    await this.mayManage(user, organisationId);
    const rows = await this.repository.mails(organisationId, 200);
    return {
      smtpConfigured: this.smtpConfigured(),
      items: rows.map((m) => ({
        id: Number(m.id),
        toAddress: m.to_address,
        language: m.language,
        subject: m.subject,
        body: m.body,
        status: m.status,
        attempts: m.attempts,
        lastError: m.last_error,
        createdAt: iso(m.created_at),
        sentAt: m.sent_at && iso(m.sent_at),
      })),
    };
  }

  async notifications(user: AccessTokenClaims, limit = 30): Promise<AlertNotificationList> {
    const { items, unread } = await this.repository.notifications(user.user_id, limit);
    return {
      unread,
      items: items.map((n) => ({
        id: Number(n.id),
        ruleId: n.rule_id,
        ruleName: n.rule_name,
        kind: n.kind,
        detail: n.detail,
        assetId: n.asset_id,
        assetName: n.asset_name,
        occurredAt: iso(n.occurred_at),
        createdAt: iso(n.created_at),
        digestCount: n.digest_count,
        read: n.read_at !== null,
      })),
    };
  }

  /** One of the user's notifications read, and with `andOlder` every older one (Mark all read). */
  async markRead(user: AccessTokenClaims, id: number, andOlder: boolean): Promise<void> {
    if (!(await this.repository.markRead(user.user_id, id)))
      throw notFound(`Notification ${id} does not exist`);
    if (andOlder) await this.repository.markAllRead(user.user_id, id);
  }

  private async mayManage(user: AccessTokenClaims, organisationId: number) {
    await this.access.organisation(user, organisationId);
    this.access.assertMayManageFleet(user);
  }

  private async rule(user: AccessTokenClaims, id: number): Promise<RuleRow> {
    const rule = await this.repository.findRule(id);
    if (!rule) throw notFound(`Alert rule ${id} does not exist`);
    await this.access.assertWithin(user, rule.organisation_id, `Alert rule ${id}`);
    this.access.assertMayManageFleet(user);
    return rule;
  }

  /** The rule's kind and fields, its scope within the organisation, its webhook's destination. */
  private async check(
    organisationId: number,
    after: Pick<RuleRow, 'kind' | 'event_type' | 'silent_minutes' | 'zone_id'> &
      Pick<RuleChange, 'group_id' | 'asset_id'>,
    input: AlertRuleInput,
  ) {
    const problem = ruleProblem(after);
    if (problem) throw badRequest(problem);
    if (after.group_id && after.asset_id)
      throw badRequest('Scope a rule to a group or an asset, not both');
    for (const [table, id, what] of [
      ['groups', input.groupId, 'groupId'],
      ['assets', input.assetId, 'assetId'],
    ] as const) {
      if (!id) continue;
      const owner = await this.repository.scopeOrganisation(table, id);
      if (owner === undefined || !(await this.tree.isWithin(owner, organisationId)))
        throw badRequest(`${what} is not of this organisation or one below it`);
    }
    if (input.zoneId) {
      const owner = await this.repository.zoneOrganisation(input.zoneId);
      if (owner === undefined || !(await this.tree.isWithin(owner, organisationId)))
        throw badRequest('zoneId is not a zone of this organisation or one below it');
    }
    if (input.activeDays !== undefined && (input.activeDays & ALL_DAYS) === 0)
      throw badRequest('activeDays needs at least one day');
    if (input.throttleLimit !== undefined && input.throttleLimit < THROTTLE_LIMIT.min)
      throw badRequest('throttleLimit is too low');
    if (typeof input.webhookUrl === 'string') await this.checkWebhook(input.webhookUrl);
  }

  private async checkWebhook(text: string) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw badRequest('webhookUrl is not an address');
    }
    if (url.username || url.password)
      throw badRequest('webhookUrl may not carry a user name or password (sign with the secret)');
    const destination = await this.outbound.urlProblem(url);
    if (destination)
      throw badRequest(
        `webhookUrl ${destination}: alerts go to public addresses only (or those the operator allows, OUTBOUND_ALLOW)`,
      );
  }
}
