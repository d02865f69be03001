import nodemailer, { type Transporter } from 'nodemailer';
import { NO_SMTP_ERROR, type Role } from '@fleet/contract';
import { attachmentsFor, type ReportSources } from './report-attachments.js';
import {
  lastCompletePeriod,
  zoneMidnight,
  type Frequency,
  type ReportPeriod,
} from './report-period.js';
import type {
  ClaimedDelivery,
  ReportSubscriptionsRepository,
} from './report-subscriptions.repository.js';
import { reportMail, SCREENS } from './report-texts.js';

const BATCH = 10;
/** Seconds before each next try; after the last the delivery is FAILED (kept, shown). */
const BACKOFF_SECONDS = [60, 300, 1800, 7200];
export const NO_SMTP = NO_SMTP_ERROR;

export const reportRetryAfter = (attempts: number): number | undefined => BACKOFF_SECONDS[attempts];

export interface ReportMailSettings {
  smtpUrl: string | undefined;
  mailFrom: string;
  /** the portal's address, for the link back (PUBLIC_BASE_URL) */
  publicBaseUrl: string;
  timezone: string;
}

/** The period a delivery names, its instants at the midnights of the organisation's zone. */
const periodOf = (d: ClaimedDelivery, timezone: string): ReportPeriod => ({
  start: d.period_start,
  end: d.period_end,
  from: zoneMidnight(new Date(`${d.period_start}T00:00:00Z`), timezone),
  until: zoneMidnight(new Date(`${d.period_end}T00:00:00Z`), timezone),
});

/**
 * The scheduled reports job (issue 21 §4): makes each subscription's last complete period a
 * delivery (once: the unique key), then sends the due ones by SMTP with the report attached.
 * Without SMTP_URL they stay PENDING, the reason shown; a failed send is tried again with
 * backoff, and FAILED after the last try.
 */
export class ReportDelivery {
  private readonly transport: Transporter | undefined;

  constructor(
    private readonly repository: ReportSubscriptionsRepository,
    private readonly sources: ReportSources,
    private readonly settings: ReportMailSettings,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.transport = settings.smtpUrl ? nodemailer.createTransport(settings.smtpUrl) : undefined;
  }

  get smtpConfigured(): boolean {
    return this.transport !== undefined;
  }

  async run(): Promise<{ added: number; sent: number; failed: number }> {
    const added = await this.schedule();
    if (!this.transport) {
      await this.repository.waitingForSmtp(NO_SMTP);
      return { added, sent: 0, failed: 0 };
    }
    let sent = 0;
    let failed = 0;
    for (const delivery of await this.repository.claim(BATCH)) {
      try {
        await this.send(this.transport, delivery);
        await this.repository.sent(delivery.id);
        sent++;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await this.repository.failed(delivery.id, message, reportRetryAfter(delivery.attempts));
        failed++;
      }
    }
    return { added, sent, failed };
  }

  /** Each subscription's last complete period, as a delivery (ON CONFLICT DO NOTHING). */
  private async schedule(): Promise<number> {
    const now = this.now();
    const due = (await this.repository.frequencies()).map((s) => {
      const period = lastCompletePeriod(s.frequency, now, this.settings.timezone);
      return { subscriptionId: s.id, start: period.start, end: period.end };
    });
    return this.repository.addDue(due);
  }

  private async send(transport: Transporter, d: ClaimedDelivery): Promise<void> {
    const period = periodOf(d, this.settings.timezone);
    const attachments = await attachmentsFor(this.sources, {
      user: {
        organisation_id: d.user_organisation_id,
        user_id: d.user_id,
        user_role: d.user_role as Role,
      },
      organisationId: d.organisation_id,
      organisationName: d.organisation_name,
      kind: d.kind,
      groupId: d.group_id,
      period,
      language: d.language,
    });
    const link = `${this.settings.publicBaseUrl}${SCREENS[d.kind]}`;
    const mail = reportMail(
      {
        kind: d.kind,
        frequency: d.frequency as Frequency,
        organisationName: d.organisation_name,
        groupName: d.group_name,
        start: d.period_start,
        end: d.period_end,
        link,
      },
      d.language,
    );
    await transport.sendMail({
      from: this.settings.mailFrom,
      to: d.email,
      subject: mail.subject,
      text: mail.text,
      headers: { 'Content-Language': d.language },
      attachments,
    });
  }

  close(): void {
    this.transport?.close();
  }
}
