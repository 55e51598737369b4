import { parseArgs } from 'node:util';
import { FAKE_PRICES } from './prices';
import { startFakeStripe } from './server';

/**
 * `node --import tsx tools/fake-stripe/src/cli.ts [--port 12111] [--host 127.0.0.1]
 * [--secret-key sk_test_...] [--webhook-secret whsec_...] [--webhook-url URL]`:
 * runs the fake until interrupted and prints the settings that point a server at it.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '12111' },
    host: { type: 'string', default: '127.0.0.1' },
    'secret-key': { type: 'string' },
    'webhook-secret': { type: 'string' },
    'webhook-url': { type: 'string' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be a port number, not ${values.port}`);
  process.exit(2);
}

const fake = await startFakeStripe({
  port,
  host: values.host,
  ...(values['secret-key'] && { secretKey: values['secret-key'] }),
  ...(values['webhook-secret'] && { webhookSecret: values['webhook-secret'] }),
  webhookUrl: values['webhook-url'] ?? null,
});
console.log(
  [
    `Fake Stripe listening on ${fake.url}`,
    '',
    'Server settings:',
    '  PAYMENTS_ENABLED=true',
    `  STRIPE_API_BASE=${fake.url}`,
    `  STRIPE_SECRET_KEY=${fake.secretKey}`,
    `  STRIPE_WEBHOOK_SECRET=${fake.webhookSecret}`,
    '  STRIPE_PUBLISHABLE_KEY=pk_test_fake',
    `  STRIPE_PRICE_MERCHANT_MONTH=${FAKE_PRICES.merchant.month}`,
    `  STRIPE_PRICE_MERCHANT_YEAR=${FAKE_PRICES.merchant.year}`,
    `  STRIPE_PRICE_SULTAN_MONTH=${FAKE_PRICES.sultan.month}`,
    `  STRIPE_PRICE_SULTAN_YEAR=${FAKE_PRICES.sultan.year}`,
    '',
    values['webhook-url']
      ? `Events are sent to ${values['webhook-url']}.`
      : 'No --webhook-url: events are recorded but not sent.',
    'Test cards: pm_card_visa, pm_card_mastercard, pm_card_chargeDeclined, pm_card_chargeCustomerFail. Ctrl-C stops.',
  ].join('\n'),
);

const stop = (): void => {
  fake.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
