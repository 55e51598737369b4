import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from './index';
import { ANTHROPIC_KEY, at, GEMINI_KEY, OPENAI_KEY, parseSse, postJson, sseJson } from './test-support';

let fake: FakeProvider;

beforeAll(async () => {
  fake = await startFakeProvider();
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

const userSays = (content: string) => ({ model: 'gpt-4o-mini', messages: [{ role: 'user', content }] });

describe('OpenAI Chat Completions', () => {
  it('answers with an echo completion and records the normalised request', async () => {
    const response = await postJson(
      `${fake.url}/v1/chat/completions`,
      {
        model: 'gpt-4o-mini',
        messages: [
          { role: 'developer', content: 'Be brief.' },
          { role: 'user', content: [{ type: 'text', text: 'first question' }] },
          { role: 'assistant', content: 'first answer' },
          { role: 'assistant', content: null, tool_calls: [] },
          { role: 'tool', content: 'tool output', tool_call_id: 'call_1' },
          { role: 'user', content: 'hello there friend' },
        ],
      },
      OPENAI_KEY,
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-4o-mini',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Echo: hello there friend' },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 },
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      family: 'openai-chat',
      path: '/v1/chat/completions',
      model: 'gpt-4o-mini',
      stream: false,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'first question' },
        { role: 'assistant', content: 'first answer' },
        { role: 'user', content: 'hello there friend' },
      ],
    });
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer sk-test');
  });

  it('streams chunks, then a usage chunk with empty choices, then [DONE]', async () => {
    const response = await postJson(
      `${fake.url}/v1/chat/completions`,
      { ...userSays('stream me'), stream: true, stream_options: { include_usage: true } },
      OPENAI_KEY,
    );
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = parseSse(await response.text());
    expect(events.at(-1)?.data).toBe('[DONE]');
    const chunks = sseJson(events.map((event) => `data: ${event.data}\n\n`).join(''));
    expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk')).toBe(true);
    const contents = chunks.map((chunk) => at(chunk, 'choices', 0, 'delta', 'content')).filter((c) => c);
    expect(contents).toHaveLength(3);
    expect(contents.join('')).toBe('Echo: stream me');
    expect(at(chunks.at(-2), 'choices', 0, 'finish_reason')).toBe('stop');
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 2, completion_tokens: 3 } });
    expect(fake.requests[0]?.stream).toBe(true);
  });

  it('puts usage on the finishing chunk when include_usage is not asked (Mistral style)', async () => {
    const response = await postJson(
      `${fake.url}/chat/completions`,
      { ...userSays('hi'), stream: true },
      OPENAI_KEY,
    );
    const chunks = sseJson(await response.text());
    expect(chunks.every((chunk) => Array.isArray(chunk.choices) && chunk.choices.length === 1)).toBe(true);
    expect(chunks.at(-1)).toMatchObject({
      choices: [{ finish_reason: 'stop' }],
      usage: { completion_tokens: 2 },
    });
  });

  it('refuses a request without a bearer key with an error both OpenAI and Mistral clients read', async () => {
    const response = await postJson(`${fake.url}/v1/chat/completions`, userSays('hi'));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      object: 'error',
      message: expect.any(String),
      error: { type: 'invalid_request_error', code: 'invalid_api_key', message: expect.any(String) },
    });
    expect(fake.requests).toHaveLength(1);
  });
});

describe('OpenAI Responses', () => {
  const request = {
    model: 'gpt-4.1',
    instructions: 'Answer in French.',
    input: [
      { role: 'developer', content: 'No emojis.' },
      { role: 'user', content: [{ type: 'input_text', text: 'bonjour' }] },
      { role: 'assistant', content: [{ type: 'output_text', text: 'salut' }], id: 'msg_1' },
      { type: 'function_call', call_id: 'c1', name: 'f', arguments: '{}' },
      { type: 'function_call_output', call_id: 'c1', output: 'x' },
      { role: 'user', content: [{ type: 'input_text', text: 'ça va' }] },
    ],
  };

  it('answers with a completed response and normalises instructions and input items', async () => {
    const response = await postJson(`${fake.url}/v1/responses`, request, OPENAI_KEY);
    const body = await response.json();
    expect(body).toMatchObject({
      object: 'response',
      status: 'completed',
      model: 'gpt-4.1',
      output: [
        {
          type: 'message',
          role: 'assistant',
          content: [{ type: 'output_text', text: 'Echo: ça va', annotations: [] }],
        },
      ],
      usage: { input_tokens: 9, output_tokens: 3, total_tokens: 12 },
    });
    expect(fake.requests[0]).toMatchObject({
      family: 'openai-responses',
      stream: false,
      messages: [
        { role: 'system', content: 'Answer in French.' },
        { role: 'system', content: 'No emojis.' },
        { role: 'user', content: 'bonjour' },
        { role: 'assistant', content: 'salut' },
        { role: 'user', content: 'ça va' },
      ],
    });
  });

  it('takes a plain string input as one user message', async () => {
    await postJson(`${fake.url}/responses`, { model: 'gpt-4.1', input: 'just text' }, OPENAI_KEY);
    expect(fake.requests[0]?.messages).toEqual([{ role: 'user', content: 'just text' }]);
  });

  it('streams the semantic events with rising sequence numbers and usage on response.completed', async () => {
    const response = await postJson(`${fake.url}/v1/responses`, { ...request, stream: true }, OPENAI_KEY);
    const events = parseSse(await response.text());
    expect(events.map((event) => event.event)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    const payloads = events.map((event) => JSON.parse(event.data) as Record<string, unknown>);
    expect(payloads.map((payload) => payload.sequence_number)).toEqual(payloads.map((_, index) => index));
    expect(payloads.every((payload, index) => payload.type === events[index]?.event)).toBe(true);
    const deltas = payloads.filter((payload) => payload.type === 'response.output_text.delta');
    expect(deltas.map((delta) => delta.delta).join('')).toBe('Echo: ça va');
    expect(deltas[0]?.item_id).toBe(at(payloads[2], 'item', 'id'));
    expect(payloads.at(-1)).toMatchObject({
      response: { status: 'completed', usage: { input_tokens: 9, output_tokens: 3 } },
    });
  });
});

describe('Anthropic Messages', () => {
  const request = {
    model: 'claude-sonnet-4-5',
    max_tokens: 100,
    system: [
      { type: 'text', text: 'You are terse.' },
      { type: 'text', text: 'Use British spelling.' },
    ],
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'colour of sky' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'look', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'blue' }] },
      { role: 'assistant', content: 'blue' },
      { role: 'user', content: 'thanks' },
    ],
  };

  it('answers with a message and folds the top-level system into the first system message', async () => {
    const response = await postJson(`${fake.url}/v1/messages`, request, ANTHROPIC_KEY);
    expect(await response.json()).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [{ type: 'text', text: 'Echo: thanks' }],
      stop_reason: 'end_turn',
      usage: { input_tokens: 11, output_tokens: 2 },
    });
    expect(fake.requests[0]).toMatchObject({
      family: 'anthropic',
      messages: [
        { role: 'system', content: 'You are terse.\nUse British spelling.' },
        { role: 'user', content: 'colour of sky' },
        { role: 'assistant', content: 'blue' },
        { role: 'user', content: 'thanks' },
      ],
    });
  });

  it('streams message_start … message_stop with usage', async () => {
    const response = await postJson(
      `${fake.url}/v1/messages`,
      { ...request, system: 'Plain system.', stream: true },
      ANTHROPIC_KEY,
    );
    const events = parseSse(await response.text());
    expect(events.map((event) => event.event)).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    const payloads = events.map((event) => JSON.parse(event.data) as Record<string, unknown>);
    expect(payloads[0]).toMatchObject({ type: 'message_start', message: { usage: { input_tokens: 7 } } });
    const text = payloads.filter((p) => p.type === 'content_block_delta').map((p) => at(p, 'delta', 'text'));
    expect(text.join('')).toBe('Echo: thanks');
    expect(payloads[7]).toMatchObject({ delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 2 } });
    expect(fake.requests[0]?.messages[0]).toEqual({ role: 'system', content: 'Plain system.' });
  });

  it('refuses a request without x-api-key in Anthropic error shape', async () => {
    const response = await postJson(`${fake.url}/v1/messages`, request, OPENAI_KEY);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
  });
});

describe('Gemini generateContent', () => {
  const request = {
    systemInstruction: { parts: [{ text: 'Be kind.' }] },
    contents: [
      { role: 'user', parts: [{ text: 'hi' }] },
      { role: 'model', parts: [{ text: 'thinking…', thought: true }, { text: 'hello' }] },
      { role: 'user', parts: [{ text: 'how are' }, { text: 'you' }] },
    ],
  };
  const base = () => `${fake.url}/v1beta/models/gemini-2.5-flash`;

  it('answers with candidates and usageMetadata, model from the path', async () => {
    const response = await postJson(`${base()}:generateContent`, request, GEMINI_KEY);
    expect(await response.json()).toMatchObject({
      candidates: [
        { content: { role: 'model', parts: [{ text: 'Echo: how are\nyou' }] }, finishReason: 'STOP' },
      ],
      usageMetadata: { promptTokenCount: 7, candidatesTokenCount: 4, totalTokenCount: 11 },
    });
    expect(fake.requests[0]).toMatchObject({
      family: 'gemini',
      model: 'gemini-2.5-flash',
      stream: false,
      messages: [
        { role: 'system', content: 'Be kind.' },
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'hello' },
        { role: 'user', content: 'how are\nyou' },
      ],
    });
  });

  it('streams SSE chunks with the key in the query; the last carries finishReason and usage', async () => {
    const response = await postJson(`${base()}:streamGenerateContent?alt=sse&key=gemini-test`, request);
    expect(response.status).toBe(200);
    const raw = await response.text();
    expect(raw).toContain('\r\n\r\n');
    const chunks = sseJson(raw);
    expect(chunks).toHaveLength(3);
    expect(chunks.map((chunk) => at(chunk, 'candidates', 0, 'content', 'parts', 0, 'text')).join('')).toBe(
      'Echo: how are\nyou',
    );
    expect(at(chunks[0], 'candidates', 0, 'finishReason')).toBeUndefined();
    expect(chunks.at(-1)).toMatchObject({
      candidates: [{ finishReason: 'STOP' }],
      usageMetadata: { promptTokenCount: 7, candidatesTokenCount: 4 },
    });
    expect(fake.requests[0]).toMatchObject({ stream: true, path: expect.stringContaining('alt=sse') });
  });

  it('streams a JSON array without alt=sse', async () => {
    const response = await postJson(`${base()}:streamGenerateContent`, request, GEMINI_KEY);
    const chunks = (await response.json()) as unknown[];
    expect(chunks).toHaveLength(3);
  });

  it('refuses a request without a key in Google error shape', async () => {
    const response = await postJson(`${base()}:generateContent`, request);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
  });
});

describe('model lists', () => {
  it('lists models in the shape of the asking family', async () => {
    const openai = await fetch(`${fake.url}/v1/models`, { headers: OPENAI_KEY });
    expect(await openai.json()).toMatchObject({
      object: 'list',
      data: expect.arrayContaining([expect.objectContaining({ object: 'model' })]),
    });
    const anthropic = await fetch(`${fake.url}/v1/models`, { headers: ANTHROPIC_KEY });
    expect(await anthropic.json()).toMatchObject({
      data: expect.arrayContaining([expect.objectContaining({ type: 'model' })]),
      has_more: false,
    });
    const gemini = await fetch(`${fake.url}/v1beta/models`, { headers: GEMINI_KEY });
    expect(await gemini.json()).toMatchObject({
      models: expect.arrayContaining([expect.objectContaining({ name: 'models/gemini-2.5-flash' })]),
    });
    const anonymous = await fetch(`${fake.url}/v1/models`);
    expect(anonymous.status).toBe(401);
  });
});

describe('scripts', () => {
  it('replies with scripted text, token counts and chunking, first in first out', async () => {
    fake.enqueue({
      kind: 'reply',
      text: 'abcdefghij',
      inputTokens: 42,
      outputTokens: 7,
      chunks: 5,
      chunkDelayMs: 5,
    });
    fake.enqueue({ kind: 'reply', text: 'second' });
    const streamed = await postJson(
      `${fake.url}/v1/messages`,
      { ...userSays('x'), stream: true },
      ANTHROPIC_KEY,
    );
    const payloads = sseJson(await streamed.text());
    const deltas = payloads
      .filter((p) => p.type === 'content_block_delta')
      .map((p) => at(p, 'delta', 'text'));
    expect(deltas).toEqual(['ab', 'cd', 'ef', 'gh', 'ij']);
    expect(payloads[0]).toMatchObject({ message: { usage: { input_tokens: 42 } } });
    expect(payloads.find((p) => p.type === 'message_delta')).toMatchObject({ usage: { output_tokens: 7 } });
    const second = await postJson(`${fake.url}/v1/chat/completions`, userSays('x'), OPENAI_KEY);
    expect(at(await second.json(), 'choices', 0, 'message', 'content')).toBe('second');
    const third = await postJson(`${fake.url}/v1/chat/completions`, userSays('back to echo'), OPENAI_KEY);
    expect(at(await third.json(), 'choices', 0, 'message', 'content')).toBe('Echo: back to echo');
  });

  it('answers errors in each family shape', async () => {
    const error = (status: number) => ({ kind: 'error' as const, status, message: 'Slow down' });
    fake.enqueue(error(429));
    const openai = await postJson(`${fake.url}/v1/responses`, { model: 'm', input: 'x' }, OPENAI_KEY);
    expect(openai.status).toBe(429);
    expect(await openai.json()).toEqual({
      error: { message: 'Slow down', type: 'rate_limit_exceeded', param: null, code: 'rate_limit_exceeded' },
    });
    fake.enqueue(error(529));
    const anthropic = await postJson(`${fake.url}/v1/messages`, userSays('x'), ANTHROPIC_KEY);
    expect(anthropic.status).toBe(529);
    expect(await anthropic.json()).toEqual({
      type: 'error',
      error: { type: 'overloaded_error', message: 'Slow down' },
    });
    fake.enqueue(error(503));
    const gemini = await postJson(
      `${fake.url}/v1beta/models/g:streamGenerateContent?alt=sse`,
      {},
      GEMINI_KEY,
    );
    expect(gemini.status).toBe(503);
    expect(await gemini.json()).toEqual({
      error: { code: 503, message: 'Slow down', status: 'UNAVAILABLE' },
    });
  });

  it('hangs until the client gives up', async () => {
    fake.enqueue({ kind: 'hang' });
    const started = Date.now();
    const call = postJson(
      `${fake.url}/v1/chat/completions`,
      userSays('x'),
      OPENAI_KEY,
      AbortSignal.timeout(150),
    );
    await expect(call).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(fake.requests).toHaveLength(1);
  });

  it('drops a stream after the given number of chunks', async () => {
    fake.enqueue({ kind: 'drop', text: 'one two three', afterChunks: 1 });
    const response = await postJson(
      `${fake.url}/v1/chat/completions`,
      { ...userSays('x'), stream: true },
      OPENAI_KEY,
    );
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const readAll = async (): Promise<void> => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        received += decoder.decode(value, { stream: true });
      }
    };
    await expect(readAll()).rejects.toThrow();
    const contents = sseJson(received).map((chunk) => at(chunk, 'choices', 0, 'delta', 'content'));
    expect(contents.filter((c) => c).join('')).toBe('one ');
    expect(received).not.toContain('[DONE]');
  });

  it('drops a non-streaming request without any answer', async () => {
    fake.enqueue({ kind: 'drop', text: 'ignored', afterChunks: 0 });
    await expect(postJson(`${fake.url}/v1/messages`, userSays('x'), ANTHROPIC_KEY)).rejects.toThrow();
  });

  it('uses the default script when nothing is queued, until reset', async () => {
    fake.setDefault({ kind: 'reply', text: 'always this' });
    for (let index = 0; index < 2; index += 1) {
      const response = await postJson(`${fake.url}/v1/chat/completions`, userSays('x'), OPENAI_KEY);
      expect(at(await response.json(), 'choices', 0, 'message', 'content')).toBe('always this');
    }
    fake.reset();
    expect(fake.requests).toHaveLength(0);
    const response = await postJson(`${fake.url}/v1/chat/completions`, userSays('x'), OPENAI_KEY);
    expect(at(await response.json(), 'choices', 0, 'message', 'content')).toBe('Echo: x');
  });

  it('keeps the queued script when a request is refused for its missing key', async () => {
    fake.enqueue({ kind: 'reply', text: 'kept' });
    expect((await postJson(`${fake.url}/v1/chat/completions`, userSays('x'))).status).toBe(401);
    const response = await postJson(`${fake.url}/v1/chat/completions`, userSays('x'), OPENAI_KEY);
    expect(at(await response.json(), 'choices', 0, 'message', 'content')).toBe('kept');
  });
});

describe('odd requests', () => {
  it('answers unknown routes with 404 and bad JSON with 400', async () => {
    expect((await postJson(`${fake.url}/v1/embeddings`, {}, OPENAI_KEY)).status).toBe(404);
    const bad = await fetch(`${fake.url}/v1/messages`, {
      method: 'POST',
      headers: ANTHROPIC_KEY,
      body: '{nope',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    expect(fake.requests[0]?.body).toBe('{nope');
  });

  it('answers without a key when started with requireApiKey false', async () => {
    const open = await startFakeProvider({ requireApiKey: false });
    try {
      const response = await postJson(`${open.url}/v1/chat/completions`, userSays('local'));
      expect(at(await response.json(), 'choices', 0, 'message', 'content')).toBe('Echo: local');
    } finally {
      await open.close();
    }
  });
});
