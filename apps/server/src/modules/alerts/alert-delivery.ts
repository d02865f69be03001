import nodemailer, { type Transporter } from 'nodemailer';
import { request, type Dispatcher } from 'undici';
import { createHmac } from 'node:crypto';
import { isOutboundRefused, type OutboundPolicy } from '../../lib/outbound.js';
import type { AlertsRepository } from './alerts.repository.js';

const BATCH = 20;
/** Seconds before each next try; after the last the delivery is FAILED (kept, shown). */
const BACKOFF_SECONDS = [30, 120, 600, 1800];
const WEBHOOK_TIMEOUT_MS = 5000;

export const retryAfter = (attempts: number): number | undefined => BACKOFF_SECONDS[attempts];

/** HMAC-SHA256 of the exact body with the rule's secret (as the control room's webhook). */
export const alertSignature = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export interface MailSettings {
  smtpUrl: string | undefined;
  mailFrom: string;
}

/**
 * Sends what the firing queued: the e-mails through SMTP (nodemailer; without SMTP_URL they
 * stay PENDING in the outbox, shown to managers) and the webhooks to allowed destinations
 * only (lib/outbound, checked at every connection), signed, with retries.
 */
export class AlertDelivery {
  private readonly transport: Transporter | undefined;
  private readonly dispatcher: Dispatcher;

  constructor(
    private readonly repository: AlertsRepository,
    private readonly mail: MailSettings,
    outbound: OutboundPolicy,
  ) {
    this.transport = mail.smtpUrl ? nodemailer.createTransport(mail.smtpUrl) : undefined;
    this.dispatcher = outbound.dispatcher({ timeoutMs: WEBHOOK_TIMEOUT_MS });
  }

  get smtpConfigured(): boolean {
    return this.transport !== undefined;
  }

  /** Sends the due e-mails and webhooks; answers how many went. */
  async run(): Promise<{ mails: number; webhooks: number }> {
    return { mails: await this.sendMails(), webhooks: await this.postWebhooks() };
  }

  private async sendMails(): Promise<number> {
    if (!this.transport) return 0;
    let sent = 0;
    for (const mail of await this.repository.claimMails(BATCH)) {
      try {
        await this.transport.sendMail({
          from: this.mail.mailFrom,
          to: mail.to_address,
          subject: mail.subject,
          text: mail.body,
          headers: { 'Content-Language': mail.language },
        });
        await this.repository.mailSent(mail.id);
        sent++;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await this.repository.failed(
          'alert_mail_outbox',
          mail.id,
          message,
          retryAfter(mail.attempts),
        );
      }
    }
    return sent;
  }

  private async postWebhooks(): Promise<number> {
    let delivered = 0;
    for (const hook of await this.repository.claimWebhooks(BATCH)) {
      const outcome = await this.post(hook.url, hook.body, hook.secret);
      if (outcome === 'DELIVERED') {
        await this.repository.webhookDelivered(hook.id);
        delivered++;
      } else
        await this.repository.failed(
          'alert_webhook_deliveries',
          hook.id,
          outcome,
          retryAfter(hook.attempts),
        );
    }
    return delivered;
  }

  /** The outcome in words only: a status or socket error would make the webhook a port scanner. */
  private async post(url: string, body: string, secret: string | null): Promise<string> {
    try {
      const response = await request(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(secret ? { 'x-fleetwise-signature': alertSignature(secret, body) } : {}),
        },
        body,
        dispatcher: this.dispatcher,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      await response.body.dump().catch(() => undefined);
      return response.statusCode >= 200 && response.statusCode < 300 ? 'DELIVERED' : 'NOT_ACCEPTED';
    } catch (error) {
      return isOutboundRefused(error) ? 'ADDRESS_NOT_ALLOWED' : 'NO_ANSWER';
    }
  }

  async close(): Promise<void> {
    this.transport?.close();
    await this.dispatcher.close();
  }
}
