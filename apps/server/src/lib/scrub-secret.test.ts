import { describe, expect, it } from 'vitest';
import { LEAK_RUN, scrubSecret } from './scrub-secret.js';

const KEY = 'sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';

describe('scrubSecret', () => {
  it('removes the whole key', () => {
    expect(scrubSecret(`Incorrect API key provided: ${KEY}.`, KEY)).toBe(
      'Incorrect API key provided: [key].',
    );
  });

  it('removes a partial echo: the key less two characters at each end', () => {
    const echoed = KEY.slice(2, -2);
    const out = scrubSecret(`Incorrect API key provided: ${echoed}. Check it.`, KEY);
    expect(out).toBe('Incorrect API key provided: [key]. Check it.');
  });

  it('removes every run of eight or more characters of the key, wherever it stands', () => {
    for (let start = 0; start + LEAK_RUN <= KEY.length; start += 3) {
      const run = KEY.slice(start, start + LEAK_RUN);
      const out = scrubSecret(`before ${run} after`, KEY);
      expect(out).toBe('before [key] after');
    }
    const masked = `${KEY.slice(0, 10)}****${KEY.slice(-10)}`;
    expect(scrubSecret(`key ${masked}`, KEY)).toBe('key [key]****[key]');
  });

  it('leaves runs shorter than eight characters and unrelated text alone', () => {
    expect(scrubSecret(`prefix ${KEY.slice(0, 7)} only`, KEY)).toBe(`prefix ${KEY.slice(0, 7)} only`);
    expect(scrubSecret('HTTP 401: Unauthorized', KEY)).toBe('HTTP 401: Unauthorized');
  });

  it('scrubs a short key whole', () => {
    expect(scrubSecret('bad key ollama123 given', 'ollama123'.slice(0, 7))).toBe('bad key [key]23 given');
    expect(scrubSecret('key abc refused', 'abc')).toBe('key abc refused');
  });
});
