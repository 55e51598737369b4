import { createFakeWell, createLogbook, expectStatus, ORIGINS, useServer } from '@caravanserai/test-kit';
import { beforeEach, describe, expect, it } from 'vitest';

const t = useServer({ users: ['alice', 'bob'], fake: true });

beforeEach(() => t.fake.reset());

async function logbookOn(origin: string) {
  const well = await createFakeWell(t.alice.client, t.fake, { origin_loc: origin });
  return createLogbook(t.alice.client, { logwell: well.wellid });
}

/** The raw body the provider was last sent. */
const lastBody = () => t.fake.requests.at(-1)?.body as Record<string, unknown>;

/** A call as any client could send it, past the typed client's own checks. */
async function send(method: string, path: string, body: unknown, token = t.alice.token) {
  const res = await t.server.http(path, { method, body: JSON.stringify(body), token });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const NONE = { temperature: null, max_output_tokens: null, reasoning_effort: null };

describe("a logbook's model settings", () => {
  it('start unset, are changed one at a time and put back to the default with null', async () => {
    const logbook = await logbookOn(ORIGINS.openai);
    expect((await t.alice.client.logbooks.get(logbook.logid)).settings).toEqual(NONE);

    const set = await t.alice.client.logbooks.patch(logbook.logid, {
      settings: { temperature: 0.7, max_output_tokens: 800 },
    });
    expect(set.settings).toEqual({ temperature: 0.7, max_output_tokens: 800, reasoning_effort: null });
    const again = await t.alice.client.logbooks.patch(logbook.logid, { settings: { temperature: null } });
    expect(again.settings).toEqual({ temperature: null, max_output_tokens: 800, reasoning_effort: null });
    // The overview the workspace opens with carries them too.
    expect((await t.alice.client.logbooks.overview(logbook.logid)).settings).toEqual(again.settings);
  });

  it.each([
    [{ temperature: 2.5 }, 'Temperature must be between 0 and 2.'],
    [{ temperature: -0.1 }, 'Temperature must be between 0 and 2.'],
    [{ temperature: 'hot' }, 'Temperature must be between 0 and 2.'],
    [
      { max_output_tokens: 0 },
      'The maximum answer length must be a whole number of tokens between 1 and 200000.',
    ],
    [
      { max_output_tokens: 200_001 },
      'The maximum answer length must be a whole number of tokens between 1 and 200000.',
    ],
    [
      { max_output_tokens: 1.5 },
      'The maximum answer length must be a whole number of tokens between 1 and 200000.',
    ],
    [
      { max_output_tokens: 2 ** 40 },
      'The maximum answer length must be a whole number of tokens between 1 and 200000.',
    ],
    [{ reasoning_effort: 'max' }, "'max' is not a reasoning effort. Choose low, medium, high."],
  ])('refuses %j with the range in words, changing nothing', async (settings, message) => {
    const logbook = await logbookOn(ORIGINS.openai);
    const before = await t.alice.client.logbooks.get(logbook.logid);
    const refused = await send('PATCH', `/journals/logbooks/${logbook.logid}/`, { settings });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(message);
    const after = await t.alice.client.logbooks.get(logbook.logid);
    expect(after.settings).toEqual(NONE);
    expect(after.version).toBe(before.version);
  });

  it("are the owner's to change", async () => {
    const logbook = await logbookOn(ORIGINS.openai);
    await t.alice.client.logbooks.patch(logbook.logid, { private: false });
    await expectStatus(t.bob.client.logbooks.patch(logbook.logid, { settings: { temperature: 1 } }), 403);
  });
});

describe('settings reach each provider family in its own terms', () => {
  const cases: [string, object, Record<string, unknown>][] = [
    [
      ORIGINS.openai,
      { temperature: 0.3, max_output_tokens: 500 },
      { temperature: 0.3, max_output_tokens: 500 },
    ],
    [
      'openai/o4-mini',
      { max_output_tokens: 900, reasoning_effort: 'high' },
      { max_output_tokens: 900, reasoning: { effort: 'high', summary: 'auto' } },
    ],
    [ORIGINS.anthropic, { temperature: 0.2, max_output_tokens: 700 }, { temperature: 0.2, max_tokens: 700 }],
    [
      ORIGINS.anthropic,
      { max_output_tokens: 700, reasoning_effort: 'medium' },
      { max_tokens: 700 + 4096, thinking: { type: 'enabled', budget_tokens: 4096 } },
    ],
    [
      ORIGINS.google,
      { temperature: 1.1, max_output_tokens: 300, reasoning_effort: 'low' },
      {
        generationConfig: expect.objectContaining({
          temperature: 1.1,
          maxOutputTokens: 300,
          thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 },
        }),
      },
    ],
    [
      'google/gemini-3-pro-preview',
      { reasoning_effort: 'high' },
      {
        generationConfig: expect.objectContaining({
          thinkingConfig: { includeThoughts: true, thinkingLevel: 'high' },
        }),
      },
    ],
    [ORIGINS.mistral, { temperature: 0.5, max_output_tokens: 64 }, { temperature: 0.5, max_tokens: 64 }],
    ['mistral/magistral-medium-latest', { reasoning_effort: 'high' }, { reasoning_effort: 'high' }],
    [
      'openai-compatible/deepseek-r1',
      { temperature: 0.9, max_output_tokens: 128, reasoning_effort: 'low' },
      { temperature: 0.9, max_tokens: 128, reasoning_effort: 'low' },
    ],
  ];

  it.each(cases)('%s with %j', async (origin, settings, expected) => {
    const logbook = await logbookOn(origin);
    await t.alice.client.logbooks.patch(logbook.logid, { settings: settings as never });
    await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Hello there' });
    expect(lastBody()).toMatchObject(expected);
  });

  it('sends none of them while unset (the provider decides)', async () => {
    const logbook = await logbookOn(ORIGINS.openai);
    await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Hello there' });
    expect(lastBody()).not.toHaveProperty('temperature');
    expect(lastBody()).not.toHaveProperty('max_output_tokens');
    expect(lastBody()).not.toHaveProperty('reasoning');
  });
});

describe('a setting the model does not take', () => {
  it.each([
    [
      ORIGINS.openai,
      { reasoning_effort: 'low' },
      `The model "${ORIGINS.openai}" does not reason: clear the reasoning effort in this logbook's settings.`,
    ],
    [
      'openai/o3',
      { temperature: 0.4 },
      `The model "openai/o3" takes no temperature: clear it in this logbook's settings.`,
    ],
    [
      ORIGINS.anthropic,
      { temperature: 0.4, reasoning_effort: 'low' },
      `The model "${ORIGINS.anthropic}" takes no temperature while it reasons: clear the temperature or the reasoning effort in this logbook's settings.`,
    ],
    [
      'mistral/magistral-small-latest',
      { reasoning_effort: 'low' },
      `The model "mistral/magistral-small-latest" takes only the high reasoning effort: change it in this logbook's settings.`,
    ],
  ])(
    '%s with %j is refused in words before anything is stored or sent',
    async (origin, settings, message) => {
      const logbook = await logbookOn(origin);
      await t.alice.client.logbooks.patch(logbook.logid, { settings: settings as never });
      const before = await t.alice.client.logbooks.get(logbook.logid);
      const refused = await expectStatus(
        t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Hello' }),
        400,
      );
      expect(refused).toEqual({ settings: [message] });
      expect(t.fake.requests).toHaveLength(0);
      expect((await t.alice.client.logbooks.get(logbook.logid)).version).toBe(before.version);
    },
  );
});
