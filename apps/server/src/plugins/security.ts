import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Where Stripe Elements lives (Stripe's CSP guide): its script, the frames of the card field and
 * of 3-D Secure, and the API the card field sends the card to. Allowed only with payments on, so
 * a server with them off lets the page reach no third party at all.
 */
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;

export interface SecurityOptions {
  /** PAYMENTS_ENABLED: the card provider's origins join the CSP. */
  payments: boolean;
}

/**
 * Security headers with a CSP the SPA lives with: its own scripts only, inline styles for the UI
 * kit's runtime styles, data: images and fonts, and API calls to its own origin (plus Stripe's,
 * above, with payments on).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  const stripe = (list: readonly string[]) => (options.payments ? list : []);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe(STRIPE.script)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stripe(STRIPE.connect)],
        workerSrc: ["'self'", 'blob:'],
        // Without payments frames fall back to default-src 'self', as before.
        ...(options.payments ? { frameSrc: ["'self'", ...STRIPE.frame] } : {}),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Cross-origin isolation would block the card provider's frames; CSP covers framing.
    crossOriginEmbedderPolicy: false,
  });
}
