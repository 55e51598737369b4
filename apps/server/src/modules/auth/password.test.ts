import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, UNUSABLE_PASSWORD, verifyPassword } from './password.js';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('open sesame');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(hash).not.toContain('open sesame');
    expect(await verifyPassword('open sesame', hash)).toBe(true);
    expect(await verifyPassword('open sesame!', hash)).toBe(false);
  });

  it('salts each hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('never matches the unusable or dummy hash', async () => {
    expect(await verifyPassword('', UNUSABLE_PASSWORD)).toBe(false);
    expect(await verifyPassword('anything', DUMMY_HASH)).toBe(false);
  });
});
