import { routes } from '@caravanserai/api';
import { EID, parseLog, serializeLog } from '@caravanserai/logbook';
import {
  answerAttrs,
  createFakeWell,
  createLogbook,
  entriesOf,
  entry,
  expectStatus,
  ORIGINS,
  useServer,
} from '@caravanserai/test-kit';
import { beforeEach, describe, expect, it } from 'vitest';

const t = useServer({ users: ['alice', 'bob'], fake: true });

beforeEach(() => t.fake.reset());

/** Where each family's call lands on the fake, and the wire format it speaks. */
const WIRE = {
  openai: { family: 'openai-responses', path: '/v1/responses', model: 'gpt-4o-mini' },
  anthropic: { family: 'anthropic', path: '/v1/messages', model: 'claude-haiku-4-5' },
  google: {
    family: 'gemini',
    path: '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
    model: 'gemini-2.5-flash',
  },
  mistral: { family: 'openai-chat', path: '/v1/chat/completions', model: 'mistral-small-latest' },
  'openai-compatible': { family: 'openai-chat', path: '/v1/chat/completions', model: 'llama3.2' },
} as const;

const PROVIDERS = Object.keys(ORIGINS) as (keyof typeof ORIGINS)[];

/**
 * A logbook of alice's attached to a new well of the given family; its memory as the account's
 * default unless `memory` says.
 */
async function logbookWithWell(
  provider: keyof typeof ORIGINS = 'openai-compatible',
  log?: string,
  memory?: boolean,
) {
  const well = await createFakeWell(t.alice.client, t.fake, { origin_loc: ORIGINS[provider] });
  const logbook = await createLogbook(t.alice.client, {
    logwell: well.wellid,
    ...(log ? { log } : {}),
    ...(memory !== undefined && { memory }),
  });
  return { well, logbook };
}

async function entriesNow(logid: string) {
  return entriesOf(await t.alice.client.logbooks.get(logid));
}

/** What the fake was sent by the only call it received. */
function onlyRequest() {
  expect(t.fake.requests).toHaveLength(1);
  const [request] = t.fake.requests;
  if (!request) throw new Error('the fake received no request');
  return request;
}

describe('query submit through each provider family', () => {
  for (const provider of PROVIDERS) {
    it(`stores the query and the ${provider} answer in one call`, async () => {
      const { logbook } = await logbookWithWell(provider);
      const answer = `Brief answer from ${provider}.`;
      t.fake.enqueue({ kind: 'reply', text: answer, inputTokens: 13, outputTokens: 5 });

      const res = await t.alice.client.send(routes.queries.submit, {
        body: { logid: logbook.logid, prompt: 'Hello there', shell_mode: 'QUERY', context: 'Be brief.' },
      });
      const body = (await res.json()) as { data: { qid: string } };
      const qid = body.data.qid;
      expect(qid).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
      expect(body).toEqual({
        modified_status: true,
        data: {
          gen: answer,
          qid,
          entry: {
            tag: 'gen',
            attrs: {
              ...answerAttrs(qid, ORIGINS[provider], { input: 13, output: 5 }),
              eid: expect.stringMatching(EID),
            },
            content: answer,
            index: 1,
          },
          usage: { input_tokens: 13, output_tokens: 5 },
          version: logbook.version + 2,
        },
      });

      const after = await t.alice.client.logbooks.get(logbook.logid);
      expect(after.version).toBe(logbook.version + 2);
      expect(entriesOf(after)).toEqual([
        entry('query', 'Hello there', { qid }),
        entry('gen', answer, answerAttrs(qid, ORIGINS[provider], { input: 13, output: 5 })),
      ]);

      const request = onlyRequest();
      expect(request.family).toBe(WIRE[provider].family);
      expect(request.path).toBe(WIRE[provider].path);
      expect(request.model).toBe(WIRE[provider].model);
      // Answers are always read as a stream, so a long one can be cut at the cap as it arrives.
      expect(request.stream).toBe(true);
      expect(request.messages).toEqual([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hello there' },
      ]);
    });
  }
});

describe('query entries and qids', () => {
  it('adds no second query entry when one with the qid is already stored', async () => {
    const { logbook } = await logbookWithWell();
    await t.alice.client.entries.write({
      logid: logbook.logid,
      tag: 'query',
      content: 'Why is the sky blue?',
      attrs: { qid: 'skyqid01' },
    });
    t.fake.enqueue({ kind: 'reply', text: 'Rayleigh scattering.', inputTokens: 6, outputTokens: 2 });

    const result = await t.alice.client.queries.submit({
      logid: logbook.logid,
      prompt: 'Why is the sky blue?',
      shell_mode: 'QUERY',
      context: '',
      qid: 'skyqid01',
    });

    expect(result.data.qid).toBe('skyqid01');
    expect(result.data.entry).toEqual({
      tag: 'gen',
      attrs: {
        ...answerAttrs('skyqid01', ORIGINS['openai-compatible'], { input: 6, output: 2 }),
        eid: expect.stringMatching(EID),
      },
      content: 'Rayleigh scattering.',
      index: 1,
    });
    expect(await entriesNow(logbook.logid)).toEqual([
      entry('query', 'Why is the sky blue?', { qid: 'skyqid01' }),
      entry(
        'gen',
        'Rayleigh scattering.',
        answerAttrs('skyqid01', ORIGINS['openai-compatible'], { input: 6, output: 2 }),
      ),
    ]);
    expect(onlyRequest().messages).toEqual([{ role: 'user', content: 'Why is the sky blue?' }]);
  });

  it('stores a new query under the qid the caller chose', async () => {
    const { logbook } = await logbookWithWell();
    t.fake.enqueue({ kind: 'reply', text: 'Yes.', inputTokens: 1, outputTokens: 1 });
    const result = await t.alice.client.queries.submit({
      logid: logbook.logid,
      prompt: 'Ready?',
      context: '',
      qid: 'chosen-qid_1',
    });
    expect(result.data.qid).toBe('chosen-qid_1');
    expect(await entriesNow(logbook.logid)).toEqual([
      entry('query', 'Ready?', { qid: 'chosen-qid_1' }),
      entry(
        'gen',
        'Yes.',
        answerAttrs('chosen-qid_1', ORIGINS['openai-compatible'], { input: 1, output: 1 }),
      ),
    ]);
  });

  it('gives each query without a qid a fresh one', async () => {
    const { logbook } = await logbookWithWell();
    const first = await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'One', context: '' });
    const second = await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Two', context: '' });
    expect(first.data.qid).not.toBe(second.data.qid);
    const entries = await entriesNow(logbook.logid);
    expect(entries.map((e) => [e.tag, e.attrs.qid])).toEqual([
      ['query', first.data.qid],
      ['gen', first.data.qid],
      ['query', second.data.qid],
      ['gen', second.data.qid],
    ]);
  });
});

/** Context, conversation, and entries the model must never see. */
const SEEDED = serializeLog([
  entry('context', 'You are terse.'),
  entry('query', 'What is 2 + 2?', { qid: 'qidfour1' }),
  entry('gen', 'Four.', { qid: 'qidfour1' }),
  entry('comment', 'Private note: check the maths.'),
  entry('query', 'And 3 + 3?', { qid: 'qidsix01' }),
  entry('mirage', 'Seven.', { qid: 'qidsix01' }),
  entry('gen', 'Six.', { qid: 'qidsix01' }),
]);

/** The same, with a context entry added after the conversation began. */
const LATE_CONTEXT = serializeLog([...parseLog(SEEDED), entry('context', 'Answer with digits.')]);

const CONVERSATION = [
  { role: 'user', content: 'What is 2 + 2?' },
  { role: 'assistant', content: 'Four.' },
  { role: 'user', content: 'And 3 + 3?' },
  { role: 'assistant', content: 'Six.' },
];

const NEVER_SENT = ['Private note: check the maths.', 'Seven.'];

function expectNoHiddenEntries(messages: readonly { content: string }[]) {
  for (const message of messages) {
    for (const hidden of NEVER_SENT) expect(message.content).not.toContain(hidden);
  }
}

describe('messages sent to the model', () => {
  it('memory off with a context: the context as system, then the prompt', async () => {
    const { logbook } = await logbookWithWell('openai-compatible', SEEDED);
    await t.alice.client.queries.submit({
      logid: logbook.logid,
      prompt: 'And 4 + 4?',
      shell_mode: 'QUERY',
      context: 'Be brief.',
      memory: false,
    });
    expect(onlyRequest().messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'And 4 + 4?' },
    ]);
  });

  for (const context of ['', 'No Context']) {
    it(`context ${JSON.stringify(context)}: the prompt alone, though the log has context entries`, async () => {
      const { logbook } = await logbookWithWell('openai-compatible', SEEDED, false);
      await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'And 4 + 4?', context });
      expect(onlyRequest().messages).toEqual([{ role: 'user', content: 'And 4 + 4?' }]);
    });
  }

  it('context left out: the logbook’s context entries, joined, as system', async () => {
    const { logbook } = await logbookWithWell('openai-compatible', LATE_CONTEXT, false);
    await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'And 4 + 4?' });
    const { messages } = onlyRequest();
    expect(messages).toEqual([
      { role: 'system', content: 'You are terse.\n\nAnswer with digits.' },
      { role: 'user', content: 'And 4 + 4?' },
    ]);
  });

  for (const provider of PROVIDERS) {
    it(`memory on (${provider}): the stored conversation in order, the prompt once`, async () => {
      const { logbook } = await logbookWithWell(provider, SEEDED);
      t.fake.enqueue({ kind: 'reply', text: 'Eight.' });
      const first = await t.alice.client.queries.submit({
        logid: logbook.logid,
        prompt: 'And 4 + 4?',
        shell_mode: 'QUERY',
        memory: true,
      });
      const { messages } = onlyRequest();
      expect(messages).toEqual([
        { role: 'system', content: 'You are terse.' },
        ...CONVERSATION,
        { role: 'user', content: 'And 4 + 4?' },
      ]);
      expectNoHiddenEntries(messages);

      // The answer just stored is part of the conversation the next query replays.
      t.fake.reset();
      t.fake.enqueue({ kind: 'reply', text: 'Ten.' });
      await t.alice.client.queries.submit({
        logid: logbook.logid,
        prompt: 'And 5 + 5?',
        context: 'You are terse.',
        memory: true,
      });
      expect(onlyRequest().messages).toEqual([
        { role: 'system', content: 'You are terse.' },
        ...CONVERSATION,
        { role: 'user', content: 'And 4 + 4?' },
        { role: 'assistant', content: first.data.gen },
        { role: 'user', content: 'And 5 + 5?' },
      ]);
    });
  }

  for (const family of PROVIDERS) {
    it(`memory on (${family}): a context entry added mid-conversation joins the one system text`, async () => {
      const { logbook } = await logbookWithWell(family, LATE_CONTEXT);
      t.fake.enqueue({ kind: 'reply', text: 'Eight.' });
      const result = await t.alice.client.queries.submit({
        logid: logbook.logid,
        prompt: 'And 4 + 4?',
        memory: true,
      });
      expect(result.data.gen).toBe('Eight.');
      const { messages } = onlyRequest();
      expect(messages).toEqual([
        { role: 'system', content: 'You are terse.\n\nAnswer with digits.' },
        ...CONVERSATION,
        { role: 'user', content: 'And 4 + 4?' },
      ]);
      expectNoHiddenEntries(messages);
    });
  }
});

describe('which well answers', () => {
  it('uses the logbook’s well when wellid is left out or null, and the named well otherwise', async () => {
    const { logbook } = await logbookWithWell('openai-compatible');
    const other = await createFakeWell(t.alice.client, t.fake, { origin_loc: ORIGINS.anthropic });

    await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Left out', context: '' });
    await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Null', context: '', wellid: null });
    await t.alice.client.queries.submit({
      logid: logbook.logid,
      prompt: 'Named',
      context: '',
      wellid: other.wellid,
    });

    expect(t.fake.requests.map((r) => [r.path, r.model, r.messages.at(-1)?.content])).toEqual([
      ['/v1/chat/completions', 'llama3.2', 'Left out'],
      ['/v1/chat/completions', 'llama3.2', 'Null'],
      ['/v1/messages', 'claude-haiku-4-5', 'Named'],
    ]);
  });

  it('refuses with 400 on wellid when the logbook has no well and none is named', async () => {
    const logbook = await createLogbook(t.alice.client);
    const body = await expectStatus(
      t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Anyone?', shell_mode: 'QUERY' }),
      400,
    );
    expect(body.wellid).toEqual([expect.any(String)]);
    expect(t.fake.requests).toEqual([]);
    expect(await entriesNow(logbook.logid)).toEqual([]);
  });

  it('refuses with 400 on wellid when the named well is someone else’s', async () => {
    const { logbook } = await logbookWithWell();
    const bobsWell = await createFakeWell(t.bob.client, t.fake, { origin_loc: ORIGINS.openai });
    const body = await expectStatus(
      t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Borrow', wellid: bobsWell.wellid }),
      400,
    );
    expect(body.wellid).toEqual([expect.any(String)]);
    expect(t.fake.requests).toEqual([]);
    expect(await entriesNow(logbook.logid)).toEqual([]);
  });
});

describe('refusals', () => {
  it('refuses a salted logbook with 409, calls no provider and adds no entry', async () => {
    const well = await createFakeWell(t.alice.client, t.fake, { origin_loc: ORIGINS.openai });
    const logbook = await createLogbook(t.alice.client, { logwell: well.wellid, salted: true, log: SEEDED });
    const body = await expectStatus(
      t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Thaw?', shell_mode: 'QUERY' }),
      409,
    );
    expect(body.detail).toEqual(expect.stringContaining('salted'));
    expect(t.fake.requests).toEqual([]);
    const after = await t.alice.client.logbooks.get(logbook.logid);
    expect(after.version).toBe(logbook.version);
    expect(entriesOf(after)).toEqual(parseLog(SEEDED));
  });

  it('answers 404 for another user’s private logbook and 403 for a public one', async () => {
    const { logbook: hidden } = await logbookWithWell();
    const well = await createFakeWell(t.alice.client, t.fake, { origin_loc: ORIGINS.openai });
    const shown = await createLogbook(t.alice.client, { logwell: well.wellid, private: false });
    const bobsWell = await createFakeWell(t.bob.client, t.fake, { origin_loc: ORIGINS.openai });

    for (const [logbook, status] of [
      [hidden, 404],
      [shown, 403],
    ] as const) {
      await expectStatus(
        t.bob.client.queries.submit({ logid: logbook.logid, prompt: 'Mine now', wellid: bobsWell.wellid }),
        status,
      );
      await expectStatus(t.bob.client.queries.submit({ logid: logbook.logid, prompt: 'Mine now' }), status);
      expect(await entriesNow(logbook.logid)).toEqual([]);
    }
    expect(t.fake.requests).toEqual([]);
  });

  it('answers 401 to an anonymous caller', async () => {
    const { logbook } = await logbookWithWell();
    const body = await expectStatus(
      t.server.client().queries.submit({ logid: logbook.logid, prompt: 'Hello?' }),
      401,
    );
    expect(body.detail).toEqual(expect.any(String));
    expect(t.fake.requests).toEqual([]);
    expect(await entriesNow(logbook.logid)).toEqual([]);
  });

  for (const prompt of ['', '   \n ']) {
    it(`refuses the blank prompt ${JSON.stringify(prompt)} with 400 on prompt`, async () => {
      const { logbook } = await logbookWithWell();
      const body = await expectStatus(t.alice.client.queries.submit({ logid: logbook.logid, prompt }), 400);
      expect(body.prompt).toEqual(['This field may not be blank.']);
      expect(t.fake.requests).toEqual([]);
      expect(await entriesNow(logbook.logid)).toEqual([]);
    });
  }
});
