import type { ProviderClaims } from './oidc-client.js';

/** Who signed in at the provider, as this server reads the provider's claims. */
export interface SsoPerson {
  issuer: string;
  subject: string;
  /** Lower-cased; null when the provider shared none (or none that looks like an address). */
  email: string | null;
  /** The provider vouches for the address (`email_verified` true). */
  emailVerified: boolean;
  /** What the provider calls them, if anything: the first choice of a new account's username. */
  preferredUsername: string | null;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,253}$/;

export function personOf({ issuer, subject, claims }: ProviderClaims): SsoPerson {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  const preferred = typeof claims.preferred_username === 'string' ? claims.preferred_username.trim() : '';
  return {
    issuer,
    subject,
    email: EMAIL.test(email) ? email : null,
    // Some providers send the flag as a string.
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    preferredUsername: preferred || null,
  };
}

/** The domain of an address, lower case. */
export const domainOf = (email: string): string => email.slice(email.lastIndexOf('@') + 1);

export const NO_EMAIL =
  'The sign-in provider did not share your e-mail address, which this server needs to sign you in: allow it to, or sign in with your password.';
export const EMAIL_UNVERIFIED =
  'Your e-mail address is not verified at the sign-in provider, so it cannot sign you in here: verify it there first, or sign in with your password.';

/** Why the person may not sign in under OIDC_ALLOWED_DOMAINS, or null when they may. */
export function domainRefusal(person: SsoPerson, allowed: readonly string[]): string | null {
  if (allowed.length === 0) return null;
  if (!person.email) return NO_EMAIL;
  if (!person.emailVerified) return EMAIL_UNVERIFIED;
  if (allowed.includes(domainOf(person.email))) return null;
  return `Single sign-on on this server is for e-mail addresses at ${allowed.join(', ')}; ${person.email} is not one of them.`;
}

/** Why the person's address cannot find or make an account, or null when it can. */
export function emailRefusal(person: SsoPerson): string | null {
  if (!person.email) return NO_EMAIL;
  if (!person.emailVerified) return EMAIL_UNVERIFIED;
  return null;
}
