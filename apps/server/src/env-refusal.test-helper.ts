import { expect } from 'vitest';
import { ConfigError, parseEnv } from './env.js';

/** For the settings' tests: the message parseEnv refuses `env` with; the test fails if it is taken. */
export function refusalOf(env: Record<string, string>): string {
  try {
    parseEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}
