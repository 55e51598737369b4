import { USERNAME } from '@caravanserai/api';

/** Room left for a number after the name, within the 150 characters a username may have. */
const MAX_BASE = 140;

/** A name made only of the characters a username may hold, or '' when nothing is left of it. */
function cleaned(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '.')
    .replace(/[^\w.@+-]/g, '')
    .replace(/^[.@+-]+|[.@+-]+$/g, '')
    .slice(0, MAX_BASE);
}

/**
 * A new account's username, before it is made unique: the provider's preferred username (its
 * part before an @, when it is an address), else the e-mail's local part, else 'user'.
 */
export function usernameBase(preferred: string | null, email: string | null): string {
  for (const name of [preferred, email]) {
    if (!name) continue;
    const local = name.includes('@') ? name.slice(0, name.lastIndexOf('@')) : name;
    const base = cleaned(local);
    if (base && USERNAME.test(base)) return base;
  }
  return 'user';
}

/** The n-th name tried for a base: the base itself, then base2, base3, ... */
export const usernameCandidate = (base: string, n: number): string => (n <= 1 ? base : `${base}${n}`);
