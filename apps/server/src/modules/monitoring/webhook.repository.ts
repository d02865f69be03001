/** The outcome of one delivery: ok on a 2xx answer; otherwise why not (kept on the monitoring). */
export interface Delivery {
  ok: boolean;
  error: string | null;
}

/**
 * Posts alarms to control rooms. Bounded: a timeout on the whole exchange, redirects not
 * followed, the answer's body never read or kept (only its status).
 */
export class WebhookRepository {
  constructor(private readonly timeoutMs: number) {}

  async post(url: string, body: string, headers: Record<string, string>): Promise<Delivery> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await response.body?.cancel().catch(() => undefined);
      if (response.status >= 200 && response.status < 300) return { ok: true, error: null };
      return { ok: false, error: `HTTP ${response.status}` };
    } catch (error) {
      const e = error as Error & { cause?: { code?: string } };
      const reason =
        e.name === 'TimeoutError'
          ? `no answer within ${this.timeoutMs} ms`
          : (e.cause?.code ?? e.message);
      return { ok: false, error: reason.slice(0, 200) };
    }
  }
}
