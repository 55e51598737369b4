import { type ApiClient, type Well, type WellCreate, WellDetail, WellList } from '@caravanserai/api';
import { beforeEach, describe, expect, it } from 'vitest';
import { createLogbook, nextMillisecond } from './factories.js';
import { expectStatus, useServer } from './helper.js';

const KEY = 'sk-test-0123456789';
const MASKED = 'sk-…6789';

const DEFAULT_URLS = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  google: 'https://generativelanguage.googleapis.com/v1beta',
  mistral: 'https://api.mistral.ai/v1',
} as const;

const COMPATIBLE_LABEL = 'OpenAI-compatible (Ollama, LM Studio, vLLM, OpenRouter)';

let sequence = 0;

const t = useServer({ users: ['alice', 'bob'], fake: true });
beforeEach(() => t.fake.reset());

/** An OpenAI well holding KEY unless told otherwise. */
function createWell(client: ApiClient, overrides: Partial<WellCreate> = {}): Promise<Well> {
  return client.wells.create({
    title: `Well ${++sequence}`,
    AUTH_MODEL_KEY: KEY,
    origin_loc: 'openai/gpt-4o-mini',
    ...overrides,
  });
}

/** An OpenAI-compatible well that calls the fake provider. */
function createFakeWell(client: ApiClient, key = KEY): Promise<Well> {
  return createWell(client, {
    AUTH_MODEL_KEY: key,
    origin_loc: 'openai-compatible/llama3.2',
    model_url: `${t.fake.url}/v1`,
  });
}

/** Asks the logbook's well once and returns the API key the fake provider was sent. */
async function keySentBy(client: ApiClient, logid: string): Promise<string | undefined> {
  const before = t.fake.requests.length;
  const result = await client.queries.submit({
    logid,
    prompt: 'Who am I?',
    shell_mode: 'QUERY',
    context: '',
  });
  expect(result.data.gen).toContain('Who am I?');
  expect(t.fake.requests).toHaveLength(before + 1);
  return t.fake.requests.at(-1)?.headers.authorization;
}

function postWell(token: string, body: unknown): Promise<Response> {
  return t.server.http('/journals/wells/', { method: 'POST', token, body: JSON.stringify(body) });
}

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

    const response = await t.server.http('/journals/wells/', { token: carol.token });
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
    const response = await t.server.http(`/journals/wells/${created.wellid}/`, { token: t.alice.token });
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
    const response = await t.alice.client.raw('PATCH', `/journals/wells/${well.wellid}/`, {
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
    expect(replaced.AUTH_MODEL_KEY).toBe('sk-…wxyz');
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
    const response = await t.server.http(`/journals/wells/${well.wellid}/`, {
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

describe('other users’ wells', () => {
  it('cannot be read, changed or deleted by another user (404), and nothing changes', async () => {
    const well = await createFakeWell(t.alice.client);
    const logbook = await createLogbook(t.alice.client, { title: 'Alice private', logwell: well.wellid });
    const path = `/journals/wells/${well.wellid}/`;

    expect((await t.bob.client.wells.list()).wells.map((w) => w.wellid)).not.toContain(well.wellid);
    const notFound = { detail: 'Well not found.', code: 'not_found' };
    const calls: [string, () => Promise<unknown>][] = [
      ['GET', () => t.bob.client.wells.get(well.wellid)],
      [
        'PUT',
        () => t.bob.client.wells.update(well.wellid, { title: 'taken', AUTH_MODEL_KEY: 'sk-bob-000000000' }),
      ],
      ['PATCH', () => t.bob.client.raw('PATCH', path, { body: { title: 'taken' } })],
      ['PATCH key', () => t.bob.client.raw('PATCH', path, { body: { AUTH_MODEL_KEY: 'sk-bob-000000000' } })],
      // In use by Alice's logbook: still 404 for Bob, and her logbook's title is not revealed.
      ['DELETE', () => t.bob.client.wells.remove(well.wellid)],
    ];
    for (const [name, call] of calls) {
      expect(await expectStatus(call(), 404), name).toEqual(notFound);
    }
    expect((await t.alice.client.wells.get(well.wellid)).wells).toEqual(well);
    expect(await keySentBy(t.alice.client, logbook.logid)).toBe(`Bearer ${KEY}`);
  });

  it('refuses anonymous callers with 401 for every call, and nothing changes', async () => {
    const well = await createWell(t.alice.client);
    const anon = t.server.client();
    const path = `/journals/wells/${well.wellid}/`;
    const calls: [string, () => Promise<unknown>][] = [
      ['list', () => anon.wells.list()],
      ['create', () => createWell(anon)],
      ['GET', () => anon.wells.get(well.wellid)],
      ['PUT', () => anon.wells.update(well.wellid, { title: 'anon' })],
      ['PATCH', () => anon.raw('PATCH', path, { body: { title: 'anon' } })],
      ['DELETE', () => anon.wells.remove(well.wellid)],
    ];
    const before = await t.alice.client.wells.list();
    for (const [name, call] of calls) {
      const error = await expectStatus(call(), 401);
      expect(error.detail, name).toBe('Authentication credentials were not provided.');
    }
    expect(await t.alice.client.wells.list()).toEqual(before);
  });

  it('cannot have another user’s logbook attached to it', async () => {
    const well = await createWell(t.alice.client);
    const invalid = { logwell: [`Invalid pk "${well.wellid}" - object does not exist.`] };
    const before = await t.bob.client.logbooks.list();
    expect(
      await expectStatus(t.bob.client.logbooks.create({ title: 'x', logwell: well.wellid }), 400),
    ).toEqual(invalid);
    expect(await t.bob.client.logbooks.list()).toEqual(before);

    const own = await createLogbook(t.bob.client);
    expect(
      await expectStatus(t.bob.client.logbooks.update(own.logid, { logwell: well.wellid }), 400),
    ).toEqual(invalid);
    expect(await expectStatus(t.bob.client.logbooks.patch(own.logid, { logwell: well.wellid }), 400)).toEqual(
      invalid,
    );
    expect((await t.bob.client.logbooks.get(own.logid)).logwell).toBeNull();
    // Nothing of Bob's now holds the well, so Alice may delete it.
    await t.alice.client.wells.remove(well.wellid);
  });

  it('cannot be asked through a query by another user: 400 on wellid, and the provider hears nothing', async () => {
    const well = await createFakeWell(t.alice.client);
    const logbook = await createLogbook(t.bob.client, { title: 'Bob asks' });
    const error = await expectStatus(
      t.bob.client.queries.submit({
        logid: logbook.logid,
        prompt: 'Use her key',
        shell_mode: 'QUERY',
        wellid: well.wellid,
        context: 'No Context',
      }),
      400,
    );
    expect(error).toEqual({ wellid: ['Well not found.'] });
    expect(t.fake.requests).toEqual([]);
    const after = await t.bob.client.logbooks.get(logbook.logid);
    expect(after.entry_count).toBe(0);
    expect(after.version).toBe(logbook.version);

    // The same call by the owner, on her own logbook, does reach the provider.
    const hers = await createLogbook(t.alice.client);
    await t.alice.client.queries.submit({
      logid: hers.logid,
      prompt: 'Mine',
      wellid: well.wellid,
      context: '',
    });
    expect(t.fake.requests).toHaveLength(1);
  });

  it('is not kept by a fork of a logbook attached to it', async () => {
    const well = await createWell(t.alice.client);
    const salted = await createLogbook(t.alice.client, {
      private: false,
      salted: true,
      logwell: well.wellid,
    });
    const fork = await t.bob.client.logbooks.fork(salted.logid);
    expect(fork.logwell).toBeNull();
    expect(fork.well).toBeNull();
  });
});
