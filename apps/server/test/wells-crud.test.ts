import { pathOf, routes, type Well, WellDetail, WellList } from '@caravanserai/api';
import { expectStatus, nextMillisecond, useServer } from '@caravanserai/test-kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { WELL_DEFAULTS, wellHelpers } from './wells-helpers.js';

const { KEY, MASKED, DEFAULT_URLS } = WELL_DEFAULTS;
const COMPATIBLE_LABEL = 'OpenAI-compatible (Ollama, LM Studio, vLLM, OpenRouter)';

const t = useServer({ users: ['alice', 'bob'], fake: true });
beforeEach(() => t.fake.reset());
const { createWell, postWell } = wellHelpers(t);

describe('listing wells', () => {
  it('lists only the caller’s own wells, newest first, with the origin choices', async () => {
    const carol = await t.server.signup('carol');
    const empty = await carol.client.wells.list();
    expect(empty.wells).toEqual([]);

    const first = await createWell(carol.client, { title: 'first' });
    await nextMillisecond();
    const second = await createWell(carol.client, {
      title: 'second',
      origin_loc: 'mistral/mistral-large-latest',
    });
    const someoneElses = await createWell(t.bob.client);

    const response = await t.server.http(pathOf(routes.wells.list), { token: carol.token });
    expect(response.status).toBe(200);
    const json: unknown = await response.json();
    expect(Object.keys(json as object).sort()).toEqual(['origin_loc_choices', 'wells']);
    const list = WellList.parse(json);
    expect(list.wells).toEqual([second, first]);
    expect(list.wells.map((w) => w.wellid)).not.toContain(someoneElses.wellid);
    expect(list.wells.every((w) => w.owner.username === carol.username)).toBe(true);
  });

  it('groups the origin choices by provider label as [provider/model, label] pairs', async () => {
    const { origin_loc_choices: choices } = await t.alice.client.wells.list();
    expect(Object.keys(choices)).toEqual([
      'OpenAI',
      'Anthropic',
      'Google Gemini',
      'Mistral',
      COMPATIBLE_LABEL,
    ]);
    const prefixes: Record<string, string> = {
      OpenAI: 'openai/',
      Anthropic: 'anthropic/',
      'Google Gemini': 'google/',
      Mistral: 'mistral/',
      [COMPATIBLE_LABEL]: 'openai-compatible/',
    };
    for (const [group, pairs] of Object.entries(choices)) {
      expect(pairs.length).toBeGreaterThan(0);
      for (const [value, label] of pairs) {
        expect(value.startsWith(prefixes[group] ?? '?')).toBe(true);
        expect(value.length).toBeGreaterThan((prefixes[group] ?? '').length);
        expect(label).not.toBe('');
      }
    }
    expect(choices.OpenAI).toContainEqual(['openai/gpt-4o-mini', 'GPT-4o mini']);
    expect(choices.Anthropic).toContainEqual(['anthropic/claude-haiku-4-5', 'Claude Haiku 4.5']);
    expect(choices['Google Gemini']).toContainEqual(['google/gemini-2.5-flash', 'Gemini 2.5 Flash']);
    expect(choices.Mistral).toContainEqual(['mistral/mistral-small-latest', 'Mistral Small']);
    expect(choices[COMPATIBLE_LABEL]).toContainEqual(['openai-compatible/llama3.2', 'Llama 3.2 (Ollama)']);

    // Every offered choice can be saved as it is.
    const compatible = choices[COMPATIBLE_LABEL]?.[0]?.[0] ?? '';
    const openai = choices.OpenAI?.[0]?.[0] ?? '';
    expect((await createWell(t.alice.client, { origin_loc: openai })).origin_loc).toBe(openai);
    const local = await createWell(t.alice.client, { origin_loc: compatible, model_url: `${t.fake.url}/v1` });
    expect(local.origin_loc).toBe(compatible);
  });
});

describe('creating a well', () => {
  it('answers 201 with the well, its provider and model, and the key masked', async () => {
    const response = await postWell(t.alice.token, {
      title: 'My OpenAI',
      AUTH_MODEL_KEY: KEY,
      origin_loc: 'openai/gpt-4o-mini',
    });
    expect(response.status).toBe(201);
    const text = await response.text();
    expect(text).not.toContain(KEY);
    const { wells } = await t.alice.client.wells.get(JSON.parse(text).wellid);
    expect(wells).toMatchObject({
      title: 'My OpenAI',
      owner: { username: t.alice.username },
      origin_loc: 'openai/gpt-4o-mini',
      provider: 'openai',
      model: 'gpt-4o-mini',
      model_url: DEFAULT_URLS.openai,
      AUTH_MODEL_KEY: MASKED,
    });
    expect(wells.wellid).not.toBe('');
    expect(Number.isNaN(Date.parse(wells.created))).toBe(false);
    expect(wells.modified).toBe(wells.created);
  });

  it('gives each provider its default address when none is given', async () => {
    for (const [provider, url] of Object.entries(DEFAULT_URLS)) {
      const model = `${provider}-model-1`;
      const well = await createWell(t.alice.client, { origin_loc: `${provider}/${model}` });
      expect(well).toMatchObject({ provider, model, model_url: url, AUTH_MODEL_KEY: MASKED });
      // The default written out, with or without a trailing slash, is the same default.
      const spelled = await createWell(t.alice.client, {
        origin_loc: `${provider}/${model}`,
        model_url: `${url}/`,
      });
      expect(spelled.model_url).toBe(url);
    }
  });

  it('keeps the address given for an OpenAI-compatible well, without its trailing slash', async () => {
    const well = await createWell(t.alice.client, {
      origin_loc: 'openai-compatible/llama3.1:8b',
      model_url: `${t.fake.url}/v1/`,
    });
    expect(well).toMatchObject({
      provider: 'openai-compatible',
      model: 'llama3.1:8b',
      model_url: `${t.fake.url}/v1`,
    });
  });

  it('refuses an OpenAI-compatible well without an address, on model_url', async () => {
    const before = await t.alice.client.wells.list();
    for (const model_url of [undefined, '', '   ']) {
      const error = await expectStatus(
        createWell(t.alice.client, { origin_loc: 'openai-compatible/llama3.2', model_url }),
        400,
      );
      expect(Object.keys(error)).toEqual(['model_url']);
      expect(error.model_url).toEqual([expect.stringContaining('OpenAI-compatible well needs the address')]);
    }
    expect(await t.alice.client.wells.list()).toEqual(before);
  });

  it('refuses an unknown provider or a malformed origin_loc with 400 on origin_loc', async () => {
    const before = await t.alice.client.wells.list();
    for (const origin of [
      'x',
      'openai',
      'openai/',
      '/gpt-4o',
      'nope/gpt-4o',
      'OpenAI/gpt-4o',
      'openai/ gpt',
      'openai/-dash-first',
      `openai/${'m'.repeat(201)}`,
    ]) {
      expect(await expectStatus(createWell(t.alice.client, { origin_loc: origin }), 400)).toEqual({
        origin_loc: [`"${origin}" is not a valid choice.`],
      });
    }
    expect(await t.alice.client.wells.list()).toEqual(before);
  });

  it('requires a title, a key and an origin, each reported on its own field', async () => {
    const before = await t.alice.client.wells.list();
    const missing = await postWell(t.alice.token, {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      title: ['This field is required.'],
      AUTH_MODEL_KEY: ['This field is required.'],
      origin_loc: ['This field is required.'],
    });

    const blank = await postWell(t.alice.token, { title: ' ', AUTH_MODEL_KEY: '', origin_loc: '' });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toEqual({
      title: ['This field may not be blank.'],
      AUTH_MODEL_KEY: ['This field may not be blank.'],
      origin_loc: ['This field may not be blank.'],
    });

    const full = { title: 't', AUTH_MODEL_KEY: KEY, origin_loc: 'openai/gpt-4o' };
    for (const field of ['title', 'AUTH_MODEL_KEY', 'origin_loc'] as const) {
      const { [field]: _left, ...rest } = full;
      const response = await postWell(t.alice.token, rest);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ [field]: ['This field is required.'] });
    }
    expect(await t.alice.client.wells.list()).toEqual(before);
  });
});

describe('reading a well', () => {
  it('answers {wells: the well, origin_loc_choices}', async () => {
    const created = await createWell(t.alice.client, {
      title: 'Detailed',
      origin_loc: 'google/gemini-2.5-pro',
    });
    const response = await t.server.http(pathOf(routes.wells.get, { wellid: created.wellid }), {
      token: t.alice.token,
    });
    expect(response.status).toBe(200);
    const json: unknown = await response.json();
    expect(Object.keys(json as object).sort()).toEqual(['origin_loc_choices', 'wells']);
    const detail = WellDetail.parse(json);
    expect(detail.wells).toEqual(created);
    expect(detail.origin_loc_choices).toEqual((await t.alice.client.wells.list()).origin_loc_choices);
  });

  it('answers 404 for an unknown well', async () => {
    expect(await expectStatus(t.alice.client.wells.get('no-such-well'), 404)).toEqual({
      detail: 'Well not found.',
      code: 'not_found',
    });
    await expectStatus(t.alice.client.wells.update('no-such-well', { title: 'x' }), 404);
    await expectStatus(t.alice.client.wells.remove('no-such-well'), 404);
  });

  it('works with and without the trailing slash', async () => {
    const list = await t.server.http('/journals/wells', { token: t.alice.token });
    expect(list.status).toBe(200);
    const created = await postWell(t.alice.token, {
      title: 'slashless',
      AUTH_MODEL_KEY: KEY,
      origin_loc: 'openai/o3',
    });
    expect(created.status).toBe(201);
    const { wellid } = (await created.json()) as Well;

    const detail = await t.server.http(`/journals/wells/${wellid}`, { token: t.alice.token });
    expect(detail.status).toBe(200);
    expect(WellDetail.parse(await detail.json()).wells.title).toBe('slashless');

    const put = await t.server.http(`/journals/wells/${wellid}`, {
      method: 'PUT',
      token: t.alice.token,
      body: JSON.stringify({ title: 'renamed' }),
    });
    expect(put.status).toBe(200);
    expect((await t.alice.client.wells.get(wellid)).wells.title).toBe('renamed');

    const gone = await t.server.http(`/journals/wells/${wellid}`, { method: 'DELETE', token: t.alice.token });
    expect(gone.status).toBe(204);
    await expectStatus(t.alice.client.wells.get(wellid), 404);
  });
});
