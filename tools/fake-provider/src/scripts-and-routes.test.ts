import { describe, expect, it } from 'vitest';
import { startFakeProvider } from './index';
import {
  ANTHROPIC_KEY,
  at,
  GEMINI_KEY,
  OPENAI_KEY,
  postJson,
  sseJson,
  useFakeProvider,
  userSays,
} from './test-support';

const fake = useFakeProvider();

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

  it('streams the echo reply in pieces the given pause apart when started with chunkDelayMs', async () => {
    const paced = await startFakeProvider({ chunkDelayMs: 40 });
    try {
      const response = await postJson(
        `${paced.url}/v1/chat/completions`,
        { ...userSays('slow and steady'), stream: true },
        OPENAI_KEY,
      );
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      const arrivals: { at: number; text: string }[] = [];
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        arrivals.push({ at: Date.now(), text: decoder.decode(value) });
      }
      const text = arrivals.map((piece) => piece.text).join('');
      const content = sseJson(text)
        .map((event) => at(event, 'choices', 0, 'delta', 'content') ?? '')
        .join('');
      expect(content).toBe('Echo: slow and steady');
      // The pieces came in more than one read, the last at least one pause after the first.
      expect(arrivals.length).toBeGreaterThan(1);
      expect(arrivals.at(-1)!.at - arrivals[0]!.at).toBeGreaterThanOrEqual(35);
    } finally {
      await paced.close();
    }
  });

  it('reasons before the echo when started with echoReasoning, until a script says otherwise', async () => {
    const thinking = await startFakeProvider({ echoReasoning: 'Mull it over.' });
    try {
      const ask = () => postJson(`${thinking.url}/v1/chat/completions`, userSays('hello'), OPENAI_KEY);
      expect(at(await (await ask()).json(), 'choices', 0, 'message')).toMatchObject({
        content: 'Echo: hello',
        reasoning_content: 'Mull it over.',
      });
      thinking.enqueue({ kind: 'reply', text: 'plain' });
      expect(at(await (await ask()).json(), 'choices', 0, 'message', 'reasoning_content')).toBeUndefined();
    } finally {
      await thinking.close();
    }
  });
});
