import { describe, expect, it } from 'vitest';
import { listModels, NotAModelList, ProviderRefused } from './model-list.js';

/** A fetch that answers every request with `body` and `status`, and remembers what was asked. */
function answering(body: string, status = 200) {
  const asked: { url: string; headers: Record<string, string> }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    asked.push({ url, headers: init.headers as Record<string, string> });
    return new Response(body, { status });
  }) as typeof globalThis.fetch;
  return { fetch, asked, signal: new AbortController().signal };
}

describe('listModels', () => {
  it("keeps only Gemini's models that answer, without the models/ prefix", async () => {
    const sut = answering(
      JSON.stringify({
        models: [
          { name: 'models/gemini-2.5-flash', supportedGenerationMethods: ['generateContent'] },
          { name: 'models/text-embedding-004', supportedGenerationMethods: ['embedContent'] },
        ],
      }),
    );
    expect(await listModels('google', 'https://g.example/v1beta', 'k-1', sut)).toEqual(['gemini-2.5-flash']);
    expect(sut.asked[0]).toMatchObject({
      url: 'https://g.example/v1beta/models?pageSize=1000',
      headers: { 'x-goog-api-key': 'k-1' },
    });
  });

  it('asks Anthropic with its own headers, for one big page', async () => {
    const sut = answering(JSON.stringify({ data: [{ id: 'claude-haiku-4-5' }], has_more: false }));
    expect(await listModels('anthropic', 'https://a.example/v1', 'k-2', sut)).toEqual(['claude-haiku-4-5']);
    expect(sut.asked[0]).toMatchObject({
      url: 'https://a.example/v1/models?limit=1000',
      headers: { 'x-api-key': 'k-2', 'anthropic-version': '2023-06-01' },
    });
  });

  it.each([
    ['{"error":{"message":"Bad key","type":"auth"}}', 'Bad key'],
    ['{"error":"model list disabled"}', 'model list disabled'],
    ['{"detail":"Not Found"}', 'Not Found'],
    ['<html>\n  <h1>502 Bad Gateway</h1>\n</html>', '<html> <h1>502 Bad Gateway</h1> </html>'],
  ])("reads the provider's own words from an error body: %s", async (body, said) => {
    const error = await listModels('openai', 'https://o.example/v1', 'k', answering(body, 502)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProviderRefused);
    expect(error).toMatchObject({ status: 502, said });
  });

  it.each(['<html>Welcome to nginx</html>', '{"object":"list"}', '[1,2]'])(
    'refuses an answer that is no model list: %s',
    async (body) => {
      await expect(
        listModels('openai-compatible', 'http://x.example/v1', 'k', answering(body)),
      ).rejects.toThrow(NotAModelList);
    },
  );
});
