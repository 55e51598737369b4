import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type FakeProvider, startFakeProvider } from '@caravanserai/fake-provider';
import { type FakeStripe, startFakeStripe } from '@caravanserai/fake-stripe';
import { type Config, startServer, stripeSettingsFor, type TestServer } from '@caravanserai/test-kit';
import { type Mailbox, startMailbox } from '@caravanserai/test-kit/mailbox';

export const WEB_DIST = join(import.meta.dirname, '..', '..', 'apps', 'web', 'dist');

export interface AppUnderTest {
  server: TestServer;
  fake: FakeProvider;
  /** With payments on: the fake Stripe the server talks to, whose events reach its webhook. */
  stripe: FakeStripe | null;
  /** With mail on: the loopback SMTP server the app sends its mail to (SMTP_URL), to read it from. */
  mailbox: Mailbox | null;
  /** The app's origin, e.g. http://127.0.0.1:41234 */
  origin: string;
  close(): Promise<void>;
}

/** The app as tests and helpers use it: everything but closing it, which its owner does. */
export type RunningApp = Omit<AppUnderTest, 'close'>;

/** The publishable key browsers are told with payments on. */
const FAKE_PUBLISHABLE_KEY = 'pk_test_caravanserai_e2e';

/**
 * The real server (SQLite, fresh data) serving the built web app, with the fake AI provider
 * allowed as a well address, and `config` on top (e.g. `{ apiPrefix: '/v1' }`). With `payments`,
 * payments are on and the server talks to a fake Stripe started first, whose webhook events go to
 * the server. The build must exist: scripts/test.mjs builds it first.
 */
export async function startApp(
  config: Partial<Config> = {},
  options: { payments?: boolean; mail?: boolean } = {},
): Promise<AppUnderTest> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build --workspace @caravanserai/web` first.');
  }
  const fake = await startFakeProvider();
  const stripe = options.payments ? await startFakeStripe() : null;
  const mailbox = options.mail ? await startMailbox() : null;
  const payments: Partial<Config> = stripe
    ? { paymentsEnabled: true, stripePublishableKey: FAKE_PUBLISHABLE_KEY, stripe: stripeSettingsFor(stripe) }
    : {};
  const server = await startServer({
    webRoot: WEB_DIST,
    wellAllowedHosts: [new URL(fake.url).host],
    ...payments,
    ...(mailbox ? { smtpUrl: mailbox.url } : {}),
    ...config,
  });
  stripe?.setWebhookUrl(`${server.baseUrl}/payments/webhook/`);
  return {
    server,
    fake,
    stripe,
    mailbox,
    origin: server.origin,
    async close() {
      await stripe?.webhooksSettled();
      try {
        // Fails when the app answered an error code its route does not declare.
        await server.close();
      } finally {
        await stripe?.close();
        await mailbox?.close();
        await fake.close();
      }
    },
  };
}
