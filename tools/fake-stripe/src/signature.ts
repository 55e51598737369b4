import { createHmac } from 'node:crypto';

/**
 * The `Stripe-Signature` header of a webhook: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<payload>" under the endpoint's secret>`, which `stripe.webhooks.constructEvent` checks.
 */
export function signatureHeader(payload: string, secret: string, timestampSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}
