import { describe, expect, it } from 'vitest';
import { startUntilExit } from './server-exit.js';

const start = (env: Record<string, string>) => startUntilExit(env, 'caravanserai-redis-start-');

describe('starting with REDIS_URL', () => {
  it('refuses to start when Redis does not answer, naming the setting, and repeats no password', async () => {
    // Nothing listens on port 1.
    const { code, output } = await start({ REDIS_URL: 'redis://:s3cret-word@127.0.0.1:1' });
    expect(code).toBe(1);
    expect(output).toContain('REDIS_URL: cannot connect to Redis at redis://:***@127.0.0.1:1');
    expect(output).toContain('ECONNREFUSED');
    expect(output).not.toContain('s3cret-word');
    expect(output).not.toContain('Caravanserai is running');
  });
});
