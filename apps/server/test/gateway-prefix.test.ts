import { createFakeWell, useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';
import { gatewayClient } from './gateway-helpers.js';

const t = useServer({ users: ['alice'], fake: true, overrides: { apiPrefix: '/v1' } });

describe('the gateway beside an API served at /v1', () => {
  it('answers at /v1/chat/completions while the API keeps its paths and its own 404', async () => {
    expect(t.server.baseUrl.endsWith('/v1')).toBe(true);
    const { wellid } = await createFakeWell(t.alice.client, t.fake);
    const { openai } = await gatewayClient(t.server, t.alice);
    const answer = await openai.chat.completions.create({
      model: wellid,
      messages: [{ role: 'user', content: 'Still here?' }],
    });
    expect(answer.choices[0]?.message.content).toBe('Echo: Still here?');
    expect((await t.alice.client.auth.user()).username).toBe(t.alice.username);

    const unknown = await fetch(`${t.server.origin}/v1/no-such-call/`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
  });
});
