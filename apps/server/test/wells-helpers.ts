import type { ApiClient, Well, WellCreate } from '@caravanserai/api';
import { pathOf, routes } from '@caravanserai/api';
import { createFakeWell as createWellOnFake, type UsedServer } from '@caravanserai/test-kit';
import { expect } from 'vitest';

let sequence = 0;

/**
 * What the wells tests expect: the key their wells hold unless told otherwise, as stored and as shown
 * back, and the address each provider's wells call when given none.
 */
export const WELL_DEFAULTS = {
  KEY: 'sk-test-0123456789',
  MASKED: '…6789',
  DEFAULT_URLS: {
    openai: 'https://api.openai.com/v1',
    anthropic: 'https://api.anthropic.com/v1',
    google: 'https://generativelanguage.googleapis.com/v1beta',
    mistral: 'https://api.mistral.ai/v1',
  },
} as const;

/** The wells tests' helpers, over the server and fake provider of the file's useServer. */
export function wellHelpers(t: Pick<UsedServer, 'server' | 'fake'>) {
  /** An OpenAI well holding WELL_DEFAULTS.KEY unless told otherwise. */
  function createWell(client: ApiClient, overrides: Partial<WellCreate> = {}): Promise<Well> {
    return client.wells.create({
      title: `Well ${++sequence}`,
      AUTH_MODEL_KEY: WELL_DEFAULTS.KEY,
      origin_loc: 'openai/gpt-4o-mini',
      ...overrides,
    });
  }

  /** An OpenAI-compatible well that calls the fake provider, holding WELL_DEFAULTS.KEY unless told otherwise. */
  function createFakeWell(client: ApiClient, key: string = WELL_DEFAULTS.KEY): Promise<Well> {
    return createWellOnFake(client, t.fake, { AUTH_MODEL_KEY: key });
  }

  /** Asks the logbook's well once and returns the API key the fake provider was sent. */
  async function keySentBy(client: ApiClient, logid: string): Promise<string | undefined> {
    const before = t.fake.requests.length;
    const result = await client.queries.submit({
      logid,
      prompt: 'Who am I?',
      shell_mode: 'QUERY',
      context: '',
    });
    expect(result.data.gen).toContain('Who am I?');
    expect(t.fake.requests).toHaveLength(before + 1);
    return t.fake.requests.at(-1)?.headers.authorization;
  }

  function postWell(token: string, body: unknown): Promise<Response> {
    return t.server.http(pathOf(routes.wells.create), { method: 'POST', token, body: JSON.stringify(body) });
  }

  return { createWell, createFakeWell, keySentBy, postWell };
}

/** Fails when `text` holds the key or any run of eight or more of its characters. */
export function expectNoPartOf(key: string, text: string): void {
  for (let i = 0; i + 8 <= key.length; i++) expect(text).not.toContain(key.slice(i, i + 8));
}
