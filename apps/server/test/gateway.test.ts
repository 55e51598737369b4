import { createFakeWell, eventually, ORIGINS, TEST_API_KEY, useServer } from '@caravanserai/test-kit';
import type OpenAI from 'openai';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { entryCount, gatewayClient, refusal, usageOf } from './gateway-helpers.js';

const t = useServer({ users: ['alice'], fake: true });

let openai: OpenAI;
let wellid: string;

beforeAll(async () => {
  ({ openai } = await gatewayClient(t.server, t.alice));
  ({ wellid } = await createFakeWell(t.alice.client, t.fake, { title: 'Llama at home' }));
});
beforeEach(() => t.fake.reset());

describe('the gateway', () => {
  it('answers a chat completion through a well named by its wellid, writing no logbook', async () => {
    const entries = await entryCount(t.server);
    const before = (await usageOf(t.server, t.alice.pk)).length;
    t.fake.enqueue({
      kind: 'reply',
      text: 'Bukhara is about 270 km away.',
      inputTokens: 21,
      outputTokens: 7,
    });

    const completion = await openai.chat.completions.create({
      model: wellid,
      messages: [
        { role: 'system', content: 'Answer briefly.' },
        { role: 'user', content: 'How far is Bukhara from Samarkand?' },
      ],
    });

    expect(completion.object).toBe('chat.completion');
    expect(completion.id).toMatch(/^chatcmpl-/);
    expect(completion.model).toBe(ORIGINS['openai-compatible']);
    expect(completion.choices).toEqual([
      {
        index: 0,
        message: { role: 'assistant', content: 'Bukhara is about 270 km away.', refusal: null },
        finish_reason: 'stop',
        logprobs: null,
      },
    ]);
    expect(completion.usage).toEqual({ prompt_tokens: 21, completion_tokens: 7, total_tokens: 28 });
    // The well's provider was sent the caller's messages, with the well's key.
    const sent = t.fake.requests.at(-1)!;
    expect(sent.messages).toEqual([
      { role: 'system', content: 'Answer briefly.' },
      { role: 'user', content: 'How far is Bukhara from Samarkand?' },
    ]);
    expect(sent.headers.authorization).toBe(`Bearer ${TEST_API_KEY}`);

    const usage = await usageOf(t.server, t.alice.pk);
    expect(usage.length).toBe(before + 1);
    expect(usage.at(-1)).toMatchObject({
      wellid,
      logid: null,
      provider: 'openai-compatible',
      model: 'llama3.2',
      input_tokens: 21,
      output_tokens: 7,
      outcome: 'ok',
      streamed: 0,
      caravan_id: null,
    });
    expect(await entryCount(t.server)).toBe(entries);
  });

  it('takes an origin_loc as the model, text parts, and the settings in the request', async () => {
    await openai.chat.completions.create({
      model: ORIGINS['openai-compatible'],
      messages: [
        { role: 'developer', content: [{ type: 'text', text: 'Be terse.' }] },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Which' },
            { type: 'text', text: 'oasis?' },
          ],
        },
        { role: 'assistant', content: 'Merv.' },
        { role: 'user', content: 'And after?' },
      ],
      temperature: 0.4,
      max_tokens: 64,
    });
    const sent = t.fake.requests.at(-1)!;
    expect(sent.messages).toEqual([
      { role: 'system', content: 'Be terse.' },
      { role: 'user', content: 'Which\noasis?' },
      { role: 'assistant', content: 'Merv.' },
      { role: 'user', content: 'And after?' },
    ]);
    expect(sent.body).toMatchObject({ temperature: 0.4, max_tokens: 64 });
  });

  it('streams the answer in OpenAI chunks, with the usage when asked', async () => {
    t.fake.enqueue({
      kind: 'reply',
      text: 'One two three four five six',
      chunks: 3,
      inputTokens: 9,
      outputTokens: 6,
    });
    const stream = await openai.chat.completions.create({
      model: wellid,
      messages: [{ role: 'user', content: 'Count to six.' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);

    const text = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    expect(text).toBe('One two three four five six');
    expect(chunks[0]?.choices[0]?.delta.role).toBe('assistant');
    expect(chunks.filter((c) => (c.choices[0]?.delta.content ?? '') !== '').length).toBeGreaterThanOrEqual(3);
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
    const finishes = chunks.flatMap((c) => c.choices.map((choice) => choice.finish_reason)).filter(Boolean);
    expect(finishes).toEqual(['stop']);
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 9, completion_tokens: 6, total_tokens: 15 },
    });
    expect((await usageOf(t.server, t.alice.pk)).at(-1)).toMatchObject({
      outcome: 'ok',
      streamed: 1,
      logid: null,
    });
  });

  it('ends a raw stream with data: [DONE]', async () => {
    const { key } = await t.alice.client.apiKeys.create({ name: 'raw' });
    const response = await fetch(`${t.server.origin}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: wellid, stream: true, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const body = await response.text();
    expect(body.trimEnd().endsWith('data: [DONE]')).toBe(true);
    const events = body.split('\n\n').filter((frame) => frame.startsWith('data: '));
    expect(events.at(-1)).toBe('data: [DONE]');
    const text = events
      .slice(0, -1)
      .map((frame) => JSON.parse(frame.slice('data: '.length)) as OpenAI.ChatCompletionChunk)
      .map((chunk) => chunk.choices[0]?.delta.content ?? '')
      .join('');
    expect(text).toBe('Echo: hi');
  });

  it("passes a model's thinking on as reasoning_content", async () => {
    t.fake.enqueue({ kind: 'reply', text: 'Merv.', reasoning: 'The road goes west from Bukhara.' });
    const completion = await openai.chat.completions.create({
      model: wellid,
      messages: [{ role: 'user', content: 'Next oasis?' }],
    });
    const message = completion.choices[0]?.message as { content: string; reasoning_content?: string };
    expect(message.content).toBe('Merv.');
    expect(message.reasoning_content).toBe('The road goes west from Bukhara.');
  });

  it('stops the provider call when the caller hangs up, counting what arrived', async () => {
    t.fake.enqueue({
      kind: 'reply',
      text: 'one two three four five six seven eight nine ten',
      chunks: 10,
      chunkDelayMs: 200,
    });
    const stream = await openai.chat.completions.create({
      model: wellid,
      messages: [{ role: 'user', content: 'Count slowly.' }],
      stream: true,
    });
    for await (const chunk of stream) {
      if (chunk.choices[0]?.delta.content) break;
    }
    const row = await eventually(async () => {
      const last = (await usageOf(t.server, t.alice.pk)).at(-1);
      return last?.outcome === 'stopped' ? last : undefined;
    });
    expect(row).toMatchObject({ streamed: 1, logid: null });
    await eventually(async () => (t.fake.requests.at(-1)?.delivery?.complete === false ? true : undefined));
  });

  it('says "length" when the model stopped at its maximum', async () => {
    t.fake.enqueue({ kind: 'reply', text: 'A long', atLength: true });
    const completion = await openai.chat.completions.create({
      model: wellid,
      messages: [{ role: 'user', content: 'Tell me everything.' }],
      max_completion_tokens: 2,
    });
    expect(completion.choices[0]?.finish_reason).toBe('length');
  });

  it('answers a provider failure with 502 in OpenAI shape, without the well key', async () => {
    t.fake.enqueue({ kind: 'error', status: 401, message: `Incorrect API key provided: ${TEST_API_KEY}` });
    const error = await refusal(
      openai.chat.completions.create({ model: wellid, messages: [{ role: 'user', content: 'hello?' }] }),
    );
    expect(error.status).toBe(502);
    expect(error.type).toBe('api_error');
    expect(error.code).toBe('provider_error');
    expect(error.message).toContain('Error fetching response from AI');
    expect(JSON.stringify(error.error)).not.toContain(TEST_API_KEY);
    expect((await usageOf(t.server, t.alice.pk)).at(-1)).toMatchObject({ outcome: 'error', logid: null });

    // Streaming, a failure before any text is the same plain 502.
    t.fake.enqueue({ kind: 'error', status: 500, message: 'overloaded' });
    const streamed = await refusal(
      openai.chat.completions.create({
        model: wellid,
        stream: true,
        messages: [{ role: 'user', content: 'x' }],
      }),
    );
    expect(streamed.status).toBe(502);
  });

  it('refuses requests it cannot honour with 400 naming the field, calling no provider', async () => {
    const count = t.fake.requests.length;
    const cases: [Record<string, unknown>, string | null][] = [
      [{ model: wellid, messages: [] }, 'messages'],
      [{ model: wellid, messages: [{ role: 'tool', content: 'x', tool_call_id: 'a' }] }, 'messages.0.role'],
      [
        {
          model: wellid,
          messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'x' } }] }],
        },
        null,
      ],
      [{ model: wellid, messages: [{ role: 'system', content: 'only a system message' }] }, 'messages'],
      [{ model: wellid, n: 2, messages: [{ role: 'user', content: 'x' }] }, 'n'],
      [{ model: wellid, temperature: 3, messages: [{ role: 'user', content: 'x' }] }, 'temperature'],
      [{ model: wellid, max_tokens: 0, messages: [{ role: 'user', content: 'x' }] }, 'max_tokens'],
      [{ model: wellid, tools: [{ type: 'function' }], messages: [{ role: 'user', content: 'x' }] }, 'tools'],
      [{ model: '', messages: [{ role: 'user', content: 'x' }] }, 'model'],
      [{ model: wellid, messages: [{ role: 'user', content: 'nul \u0000 here' }] }, 'messages.0.content'],
      [
        { model: wellid, messages: Array.from({ length: 1001 }, () => ({ role: 'user', content: 'x' })) },
        'messages',
      ],
    ];
    for (const [body, param] of cases) {
      const error = await refusal(openai.chat.completions.create(body as never));
      expect(error.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(error.type).toBe('invalid_request_error');
      if (param !== null) expect(error.param, JSON.stringify(body).slice(0, 120)).toBe(param);
    }
    expect(t.fake.requests.length).toBe(count);
  });
});
