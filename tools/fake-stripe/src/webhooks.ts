import type { FakeEvent } from './events';
import { seconds } from './ids';
import { signatureHeader } from './signature';

/** One attempt to hand an event to the webhook endpoint. */
export interface Delivery {
  event: FakeEvent;
  url: string;
  /** The endpoint's HTTP status; null when it could not be reached. */
  status: number | null;
  /** The endpoint's answer, or why it could not be reached. */
  response: string;
}

export interface SendOptions {
  /** Where to send it; the configured endpoint by default. */
  url?: string;
  /** Sign with another secret (a forged or stale signature). */
  secret?: string;
  /** The signature's time in milliseconds; now by default. */
  timestampMs?: number;
  /** Send this header instead of a computed one ('' sends none). */
  signature?: string;
}

export interface Signed {
  payload: string;
  header: string;
}

/**
 * Sends events to the webhook endpoint as Stripe does: a JSON body (pretty-printed, so a receiver
 * that re-serialises instead of checking the raw bytes fails) signed in `Stripe-Signature`.
 * Events raised by API calls go out one at a time in the order they happened, after the call.
 */
export class WebhookSender {
  url: string | null;
  readonly deliveries: Delivery[] = [];
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly secret: string,
    private readonly clock: () => number,
    url: string | null,
  ) {
    this.url = url;
  }

  /** Queues an event for the configured endpoint; without one, it is only recorded. */
  enqueue(event: FakeEvent): void {
    const url = this.url;
    if (url === null) return;
    this.chain = this.chain.then(async () => {
      await this.send(event, { url });
    });
  }

  /** Resolves once every queued event has been delivered (or failed to be). */
  async settled(): Promise<void> {
    let current: Promise<void>;
    do {
      current = this.chain;
      await current;
    } while (current !== this.chain);
  }

  sign(event: FakeEvent, options: SendOptions = {}): Signed {
    const payload = JSON.stringify(event, null, 2);
    const at = seconds(options.timestampMs ?? this.clock());
    const header = options.signature ?? signatureHeader(payload, options.secret ?? this.secret, at);
    return { payload, header };
  }

  /** Delivers one event now and records the outcome. */
  async send(event: FakeEvent, options: SendOptions = {}): Promise<Delivery> {
    const url = options.url ?? this.url;
    if (!url) throw new Error('fake-stripe: no webhook endpoint; call setWebhookUrl first');
    const { payload, header } = this.sign(event, options);
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    };
    if (header !== '') headers['stripe-signature'] = header;
    let delivery: Delivery;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers,
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      delivery = { event, url, status: res.status, response: await res.text() };
    } catch (error) {
      delivery = { event, url, status: null, response: String(error) };
    }
    this.deliveries.push(delivery);
    return delivery;
  }

  reset(): void {
    this.deliveries.length = 0;
  }
}
