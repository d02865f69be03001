import type { WebhookOutcome } from '@fleet/contract';
import { request, type Dispatcher } from 'undici';
import { isOutboundRefused, type OutboundPolicy } from '../../lib/outbound.js';

/** The outcome of one delivery (kept on the monitoring as its words, never the details). */
export interface Delivery {
  ok: boolean;
  outcome: WebhookOutcome;
}

/**
 * Posts alarms to control rooms. Bounded: a timeout on the whole exchange, redirects not
 * followed, the answer's body never read or kept. Only allowed destinations are connected to
 * (lib/outbound.ts, checked at every connection), and what comes back is reduced to an
 * outcome in words: a status code or a socket error would make the webhook a port scanner.
 */
export class WebhookRepository {
  private readonly dispatcher: Dispatcher;

  constructor(
    private readonly timeoutMs: number,
    policy: OutboundPolicy,
  ) {
    this.dispatcher = policy.dispatcher({ timeoutMs });
  }

  async post(url: string, body: string, headers: Record<string, string>): Promise<Delivery> {
    try {
      const response = await request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        dispatcher: this.dispatcher,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await response.body.dump().catch(() => undefined);
      if (response.statusCode >= 200 && response.statusCode < 300)
        return { ok: true, outcome: 'DELIVERED' };
      return { ok: false, outcome: 'NOT_ACCEPTED' };
    } catch (error) {
      if (isOutboundRefused(error)) return { ok: false, outcome: 'ADDRESS_NOT_ALLOWED' };
      return { ok: false, outcome: 'NO_ANSWER' };
    }
  }

  close(): Promise<void> {
    return this.dispatcher.close();
  }
}
