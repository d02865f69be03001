import { THROTTLE_WINDOW_MINUTES } from '@fleet/contract';
import type { Db, Executor } from '../../db/database.js';
import { isActive } from './active-hours.js';
import { alertMail, type MailLanguage } from './alert-texts.js';
import type { AlertsRepository, Firing } from './alerts.repository.js';

const BATCH = 100;

/** What one firing pass did (tests and the bench read it). */
export interface FiringCounts {
  notifications: number;
  deliveries: number;
}

/**
 * Fires the rules (issue 21 §2): each queued occurrence against the rules that match it, once
 * per rule and occurrence (the notification's unique key, so two processes, or the same
 * occurrence queued twice, make one), throttled to a digest beyond the rule's limit in ten
 * minutes. Recipients, e-mails and the webhook are written in the same transaction.
 */
export class AlertFiring {
  constructor(
    private readonly db: Db,
    private readonly repository: AlertsRepository,
    private readonly timeZone: string,
  ) {}

  /** Takes the queue until it is empty. */
  async drain(): Promise<FiringCounts> {
    const total: FiringCounts = { notifications: 0, deliveries: 0 };
    for (;;) {
      const { taken, counts } = await this.db.transaction().execute(async (trx) => {
        const queued = await this.repository.takeQueued(trx, BATCH);
        const counts: FiringCounts = { notifications: 0, deliveries: 0 };
        for (const occurrence of queued)
          for (const firing of await this.repository.rulesFor(trx, occurrence))
            add(counts, await this.fire(trx, firing));
        return { taken: queued.length, counts };
      });
      add(total, counts);
      if (taken < BATCH) return total;
    }
  }

  /** Devices silent longer than their rules allow: each silence fires once. */
  async silentDevices(): Promise<FiringCounts> {
    return this.db.transaction().execute(async (trx) => {
      const counts: FiringCounts = { notifications: 0, deliveries: 0 };
      for (const firing of await this.repository.silentFirings(trx))
        add(counts, await this.fire(trx, firing));
      return counts;
    });
  }

  /** One rule and occurrence: a notification once, or counted in the window's digest. */
  async fire(trx: Executor, f: Firing): Promise<FiringCounts> {
    const none = { notifications: 0, deliveries: 0 };
    if (!isActive(toHours(f), f.occurrence.occurredAt, this.timeZone)) return none;
    await this.repository.lockRule(trx, f.rule.id);
    const recent = await this.repository.recentCount(trx, f.rule.id, THROTTLE_WINDOW_MINUTES);
    if (recent < f.rule.throttle_limit) {
      const id = await this.repository.insertOnce(trx, f, false);
      return id ? this.deliver(trx, id, f, null) : none;
    }
    const suppressed = await this.repository.insertOnce(trx, f, true);
    if (!suppressed) return none;
    const digestId = await this.repository.countInDigest(trx, f, digestKey(new Date()));
    return digestId ? this.deliver(trx, digestId, f, f.rule.throttle_limit) : none;
  }

  private async deliver(
    trx: Executor,
    id: string,
    f: Firing,
    digestOver: number | null,
  ): Promise<FiringCounts> {
    if (f.rule.notify_portal) await this.repository.addRecipients(trx, id, f);
    const facts = {
      ruleName: f.rule.name,
      kind: f.occurrence.kind,
      detail: f.occurrence.detail,
      assetName: f.assetName,
      occurredAt: f.occurrence.occurredAt,
      digestOver,
    };
    const mails = f.rule.email_to.map(({ address, language }) => ({
      organisation_id: f.rule.organisation_id,
      notification_id: id,
      to_address: address,
      language,
      ...alertMail(facts, language as MailLanguage, this.timeZone),
    }));
    await this.repository.queueMails(trx, mails);
    if (f.rule.webhook_url)
      await this.repository.queueWebhook(trx, {
        notification_id: id,
        url: f.rule.webhook_url,
        secret: f.rule.webhook_secret,
        body: JSON.stringify(webhookBody(id, f, digestOver)),
      });
    return { notifications: 1, deliveries: mails.length + (f.rule.webhook_url ? 1 : 0) };
  }
}

const add = (total: FiringCounts, more: FiringCounts) => {
  total.notifications += more.notifications;
  total.deliveries += more.deliveries;
};

const toHours = (f: Firing) => ({
  activeDays: f.rule.active_days,
  activeFrom: f.rule.active_from,
  activeUntil: f.rule.active_until,
});

/** The ten-minute window a digest gathers (one digest per rule and window). */
export const digestKey = (now: Date) =>
  `digest@${Math.floor(now.getTime() / (THROTTLE_WINDOW_MINUTES * 60_000))}`;

const webhookBody = (id: string, f: Firing, digestOver: number | null) => ({
  notificationId: Number(id),
  rule: { id: f.rule.id, name: f.rule.name, kind: f.rule.kind },
  kind: f.occurrence.kind,
  eventType: f.occurrence.detail,
  asset: { id: f.occurrence.assetId, name: f.assetName },
  occurredAt: f.occurrence.occurredAt.toISOString(),
  digest: digestOver !== null,
});
