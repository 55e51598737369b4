import { createFakeWell, ORIGINS, useServer } from '@caravanserai/test-kit';
import OpenAI from 'openai';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { entryCount, gatewayClient, openaiWith, refusal, usageOf } from './gateway-helpers.js';

const t = useServer({ users: ['alice', 'mallory'], fake: true });

let wellid: string;
const hello = [{ role: 'user' as const, content: 'hello' }];

beforeAll(async () => {
  ({ wellid } = await createFakeWell(t.alice.client, t.fake, { title: 'Mine' }));
});
beforeEach(() => t.fake.reset());

/** Nothing reached a provider, no usage was recorded and no logbook changed. */
async function nothingChanged(check: () => Promise<void>) {
  const usage = (await usageOf(t.server, t.alice.pk)).length + (await usageOf(t.server, t.mallory.pk)).length;
  const entries = await entryCount(t.server);
  await check();
  expect(t.fake.requests).toEqual([]);
  expect((await usageOf(t.server, t.alice.pk)).length + (await usageOf(t.server, t.mallory.pk)).length).toBe(
    usage,
  );
  expect(await entryCount(t.server)).toBe(entries);
}

const raw = (path: string, init: RequestInit & { auth?: string } = {}) =>
  fetch(`${t.server.origin}/v1${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.auth ? { authorization: init.auth } : {}),
    },
  });

describe('the gateway refuses', () => {
  it("another user's well: mallory's key cannot use alice's well, by wellid or by model", async () => {
    const { openai } = await gatewayClient(t.server, t.mallory);
    await nothingChanged(async () => {
      for (const model of [wellid, ORIGINS['openai-compatible']]) {
        const error = await refusal(openai.chat.completions.create({ model, messages: hello }));
        expect(error).toBeInstanceOf(OpenAI.NotFoundError);
        expect(error.error).toEqual({
          message: `The model \`${model}\` does not exist or you do not have access to it.`,
          type: 'invalid_request_error',
          param: 'model',
          code: 'model_not_found',
        });
      }
      expect((await openai.models.list()).data).toEqual([]);
    });
  });

  it('a revoked key and an expired key, with 401 at once', async () => {
    const { openai, key } = await gatewayClient(t.server, t.alice);
    await openai.chat.completions.create({ model: wellid, messages: hello });
    t.fake.reset();
    const revoked = (await t.alice.client.apiKeys.list()).find((k) => key.startsWith(k.prefix))!;
    await t.alice.client.apiKeys.revoke(revoked.id);

    const expiring = await t.alice.client.apiKeys.create({ name: 'short-lived', expires_in_days: 1 });
    await t.server.testDb.db.kysely
      .updateTable('api_keys')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', expiring.id)
      .execute();

    await nothingChanged(async () => {
      for (const dead of [key, expiring.key]) {
        const error = await refusal(
          openaiWith(t.server, dead).chat.completions.create({ model: wellid, messages: hello }),
        );
        expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
        expect(error.code).toBe('invalid_api_key');
        expect(error.type).toBe('invalid_request_error');
      }
    });
  });

  it('a sign-in token, as Bearer or Token, and a call without any key', async () => {
    await nothingChanged(async () => {
      const error = await refusal(
        openaiWith(t.server, t.alice.token).chat.completions.create({ model: wellid, messages: hello }),
      );
      expect(error.status).toBe(401);
      expect(error.message).toContain('not a sign-in token');
      const body = JSON.stringify({ model: wellid, messages: hello });
      for (const auth of [`Token ${t.alice.token}`, undefined, 'Basic YWxpY2U6c2VjcmV0']) {
        const response = await raw('/chat/completions', { method: 'POST', body, ...(auth && { auth }) });
        expect(response.status).toBe(401);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key');
      }
      const models = await raw('/models', { auth: `Token ${t.alice.token}` });
      expect(models.status).toBe(401);
    });
  });

  it('an oversized body with 413, and bodies that are not JSON with 400 or 415', async () => {
    const { key } = await gatewayClient(t.server, t.alice);
    const auth = `Bearer ${key}`;
    await nothingChanged(async () => {
      const huge = JSON.stringify({
        model: wellid,
        messages: [{ role: 'user', content: 'x'.repeat(6 * 1024 * 1024) }],
      });
      const tooLarge = await raw('/chat/completions', { method: 'POST', body: huge, auth });
      expect(tooLarge.status).toBe(413);
      expect(await tooLarge.json()).toEqual({
        error: {
          message: 'Request body is too large: the limit is 5 MB.',
          type: 'invalid_request_error',
          param: null,
          code: 'request_too_large',
        },
      });
      const longMessage = JSON.stringify({
        model: wellid,
        messages: [{ role: 'user', content: 'x'.repeat(1_000_001) }],
      });
      const tooLong = await raw('/chat/completions', { method: 'POST', body: longMessage, auth });
      expect(tooLong.status).toBe(400);
      expect(((await tooLong.json()) as { error: { param: string } }).error.param).toBe('messages.0.content');

      const broken = await raw('/chat/completions', { method: 'POST', body: '{"model": ', auth });
      expect(broken.status).toBe(400);
      expect(((await broken.json()) as { error: { code: string } }).error.code).toBe('parse_error');
      const text = await fetch(`${t.server.origin}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'text/plain' },
        body: 'hello',
      });
      expect(text.status).toBe(415);
    });
  });

  it('unknown paths under /v1 with 404 in OpenAI shape', async () => {
    const { key } = await gatewayClient(t.server, t.alice);
    const response = await raw('/embeddings', { method: 'POST', body: '{}', auth: `Bearer ${key}` });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unknown_url');
  });
});
