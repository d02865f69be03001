import {
  permissions,
  type AccessTokenClaims,
  type ReportDeliveryList,
  type ReportSubscription,
  type ReportSubscriptionInput,
  type Role,
} from '@fleet/contract';
import { badRequest, forbidden, notFound } from '../../lib/http-error.js';
import type { AccessService } from '../access/index.js';
import type {
  ReportSubscriptionsRepository,
  SubscriptionView,
} from './report-subscriptions.repository.js';

const iso = (d: Date) => d.toISOString();
const HISTORY = 200;

const answer = (s: SubscriptionView): ReportSubscription => ({
  id: s.id,
  organisationId: s.organisation_id,
  userId: s.user_id,
  userName: s.user_name,
  kind: s.kind,
  frequency: s.frequency,
  groupId: s.group_id,
  groupName: s.group_name,
  email: s.email,
  language: s.language,
  createdAt: iso(s.created_at),
});

/**
 * Report subscriptions (issue 21 §4): anyone who sees the organisation subscribes themselves and
 * sees and deletes their own; who may manage the fleet (not DRIVER, as alert rules) also
 * subscribes others who see the organisation, and sees and deletes all of it.
 */
export class ReportSubscriptionsService {
  constructor(
    private readonly repository: ReportSubscriptionsRepository,
    private readonly access: AccessService,
    private readonly smtpConfigured: () => boolean,
  ) {}

  async list(user: AccessTokenClaims, organisationId: number): Promise<ReportSubscription[]> {
    await this.access.organisation(user, organisationId);
    return (await this.repository.list(organisationId, this.onlyOwn(user))).map(answer);
  }

  async create(
    user: AccessTokenClaims,
    organisationId: number,
    input: ReportSubscriptionInput,
  ): Promise<ReportSubscription> {
    await this.access.organisation(user, organisationId);
    const recipientId = input.userId ?? user.user_id;
    if (recipientId !== user.user_id && !permissions.manageFleet(user.user_role))
      throw forbidden('Drivers subscribe only themselves to reports');
    const recipient = await this.repository.user(recipientId);
    // Another user: one the caller sees, who sees this organisation (and so its groups).
    if (!recipient || !(await this.access.isWithin(user, recipient.organisation_id)))
      throw badRequest(`userId ${recipientId} is not a user you manage`);
    const claims = {
      organisation_id: recipient.organisation_id,
      user_id: recipient.id,
      user_role: recipient.role as Role,
    };
    if (!(await this.access.isWithin(claims, organisationId)))
      throw badRequest(`User ${recipientId} may not see this organisation's reports`);
    if (input.groupId) {
      const owner = await this.repository.groupOrganisation(input.groupId);
      if (owner !== organisationId)
        throw badRequest(`groupId ${input.groupId} is not a group of this organisation`);
    }
    return answer(
      await this.repository.create({
        organisation_id: organisationId,
        user_id: recipientId,
        created_by: user.user_id,
        kind: input.kind,
        frequency: input.frequency,
        group_id: input.groupId ?? null,
        email: input.email.trim(),
        language: input.language ?? (await this.repository.defaultLanguage(organisationId)),
      }),
    );
  }

  async remove(user: AccessTokenClaims, id: number): Promise<void> {
    const found = await this.repository.find(id);
    const description = `Report subscription ${id}`;
    if (!found) throw notFound(`${description} does not exist`);
    await this.access.assertWithin(user, found.organisation_id, description);
    if (found.user_id !== user.user_id && !permissions.manageFleet(user.user_role))
      throw forbidden('Drivers delete only their own report subscriptions');
    await this.repository.remove(id);
  }

  async deliveries(user: AccessTokenClaims, organisationId: number): Promise<ReportDeliveryList> {
    await this.access.organisation(user, organisationId);
    const rows = await this.repository.deliveries(organisationId, this.onlyOwn(user), HISTORY);
    return {
      smtpConfigured: this.smtpConfigured(),
      items: rows.map((d) => ({
        id: d.id,
        subscriptionId: d.subscription_id,
        kind: d.kind,
        frequency: d.frequency,
        email: d.email,
        periodStart: d.period_start,
        periodEnd: d.period_end,
        status: d.status,
        attempts: d.attempts,
        lastError: d.last_error,
        nextAttemptAt: d.status === 'PENDING' ? iso(d.next_attempt_at) : null,
        createdAt: iso(d.created_at),
        sentAt: d.sent_at && iso(d.sent_at),
      })),
    };
  }

  /** A DRIVER sees only their own subscriptions; who manages the fleet, the organisation's. */
  private onlyOwn(user: AccessTokenClaims): number | undefined {
    return permissions.manageFleet(user.user_role) ? undefined : user.user_id;
  }
}
