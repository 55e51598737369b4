import { describe, expect, it } from 'vitest';
import { startUntilExit } from './server-exit.js';

const PAYMENTS = {
  PAYMENTS_ENABLED: 'true',
  STRIPE_SECRET_KEY: 'sk_test_startupSecret0123456789',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_startup',
  STRIPE_PRICE_MERCHANT_MONTH: 'price_mm',
  STRIPE_PRICE_MERCHANT_YEAR: 'price_my',
  STRIPE_PRICE_SULTAN_MONTH: 'price_sm',
  STRIPE_PRICE_SULTAN_YEAR: 'price_sy',
};

const start = (env: Record<string, string>) => startUntilExit(env, 'caravanserai-payments-start-');

describe('starting with payments on', () => {
  it('refuses to start without the webhook secret, naming it, and repeats no secret', async () => {
    const { code, output } = await start(PAYMENTS);
    expect(code).toBe(1);
    expect(output).toContain('STRIPE_WEBHOOK_SECRET="" must be set when PAYMENTS_ENABLED is true');
    expect(output).not.toContain('startupSecret');
    expect(output).not.toContain('Caravanserai is running');
  });
});
