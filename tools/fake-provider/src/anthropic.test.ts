import { createAnthropic } from '@ai-sdk/anthropic';
import { describe, expect, it } from 'vitest';
import {
  expectFollowUpAnsweredUnstreamed,
  expectReasoningStreamedFirst,
  type ReasoningFamily,
} from './sdk-reasoning-checks';
import { ANSWER_WORDS, REASONING_WORDS } from './sdk-support';
import { ANTHROPIC_KEY, at, OPENAI_KEY, parseSse, postJson, useFakeProvider } from './test-support';

const fake = useFakeProvider();

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

describe('Anthropic thinking, read by the Anthropic provider', () => {
  const family: ReasoningFamily = {
    fake,
    model: () => createAnthropic({ baseURL: `${fake.url}/v1`, apiKey: 'sk-ant-test' })('claude-sonnet-4-5'),
    // The Messages API counts thinking in output_tokens and reports no separate figure for it.
    usage: (inputTokens: number) => ({
      inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: REASONING_WORDS + ANSWER_WORDS, text: undefined, reasoning: undefined },
    }),
  };

  it('streams a signed thinking block at index 0 before the text block at index 1', async () => {
    await expectReasoningStreamedFirst(family);
  });

  it('answers unstreamed with a thinking block first, and skips thinking sent back', async () => {
    const body = await expectFollowUpAnsweredUnstreamed(family, {
      sentBack: { anthropic: { signature: 'prior-signature' } },
      reasoningMetadata: { anthropic: { signature: expect.any(String) } },
    });
    expect(at(body, 'messages', 1, 'content', 0)).toMatchObject({ type: 'thinking' });
  });
});
