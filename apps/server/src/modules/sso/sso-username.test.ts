import { describe, expect, it } from 'vitest';
import { usernameBase, usernameCandidate } from './sso-username.js';

describe("a new single sign-on account's username", () => {
  it('comes from the preferred username, else the e-mail local part, else "user"', () => {
    expect(usernameBase('kofi', 'k.mensah@corp.example')).toBe('kofi');
    expect(usernameBase('kofi.mensah@corp.example', null)).toBe('kofi.mensah');
    expect(usernameBase(null, 'lena+work@corp.example')).toBe('lena+work');
    expect(usernameBase('  ', null)).toBe('user');
    expect(usernameBase('李雷', '李雷@corp.example')).toBe('user');
  });

  it('keeps only the characters a username may hold', () => {
    expect(usernameBase('José Núñez', null)).toBe('Jose.Nunez');
    expect(usernameBase('../admin', null)).toBe('admin');
    expect(usernameBase('a'.repeat(300), null)).toHaveLength(140);
  });

  it('counts on from 2 when taken', () => {
    expect([1, 2, 3].map((n) => usernameCandidate('kofi', n))).toEqual(['kofi', 'kofi2', 'kofi3']);
  });
});
