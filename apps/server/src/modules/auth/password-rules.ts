/**
 * Django's four default password validators (django.contrib.auth.password_validation), with
 * Django's messages, in the order a new Django project lists them in AUTH_PASSWORD_VALIDATORS.
 * Lengths and comparisons go by code point, as Python's str does.
 */

export const MIN_PASSWORD_LENGTH = 8;
/** UserAttributeSimilarityValidator's default. */
export const MAX_SIMILARITY = 0.7;

export const PASSWORD_TOO_SHORT = `This password is too short. It must contain at least ${MIN_PASSWORD_LENGTH} characters.`;
export const PASSWORD_TOO_COMMON = 'This password is too common.';
export const PASSWORD_ENTIRELY_NUMERIC = 'This password is entirely numeric.';
export const tooSimilarTo = (verboseName: string) => `The password is too similar to the ${verboseName}.`;

/** The account a password is for; Django compares the password with these attributes. */
export interface PasswordOwner {
  username: string;
  email?: string | undefined;
}

/** Every rule the password breaks, as messages; empty when it is acceptable. */
export async function passwordProblems(password: string, owner: PasswordOwner): Promise<string[]> {
  const problems: string[] = [];
  const similar = similarAttribute(password, owner);
  if (similar) problems.push(tooSimilarTo(similar));
  if (codePoints(password).length < MIN_PASSWORD_LENGTH) problems.push(PASSWORD_TOO_SHORT);
  if (await isCommon(password)) problems.push(PASSWORD_TOO_COMMON);
  // Python's str.isdigit(); \p{Nd} leaves out the few other digits it counts (superscripts, ①).
  if (/^\p{Nd}+$/u.test(password)) problems.push(PASSWORD_ENTIRELY_NUMERIC);
  return problems;
}

/** Django's attribute names with their verbose names, in Django's order; the first match wins. */
const ATTRIBUTES = [
  ['username', 'username'],
  ['email', 'email address'],
] as const;

function similarAttribute(password: string, owner: PasswordOwner): string | null {
  const lowered = password.toLowerCase();
  for (const [name, verboseName] of ATTRIBUTES) {
    const value = owner[name];
    if (!value) continue;
    const valueLower = value.toLowerCase();
    // Python's re.split(r"\W+", ...) plus the whole value, so 'ali@example.com' also guards 'ali'.
    const parts = [...valueLower.split(/[^\p{L}\p{N}_]+/u), valueLower];
    for (const part of parts) {
      if (exceedsMaximumLengthRatio(lowered, MAX_SIMILARITY, part)) continue;
      if (quickRatio(lowered, part) >= MAX_SIMILARITY) return verboseName;
    }
  }
  return null;
}

/**
 * Django's shortcut: a value ten times shorter than the password can never reach the maximum
 * similarity, so it is skipped (and an empty part with it).
 */
export function exceedsMaximumLengthRatio(password: string, maxSimilarity: number, value: string): boolean {
  const passwordLength = codePoints(password).length;
  const valueLength = codePoints(value).length;
  return passwordLength >= 10 * valueLength && valueLength < (maxSimilarity / 2) * passwordLength;
}

/**
 * difflib.SequenceMatcher(a=a, b=b).quick_ratio(): an upper bound on ratio() from the characters
 * the two strings share, counted with multiplicity.
 */
export function quickRatio(a: string, b: string): number {
  const available = new Map<string, number>();
  const bChars = codePoints(b);
  for (const char of bChars) available.set(char, (available.get(char) ?? 0) + 1);
  const aChars = codePoints(a);
  let matches = 0;
  for (const char of aChars) {
    const left = available.get(char) ?? 0;
    if (left > 0) matches += 1;
    available.set(char, left - 1);
  }
  const length = aChars.length + bChars.length;
  return length ? (2 * matches) / length : 1;
}

/**
 * CommonPasswordValidator with the zxcvbn-ts list instead of Django's (both are lower-case leaks
 * lists). Django's check alone lets '        ' and 'aaaaaaaa' through, so a password that is blank
 * once stripped, or one character repeated, counts as common too.
 */
async function isCommon(password: string): Promise<boolean> {
  const candidate = pythonStrip(password.toLowerCase());
  if (new Set(candidate).size <= 1) return true;
  return (await commonPasswords()).has(candidate);
}

let common: Promise<Set<string>> | undefined;

/** The list is about 49,000 words: loaded on the first registration, not at server start. */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
    (error: unknown) => {
      // A failed load is retried by the next registration rather than remembered.
      common = undefined;
      throw error;
    },
  );
  return common;
}

/** The characters Python's str.strip() removes: str.isspace() is wider than JS trim(). */
const PY_SPACE = '[\\t-\\r\\x1c-\\x20\\x85\\p{Zs}\\u2028\\u2029]';
const PY_STRIP = new RegExp(`^${PY_SPACE}+|${PY_SPACE}+$`, 'gu');

function pythonStrip(value: string): string {
  return value.replace(PY_STRIP, '');
}

function codePoints(value: string): string[] {
  return Array.from(value);
}
