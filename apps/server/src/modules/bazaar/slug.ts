import { randomBytes } from 'node:crypto';

const WORDS_CHARS = 60;
const SUFFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A listing's address: its title's words in lowercase ASCII, then six random characters so that
 * two listings of one title never collide (`sourdough-starter-k3f9x2`).
 */
export function newSlug(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, WORDS_CHARS)
    .replace(/-+$/, '');
  const suffix = [...randomBytes(6)].map((b) => SUFFIX_ALPHABET[b % SUFFIX_ALPHABET.length]).join('');
  return words ? `${words}-${suffix}` : suffix;
}

/** The listing page's path. */
export const listingUrl = (slug: string) => `/bazaar/${slug}`;
