import { createOpenAI } from '@ai-sdk/openai';
import { describe, expect, it } from 'vitest';
import {
  expectFollowUpAnsweredUnstreamed,
  expectReasoningStreamedFirst,
  type ReasoningFamily,
} from './sdk-reasoning-checks';
import { ANSWER_WORDS, REASONING_WORDS, reasoningReply } from './sdk-support';
import { at, OPENAI_KEY, parseSse, postJson, useFakeProvider } from './test-support';

const fake = useFakeProvider();

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

  it('numbers the message item after the reasoning item and keeps sequence numbers rising', async () => {
    fake.enqueue(reasoningReply);
    const response = await postJson(`${fake.url}/v1/responses`, { ...request, stream: true }, OPENAI_KEY);
    const payloads = parseSse(await response.text()).map(
      (event) => JSON.parse(event.data) as Record<string, unknown>,
    );
    expect(payloads.map((payload) => payload.sequence_number)).toEqual(payloads.map((_, index) => index));
    const added = payloads.filter((payload) => payload.type === 'response.output_item.added');
    expect(added.map((payload) => [payload.output_index, at(payload, 'item', 'type')])).toEqual([
      [0, 'reasoning'],
      [1, 'message'],
    ]);
    expect(at(added[0], 'item', 'id')).toMatch(/^rs_/);
    expect(payloads.find((payload) => payload.type === 'response.output_text.delta')?.output_index).toBe(1);
    expect(at(payloads.at(-1), 'response', 'output', 0, 'summary')).toEqual([
      { type: 'summary_text', text: reasoningReply.reasoning },
    ]);
  });
});

describe('OpenAI Responses reasoning, read by the OpenAI provider', () => {
  const family: ReasoningFamily = {
    fake,
    model: () => createOpenAI({ baseURL: `${fake.url}/v1`, apiKey: 'sk-test' }).responses('o4-mini'),
    usage: (inputTokens: number) => ({
      inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: 0 },
      outputTokens: { total: REASONING_WORDS + ANSWER_WORDS, text: ANSWER_WORDS, reasoning: REASONING_WORDS },
    }),
  };

  it('streams a reasoning item with summary deltas before the message, counted in output_tokens', async () => {
    await expectReasoningStreamedFirst(family);
  });

  it('answers unstreamed with a reasoning item first, encrypted when asked, and skips reasoning sent back', async () => {
    const body = await expectFollowUpAnsweredUnstreamed(family, {
      sentBack: { openai: { itemId: 'rs_prior', reasoningEncryptedContent: 'prior-secret' } },
      callOptions: { openai: { store: false } },
      reasoningMetadata: {
        openai: { itemId: expect.stringMatching(/^rs_/), reasoningEncryptedContent: expect.any(String) },
      },
    });
    expect(at(body, 'input', 1)).toMatchObject({ type: 'reasoning', id: 'rs_prior' });
  });
});
