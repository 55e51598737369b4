import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { describe, expect, it } from 'vitest';
import {
  expectFollowUpAnsweredUnstreamed,
  expectReasoningStreamedFirst,
  type ReasoningFamily,
} from './sdk-reasoning-checks';
import { ANSWER_WORDS, REASONING_WORDS, reasoningReply } from './sdk-support';
import { at, GEMINI_KEY, postJson, sseJson, useFakeProvider } from './test-support';

const fake = useFakeProvider();

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

  it('reports thoughtsTokenCount beside candidatesTokenCount and adds both to the total', async () => {
    fake.enqueue(reasoningReply);
    const response = await postJson(`${base()}:generateContent`, request, GEMINI_KEY);
    expect(await response.json()).toMatchObject({
      candidates: [
        {
          content: {
            parts: [{ text: reasoningReply.reasoning, thought: true }, { text: reasoningReply.text }],
          },
        },
      ],
      usageMetadata: {
        promptTokenCount: 7,
        candidatesTokenCount: ANSWER_WORDS,
        thoughtsTokenCount: REASONING_WORDS,
        totalTokenCount: 7 + ANSWER_WORDS + REASONING_WORDS,
      },
    });
  });
});

describe('Gemini thoughts, read by the Google provider', () => {
  const family: ReasoningFamily = {
    fake,
    model: () =>
      createGoogleGenerativeAI({ baseURL: `${fake.url}/v1beta`, apiKey: 'gemini-test' })('gemini-2.5-flash'),
    // candidatesTokenCount leaves the thoughts out; the provider adds thoughtsTokenCount back.
    usage: (inputTokens: number) => ({
      inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: 0 },
      outputTokens: { total: REASONING_WORDS + ANSWER_WORDS, text: ANSWER_WORDS, reasoning: REASONING_WORDS },
    }),
  };

  it('streams thought parts before the answer parts, thoughts counted apart', async () => {
    await expectReasoningStreamedFirst(family);
  });

  it('answers unstreamed with the thought part first, and skips thoughts sent back', async () => {
    const body = await expectFollowUpAnsweredUnstreamed(family);
    expect(at(body, 'contents', 1, 'parts', 0)).toMatchObject({ thought: true });
  });
});
