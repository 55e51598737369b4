import { createCipheriv } from 'node:crypto';
import { entry } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';
import { findWarnings } from './warnings.js';

/** What the copy of these entries' contents warns of: kind, entry and excerpt. */
const found = (...contents: string[]) =>
  findWarnings(contents.map((content) => entry('gen', content))).map(({ kind, index, excerpt }) => [
    kind,
    index,
    excerpt,
  ]);

const MB = 1024 * 1024;

/**
 * Encoded data of `chars` characters, the same on every run: base64url (letters, digits, `-` and
 * `_`) or base64 (letters, digits, `+` and `/`) of a fixed AES-CTR key stream.
 */
function blob(chars: number, encoding: 'base64url' | 'base64' = 'base64url'): string {
  const stream = createCipheriv('aes-128-ctr', Buffer.alloc(16, 7), Buffer.alloc(16));
  return stream
    .update(Buffer.alloc(Math.ceil((chars * 3) / 4)))
    .toString(encoding)
    .slice(0, chars);
}

/** A JWT of about `chars` characters: three base64url parts joined by dots. */
const jwt = (chars: number) => `eyJhbGciOiJIUzI1NiJ9.${blob(chars)}.${blob(43)}`;

const KEY = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789';

describe('what a copy warns of', () => {
  it('finds API keys, e-mail addresses and phone numbers, masked, entry by entry', () => {
    expect(
      found(
        'Why does my call fail?',
        `Your key ${KEY} was rejected.`,
        'Write to alice@example.com or ring +44 20 7946 0958.',
      ),
    ).toEqual([
      ['api_key', 1, 'sk-proj…89'],
      ['email', 2, 'a…@example.com'],
      ['phone', 2, '+44 …58'],
    ]);
    const warning = findWarnings([entry('gen', KEY)])[0];
    expect(warning?.message).toBe('This looks like an API key. Anyone who reads the listing could use it.');
  });

  it('finds a token after Bearer, a known key shape by its own extent', () => {
    expect(
      found(
        'Authorization: Bearer abcdefghijklmnopqrstuvwx.yz~+/0123',
        `Authorization: Bearer \t ${KEY}.more`,
        'Bearer short-token',
        'Bearer',
      ),
    ).toEqual([
      ['api_key', 0, 'abcdefg…23'],
      ['api_key', 1, 'sk-proj…89'],
    ]);
  });

  it('reads addresses as before: dotted domains, a top-level domain of letters, none overlapping', () => {
    expect(
      found(
        'a@b.com.x@c.org',
        'first.last+tag@mail.example.co.uk9',
        'a@1.2ab.cd9 and a@localhost and a@b.c',
        `${'x'.repeat(100)}@example.com`,
      ),
    ).toEqual([
      ['email', 0, 'a…@b.com'],
      ['email', 0, '.…@c.org'],
      ['email', 1, 'f…@mail.example.co.uk'],
      ['email', 2, 'a…@1.2ab.cd'],
      ['email', 3, 'x…@example.com'],
    ]);
  });

  it('stops at fifty warnings', () => {
    const many = Array.from({ length: 60 }, (_, i) => `user${i}@example.com`).join(' ');
    expect(found(many)).toHaveLength(50);
  });
});

/*
 * Inputs of megabytes that patterns which retry a long run from each of its characters took hours
 * to read: a regression shows as a test run out of time.
 */
describe('reading megabytes of pasted data', () => {
  it.each([
    ['letters and digits without an @', 'a'.repeat(4 * MB)],
    ['a hex dump', '0123456789abcdef'.repeat(MB / 4)],
    ['a base64url blob', blob(4 * MB)],
    ['a JWT', jwt(4 * MB)],
    ['address characters around one @', `${'a.b'.repeat(MB / 2)}@${'c-d'.repeat(MB / 2)}`],
    ['dotted labels after an @', `x@${'a1.'.repeat(MB)}`],
    ['@ after @', 'a@'.repeat(MB)],
    ['spaces', ' '.repeat(4 * MB)],
    ['spaces after Bearer', `Bearer${' '.repeat(2 * MB)}`],
    ['whitespace after Bearer, then a short token', `Bearer${' \t\n'.repeat(MB)}abc`],
    ['Bearer after Bearer', 'Bearer '.repeat(MB / 2)],
    ['a long digit run', '9'.repeat(4 * MB)],
    ['digits split by spaces', '1 '.repeat(2 * MB)],
    ['digits split by dashes', '12-34-'.repeat(MB / 2)],
    ['bracketed digits', '(12345)'.repeat(MB / 2)],
  ])('finds nothing in %s', (_name, content) => {
    expect(found(content)).toEqual([]);
  });

  it('finds a long base64 token after Bearer whole', () => {
    const token = blob(4 * MB, 'base64');
    expect(found(`Authorization: Bearer ${token}`)).toEqual([
      ['api_key', 0, `${token.slice(0, 7)}…${token.slice(-2)}`],
    ]);
  });

  it('finds what a long key shape holds as one key', () => {
    const key = `sk-${'a'.repeat(2 * MB)}`;
    expect(found(key, `x${key}`)).toEqual([['api_key', 0, 'sk-aaaa…aa']]);
  });

  it('still finds what looks private among them', () => {
    const data = blob(MB);
    const content = [
      data,
      `Bearer ${KEY}`,
      `${'a'.repeat(MB)}alice@example.com`,
      `ring +44 20 7946 0958 ${'9'.repeat(MB)}`,
      `${' '.repeat(MB)}Bearer ${'\t'.repeat(MB)}abcdefghijklmnopqrstuvwxyz`,
      data,
    ].join(' ');
    expect(found(data, content)).toEqual([
      ['api_key', 1, 'sk-proj…89'],
      ['api_key', 1, 'abcdefg…yz'],
      ['email', 1, 'a…@example.com'],
      ['phone', 1, '+44 …58'],
    ]);
  });

  it('keeps to fifty warnings in a copy full of them', () => {
    const many = 'bob@example.com '.repeat((4 * MB) / 16);
    expect(found(many, `${KEY} `.repeat(MB / 8))).toHaveLength(50);
  });
});
