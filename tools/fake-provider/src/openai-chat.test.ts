import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { describe, expect, it } from 'vitest';
import {
  expectFollowUpAnsweredUnstreamed,
  expectReasoningStreamedFirst,
  type ReasoningFamily,
} from './sdk-reasoning-checks';
import { ANSWER_WORDS, REASONING_WORDS } from './sdk-support';
import { at, OPENAI_KEY, parseSse, postJson, sseJson, useFakeProvider, userSays } from './test-support';

const fake = useFakeProvider();

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

describe('OpenAI Chat Completions reasoning, read by the OpenAI-compatible provider', () => {
  const family: ReasoningFamily = {
    fake,
    model: () =>
      createOpenAICompatible({
        name: 'deepseek',
        baseURL: `${fake.url}/v1`,
        apiKey: 'sk-test',
        includeUsage: true,
      }).chatModel('deepseek-reasoner'),
    usage: (inputTokens: number) => ({
      inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: 0, cacheWrite: undefined },
      outputTokens: { total: REASONING_WORDS + ANSWER_WORDS, text: ANSWER_WORDS, reasoning: REASONING_WORDS },
    }),
  };

  it('streams reasoning_content deltas before the content, counted in completion_tokens', async () => {
    await expectReasoningStreamedFirst(family);
  });

  it('answers unstreamed with message.reasoning_content, and ignores the reasoning a client sends back', async () => {
    const body = await expectFollowUpAnsweredUnstreamed(family, { exactContent: true });
    expect(at(body, 'messages', 1, 'reasoning_content')).toBe('Adding small numbers.');
  });
});
