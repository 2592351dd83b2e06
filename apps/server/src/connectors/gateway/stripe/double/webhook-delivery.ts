// Delivers events to the one webhook endpoint the way Stripe does: a POST of the event's JSON signed with
// `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">` under the endpoint's secret, so that
// stripe.webhooks.constructEvent accepts it; any answer but 2xx is retried with backoff (1 s, 2 s, 4 s, 8 s: five
// tries in all). Attempts go out one at a time in the events' creation order; a failing event does not hold back
// the ones after it (Stripe does not guarantee order either, and a stuck endpoint must not freeze the double).
import { createHmac } from 'node:crypto';
import type Stripe from 'stripe';

const MAX_ATTEMPTS = 5;
const FIRST_RETRY_MS = 1000;
const ATTEMPT_TIMEOUT_MS = 10_000;

export type WebhookEndpoint = { url: string; secret: string };

export type DeliveryResult = { delivered: boolean; status: number | null };

type Delivery = { event: Stripe.Event; attempts: number; dueAt: number };

export class WebhookDelivery {
  private queue: Delivery[] = [];
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Set<AbortController>();
  private closed = false;

  constructor(
    private endpoint: WebhookEndpoint | null,
    /** Unix seconds for the signature's timestamp: the double's clock, which a test may have set. */
    private readonly now: () => number,
  ) {}

  setEndpoint(endpoint: WebhookEndpoint | null): void {
    this.endpoint = endpoint;
    // Deliveries belong to an endpoint; with none, what was pending has nowhere to go.
    if (!endpoint) this.queue = [];
  }

  /** Called for each new event; events created while no endpoint is set are never delivered (as on Stripe). */
  enqueue(event: Stripe.Event): void {
    if (!this.endpoint || this.closed) return;
    event.pending_webhooks = 1;
    this.queue.push({ event, attempts: 0, dueAt: 0 });
    setImmediate(() => void this.pass(false));
  }

  /** Tries every pending delivery now, retries included, and resolves when the attempts have answered. */
  deliverPending(): Promise<void> {
    return this.pass(true);
  }

  /** Tries the deliveries that are due (new ones), and resolves when they have answered. */
  deliverDue(): Promise<void> {
    return this.pass(false);
  }

  /** One more delivery of an event already delivered (or not): what a replayed webhook looks like. */
  resend(event: Stripe.Event): Promise<DeliveryResult> {
    const result = this.chain.then(() => this.attempt(event));
    this.chain = result.then(() => undefined);
    return result;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    for (const controller of this.inFlight) controller.abort();
    await this.chain;
  }

  private pass(force: boolean): Promise<void> {
    this.chain = this.chain.then(async () => {
      for (const delivery of [...this.queue]) {
        if (this.closed) return;
        if (!force && delivery.dueAt > Date.now()) continue;
        if (!this.queue.includes(delivery)) continue;
        const { delivered } = await this.attempt(delivery.event);
        delivery.attempts += 1;
        if (delivered || delivery.attempts >= MAX_ATTEMPTS) {
          this.queue = this.queue.filter((item) => item !== delivery);
        } else {
          delivery.dueAt = Date.now() + FIRST_RETRY_MS * 2 ** (delivery.attempts - 1);
        }
      }
      this.scheduleRetry();
    });
    return this.chain;
  }

  private scheduleRetry(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.closed || this.queue.length === 0) return;
    const next = Math.min(...this.queue.map((delivery) => delivery.dueAt));
    this.timer = setTimeout(() => void this.pass(false), Math.max(0, next - Date.now()));
    this.timer.unref();
  }

  private async attempt(event: Stripe.Event): Promise<DeliveryResult> {
    const endpoint = this.endpoint;
    if (!endpoint || this.closed) return { delivered: false, status: null };
    const body = JSON.stringify(event, null, 2);
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), ATTEMPT_TIMEOUT_MS);
    this.inFlight.add(controller);
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader(body, endpoint.secret, this.now()),
        },
        body,
        signal: controller.signal,
      });
      await response.arrayBuffer().catch(() => undefined);
      const delivered = response.status >= 200 && response.status < 300;
      if (delivered) event.pending_webhooks = 0;
      return { delivered, status: response.status };
    } catch {
      // Refused, reset or timed out: the same as a non-2xx answer for Stripe, a retry.
      return { delivered: false, status: null };
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
  }
}

export function signatureHeader(body: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
