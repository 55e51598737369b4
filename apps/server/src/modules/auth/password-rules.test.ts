import { describe, expect, it } from 'vitest';
import {
  exceedsMaximumLengthRatio,
  PASSWORD_ENTIRELY_NUMERIC,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_SHORT,
  type PasswordOwner,
  passwordProblems,
  quickRatio,
} from './password-rules.js';

const caravanner: PasswordOwner = { username: 'caravanner', email: 'ali.baba@example.com' };
const problems = (password: string, owner = caravanner) => passwordProblems(password, owner);

describe('password rules', () => {
  it('accepts good passwords', async () => {
    for (const password of [
      'correct-horse-battery',
      'caravan-secret-42',
      'bench-password-123',
      'Tr0ub4dor&3',
      'saffron lanterns at dusk',
    ]) {
      expect(await problems(password), password).toEqual([]);
    }
  });

  it('uses Django’s messages', () => {
    expect(PASSWORD_TOO_SHORT).toBe('This password is too short. It must contain at least 8 characters.');
    expect(PASSWORD_TOO_COMMON).toBe('This password is too common.');
    expect(PASSWORD_ENTIRELY_NUMERIC).toBe('This password is entirely numeric.');
  });

  it('refuses passwords shorter than 8 characters, counting code points', async () => {
    expect(await problems('x7!bQz')).toEqual([PASSWORD_TOO_SHORT]);
    expect(await problems('x7!bQz9')).toEqual([PASSWORD_TOO_SHORT]);
    expect(await problems('x7!bQz9w')).toEqual([]);
    // Seven emoji are fourteen UTF-16 units, but Python (and so Django) counts seven characters.
    expect(await problems('🐪🌙🏜🐫⛺🌵🔥')).toEqual([PASSWORD_TOO_SHORT]);
  });

  it('refuses common passwords from the zxcvbn-ts list, ignoring case and outer spaces', async () => {
    expect(await problems('password')).toEqual([PASSWORD_TOO_COMMON]);
    expect(await problems('qwertyuiop')).toEqual([PASSWORD_TOO_COMMON]);
    expect(await problems('  PassWord  ')).toEqual([PASSWORD_TOO_COMMON]);
    expect(await problems('iloveyou')).toEqual([PASSWORD_TOO_COMMON]);
  });

  it('refuses blank passwords and one character repeated, which the list misses', async () => {
    expect(await problems('        ')).toEqual([PASSWORD_TOO_COMMON]);
    expect(await problems('\t\n  \u00a0 \u3000 ')).toEqual([PASSWORD_TOO_COMMON]);
    expect(await problems('aaaaaaaa')).toEqual([PASSWORD_TOO_COMMON]);
    expect(await problems('aAaAaAaAaA')).toEqual([PASSWORD_TOO_COMMON]);
    expect(await problems(' ######## ')).toEqual([PASSWORD_TOO_COMMON]);
    expect(await problems('   ')).toEqual([PASSWORD_TOO_SHORT, PASSWORD_TOO_COMMON]);
  });

  it('refuses entirely numeric passwords, and says every problem at once', async () => {
    expect(await problems('12345678')).toEqual([PASSWORD_TOO_COMMON, PASSWORD_ENTIRELY_NUMERIC]);
    expect(await problems('9073518264')).toEqual([PASSWORD_ENTIRELY_NUMERIC]);
    expect(await problems('٣٨٤٦٢٩١٥٠٧')).toEqual([PASSWORD_ENTIRELY_NUMERIC]);
    expect(await problems('4321')).toEqual([PASSWORD_TOO_SHORT, PASSWORD_ENTIRELY_NUMERIC]);
    expect(await problems('9073518264x')).toEqual([]);
  });

  it('refuses passwords too similar to the username', async () => {
    const similar = ['The password is too similar to the username.'];
    expect(await problems('caravanner1')).toEqual(similar);
    expect(await problems('CARAVANNER')).toEqual(similar);
    expect(await problems('rennavarac')).toEqual(similar);
    expect(await problems('caravan-99')).toEqual(similar);
    expect(await problems('caravanner-crossing-the-steppe')).toEqual([]);
  });

  it('refuses passwords too similar to the email address or one of its parts', async () => {
    const similar = ['The password is too similar to the email address.'];
    expect(await problems('ali.baba@example.com')).toEqual(similar);
    expect(await problems('example!7')).toEqual(similar);
    expect(await problems('example!7', { username: 'caravanner' })).toEqual([]);
    expect(await problems('example!7', { username: 'caravanner', email: '' })).toEqual([]);
  });

  it('names only the first attribute that is too similar, as Django does', async () => {
    expect(await problems('bukhara-1', { username: 'bukhara', email: 'bukhara@example.com' })).toEqual([
      'The password is too similar to the username.',
    ]);
  });

  it('reports similarity first, then length, common and numeric, in Django’s order', async () => {
    expect(await problems('1234', { username: '1234' })).toEqual([
      'The password is too similar to the username.',
      PASSWORD_TOO_SHORT,
      PASSWORD_TOO_COMMON,
      PASSWORD_ENTIRELY_NUMERIC,
    ]);
  });
});

describe('quickRatio', () => {
  it('matches difflib.SequenceMatcher.quick_ratio', () => {
    expect(quickRatio('abcd', 'bcde')).toBe(0.75);
    expect(quickRatio('a', 'aaaaaaaaaa')).toBeCloseTo(0.18181818181818182, 15);
    expect(quickRatio('caravanner1', 'caravanner')).toBeCloseTo(0.9523809523809523, 15);
    expect(quickRatio('correct-horse-battery', 'auth12345n1')).toBe(0.1875);
    expect(quickRatio('', '')).toBe(1);
    expect(quickRatio('abc', '')).toBe(0);
  });
});

describe('exceedsMaximumLengthRatio', () => {
  it('skips values ten times shorter than the password, as Django does', () => {
    expect(exceedsMaximumLengthRatio('a'.repeat(40), 0.7, 'abcd')).toBe(true);
    expect(exceedsMaximumLengthRatio('a'.repeat(39), 0.7, 'abcd')).toBe(false);
    expect(exceedsMaximumLengthRatio('a'.repeat(10), 0.7, '')).toBe(true);
    expect(exceedsMaximumLengthRatio('', 0.7, '')).toBe(false);
  });
});
