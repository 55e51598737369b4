import { describe, expect, it } from 'vitest';
import { maskKey, SecretBox, shownHint } from './secret-box.js';

describe('SecretBox', () => {
  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sut = new SecretBox('server secret');
    const sealed = sut.seal('sk-live-0123456789abcdef');
    expect(sealed).not.toContain('0123456789');
    expect(sut.open(sealed)).toBe('sk-live-0123456789abcdef');
  });

  it('seals the same text differently each time', () => {
    const sut = new SecretBox('server secret');
    expect(sut.seal('same')).not.toBe(sut.seal('same'));
  });

  it('refuses a value sealed under another secret or tampered with', () => {
    const sealed = new SecretBox('one').seal('key');
    expect(() => new SecretBox('two').open(sealed)).toThrow();
    const parts = sealed.split(':');
    parts[3] = Buffer.from('other').toString('base64');
    expect(() => new SecretBox('one').open(parts.join(':'))).toThrow();
  });
});

describe('maskKey', () => {
  it('shows at most the last four characters of a long key', () => {
    expect(maskKey('sk-proj-abcdefghijklmnop1234')).toBe('…1234');
  });

  it('shows nothing of a short key', () => {
    expect(maskKey('short')).toBe('…••••');
    expect(maskKey('ab')).toBe('…••');
  });
});

describe('shownHint', () => {
  it('shows new hints as they are and older ones without their prefix', () => {
    expect(shownHint(maskKey('sk-proj-abcdefghijklmnop1234'))).toBe('…1234');
    expect(shownHint('sk-…1234')).toBe('…1234');
    expect(shownHint(maskKey('short'))).toBe('…••••');
  });
});
