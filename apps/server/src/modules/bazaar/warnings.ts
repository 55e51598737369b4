import type { PublishWarning, WarningKind } from '@caravanserai/api';
import type { Entry } from '@caravanserai/logbook';

/** A copy warns about at most this many things: the author has seen enough to look again. */
const MAX_WARNINGS = 50;

/*
 * A copy can hold megabytes of pasted logs, base64, tokens or hex dumps, read on a worker thread
 * that body parsing and token counting share: every scan below takes time in proportion to the
 * text, whatever it holds. Each unbounded run of a pattern ends it, so a match that reaches the run
 * never gives characters back and a start that fails costs at most the run's least length; the
 * spaces after `Bearer` are read once for each `Bearer`, and e-mail addresses outwards from each
 * `@`, no further than an address may reach.
 */

/**
 * Secrets by the shapes their issuers give them: OpenAI, Anthropic and other long `sk-` tokens,
 * Google, GitHub, Slack, AWS access keys, Stripe, Hugging Face, this server's own API keys.
 */
const KEY_SHAPES =
  /sk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}|AIza[0-9A-Za-z_-]{35}|gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}|xox[abprs]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}|cvs_[A-Za-z0-9]{40}|hf_[A-Za-z0-9]{30,}/;

/**
 * A key of a known shape not run on from a letter or digit (group 1), or, after `Bearer` and
 * spaces, one of those shapes or any long token (group 2). Only `Bearer` and its first space are
 * looked back for, the other spaces read forwards: looking back over a whole run of spaces from
 * each of them takes time in the square of the run's length.
 */
const API_KEY = new RegExp(
  String.raw`(?<![A-Za-z0-9])(${KEY_SHAPES.source})|(?<=Bearer\s)\s*(${KEY_SHAPES.source}|[A-Za-z0-9._~+/-]{24,})`,
  'g',
);

/** The most an address's parts may hold (RFC 5321): a run of more is not taken whole. */
const LOCAL_MAX = 64;
const DOMAIN_MAX = 255;

/** A test of a character code for membership of a class of ASCII characters. */
function asciiClass(pattern: RegExp): (code: number) => boolean {
  const members = new Uint8Array(128);
  for (let code = 0; code < 128; code++) members[code] = pattern.test(String.fromCharCode(code)) ? 1 : 0;
  return (code) => code < 128 && members[code] === 1;
}

const isLocal = asciiClass(/[A-Za-z0-9._%+-]/);
const isLabel = asciiClass(/[A-Za-z0-9-]/);
const isLetter = asciiClass(/[A-Za-z]/);
const DOT = 0x2e;

/**
 * Phone numbers as people write them: an optional +country code, then groups of digits split by
 * spaces, dashes, dots or a bracketed area code; 9 to 15 digits in all (so dates, times and short
 * numbers pass) and not a dotted IPv4 address.
 */
const PHONE = /(?<![\w.+-])(?:\+\d{1,3}[ .-]?)?(?:\(\d{1,5}\)[ .-]?)?\d{2,5}(?:[ .-]\d{2,5}){1,4}(?![\w-])/g;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

const MESSAGES: Record<WarningKind, string> = {
  api_key: 'This looks like an API key. Anyone who reads the listing could use it.',
  email: 'This looks like an e-mail address.',
  phone: 'This looks like a phone number.',
};

function* apiKeys(text: string): Generator<string> {
  for (const match of text.matchAll(API_KEY)) yield match[1] ?? match[2]!;
}

/**
 * E-mail addresses, found from each `@`: the local part is the run of its characters before it (at
 * most LOCAL_MAX, none of them in the address found before); the domain is the labels after it,
 * split by single dots, up to its top-level domain: the letters that begin the last label after
 * the first that begins with two or more.
 */
function* emails(text: string): Generator<string> {
  let taken = 0;
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    const reach = Math.max(taken, at - LOCAL_MAX);
    let start = at;
    while (start > reach && isLocal(text.charCodeAt(start - 1))) start--;
    if (start === at) continue;
    const end = domainEnd(text, at + 1, Math.min(text.length, at + 1 + DOMAIN_MAX));
    if (end === -1) continue;
    yield text.slice(start, end);
    taken = end;
  }
}

/** Where the domain starting at `from` ends, or -1 when there is none; `limit` ends the reading. */
function domainEnd(text: string, from: number, limit: number): number {
  let next = runEnd(text, from, limit, isLabel);
  if (next === from) return -1;
  let end = -1;
  while (next + 1 < limit && text.charCodeAt(next) === DOT && isLabel(text.charCodeAt(next + 1))) {
    const label = next + 1;
    const letters = runEnd(text, label, limit, isLetter);
    if (letters - label >= 2) end = letters;
    next = runEnd(text, letters, limit, isLabel);
  }
  return end;
}

/** Where the run of characters in a class starting at `from` ends, at `limit` at the latest. */
function runEnd(text: string, from: number, limit: number, inClass: (code: number) => boolean): number {
  let end = from;
  while (end < limit && inClass(text.charCodeAt(end))) end++;
  return end;
}

function* phones(text: string): Generator<string> {
  for (const match of text.matchAll(PHONE)) if (isPhone(match[0])) yield match[0];
}

function isPhone(text: string): boolean {
  const digits = text.replace(/\D/g, '').length;
  return digits >= 9 && digits <= 15 && !IPV4.test(text) && /[ .()+-]/.test(text);
}

/** Enough to recognise what was found, never the whole of it. */
function mask(kind: WarningKind, text: string): string {
  if (kind === 'email') {
    const at = text.indexOf('@');
    return `${text.slice(0, 1)}…${text.slice(at)}`;
  }
  if (kind === 'phone') return `${text.slice(0, 4)}…${text.slice(-2)}`;
  return `${text.slice(0, Math.min(7, Math.floor(text.length / 3)))}…${text.slice(-2)}`;
}

/** What in a copy looks private, entry by entry, in the order found. */
export function findWarnings(entries: readonly Entry[]): PublishWarning[] {
  const warnings: PublishWarning[] = [];
  for (const [index, { content }] of entries.entries()) {
    const found: [WarningKind, Iterable<string>][] = [
      ['api_key', apiKeys(content)],
      ['email', emails(content)],
      ['phone', phones(content)],
    ];
    for (const [kind, texts] of found) {
      for (const text of texts) {
        warnings.push({ kind, index, excerpt: mask(kind, text), message: MESSAGES[kind] });
        // The scans are lazy: a full list reads no further.
        if (warnings.length === MAX_WARNINGS) return warnings;
      }
    }
  }
  return warnings;
}
