import { type ApiClient, pathOf, routes } from '@caravanserai/api';
import { createLogbook, expectStatus, nextMillisecond, useServer } from '@caravanserai/test-kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { WELL_DEFAULTS, wellHelpers } from './wells-helpers.js';

const { KEY, MASKED, DEFAULT_URLS } = WELL_DEFAULTS;

const t = useServer({ users: ['alice'], fake: true });
beforeEach(() => t.fake.reset());
const { createWell, createFakeWell, keySentBy } = wellHelpers(t);

describe('changing a well', () => {
  it('changes the title, origin and address with PUT', async () => {
    const well = await createWell(t.alice.client, { title: 'before' });
    await nextMillisecond();
    const updated = await t.alice.client.wells.update(well.wellid, {
      title: 'after',
      origin_loc: 'openai-compatible/qwen2.5',
      model_url: `${t.fake.url}/v1`,
    });
    expect(updated).toMatchObject({
      wellid: well.wellid,
      title: 'after',
      origin_loc: 'openai-compatible/qwen2.5',
      provider: 'openai-compatible',
      model: 'qwen2.5',
      model_url: `${t.fake.url}/v1`,
      AUTH_MODEL_KEY: MASKED,
      created: well.created,
    });
    expect(Date.parse(updated.modified)).toBeGreaterThan(Date.parse(well.modified));
    expect((await t.alice.client.wells.get(well.wellid)).wells).toEqual(updated);
  });

  it('changes only the fields given with PATCH', async () => {
    const well = await createWell(t.alice.client, { origin_loc: 'anthropic/claude-opus-4-1' });
    const response = await t.alice.client.send(routes.wells.patch, {
      params: { wellid: well.wellid },
      body: { title: 'patched' },
    });
    expect(response.status).toBe(200);
    const { wells } = await t.alice.client.wells.get(well.wellid);
    expect(wells).toEqual({ ...well, title: 'patched', modified: wells.modified });
  });

  it('keeps the stored key when the masked value is sent back, and replaces it with a new one', async () => {
    const well = await createFakeWell(t.alice.client);
    const logbook = await createLogbook(t.alice.client, { logwell: well.wellid });
    expect(await keySentBy(t.alice.client, logbook.logid)).toBe(`Bearer ${KEY}`);

    // What the manage form sends: every field as shown, the key still masked.
    const kept = await t.alice.client.wells.update(well.wellid, {
      title: 'kept key',
      origin_loc: well.origin_loc,
      model_url: well.model_url,
      AUTH_MODEL_KEY: well.AUTH_MODEL_KEY,
    });
    expect(kept.AUTH_MODEL_KEY).toBe(MASKED);
    expect(await keySentBy(t.alice.client, logbook.logid)).toBe(`Bearer ${KEY}`);

    const fresh = 'sk-new-key-abcdefwxyz';
    const replaced = await t.alice.client.wells.update(well.wellid, { AUTH_MODEL_KEY: fresh });
    expect(replaced.AUTH_MODEL_KEY).toBe('…wxyz');
    expect(replaced.title).toBe('kept key');
    expect(await keySentBy(t.alice.client, logbook.logid)).toBe(`Bearer ${fresh}`);

    // A new key that merely ends like the old one is still a new key.
    const lookalike = 'sk-other-key-abcwxyz';
    await t.alice.client.wells.update(well.wellid, { AUTH_MODEL_KEY: lookalike });
    expect(await keySentBy(t.alice.client, logbook.logid)).toBe(`Bearer ${lookalike}`);
  });

  it('moves the address to the new provider’s default when the provider changes without one', async () => {
    const well = await createWell(t.alice.client);
    expect(well.model_url).toBe(DEFAULT_URLS.openai);

    const anthropic = await t.alice.client.wells.update(well.wellid, {
      origin_loc: 'anthropic/claude-sonnet-4-5',
    });
    expect(anthropic).toMatchObject({ provider: 'anthropic', model_url: DEFAULT_URLS.anthropic });

    // The manage form sends back the old default along with the new provider: still the new default.
    const google = await t.alice.client.wells.update(well.wellid, {
      origin_loc: 'google/gemini-2.0-flash',
      model_url: anthropic.model_url,
    });
    expect(google).toMatchObject({ provider: 'google', model_url: DEFAULT_URLS.google });
    expect((await t.alice.client.wells.get(well.wellid)).wells.model_url).toBe(DEFAULT_URLS.google);
  });

  it('refuses invalid changes with 400 and changes nothing', async () => {
    const well = await createWell(t.alice.client);
    const refusals: [string, Parameters<ApiClient['wells']['update']>[1]][] = [
      ['origin_loc', { origin_loc: 'nope/model' }],
      ['origin_loc', { title: 'not saved', origin_loc: 'openai' }],
      ['title', { title: '' }],
      ['AUTH_MODEL_KEY', { AUTH_MODEL_KEY: '' }],
      // An OpenAI-compatible well has no default address to fall back on.
      ['model_url', { origin_loc: 'openai-compatible/llama3.2' }],
      ['model_url', { origin_loc: 'openai-compatible/llama3.2', model_url: '' }],
    ];
    for (const [field, body] of refusals) {
      const error = await expectStatus(t.alice.client.wells.update(well.wellid, body), 400);
      expect(Object.keys(error)).toEqual([field]);
    }
    expect((await t.alice.client.wells.get(well.wellid)).wells).toEqual(well);
  });
});

describe('deleting a well', () => {
  it('answers 204 and the well is gone', async () => {
    const well = await createWell(t.alice.client);
    const response = await t.server.http(pathOf(routes.wells.remove, { wellid: well.wellid }), {
      method: 'DELETE',
      token: t.alice.token,
    });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    await expectStatus(t.alice.client.wells.get(well.wellid), 404);
    expect((await t.alice.client.wells.list()).wells.map((w) => w.wellid)).not.toContain(well.wellid);
  });

  it('refuses with 409 naming the logbook while one uses the well, and keeps it', async () => {
    const well = await createWell(t.alice.client);
    const logbook = await createLogbook(t.alice.client, { title: 'Still attached', logwell: well.wellid });
    const error = await expectStatus(t.alice.client.wells.remove(well.wellid), 409);
    expect(error).toEqual({
      detail: `This well is used by 1 logbook: 'Still attached' (${logbook.logid}). Attach them to another well first.`,
      code: 'well_in_use',
    });
    expect((await t.alice.client.wells.get(well.wellid)).wells).toEqual(well);
    expect((await t.alice.client.logbooks.get(logbook.logid)).logwell).toBe(well.wellid);

    await t.alice.client.logbooks.patch(logbook.logid, { logwell: null });
    await t.alice.client.wells.remove(well.wellid);
    await expectStatus(t.alice.client.wells.get(well.wellid), 404);
  });
});
