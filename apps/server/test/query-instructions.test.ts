import { createFakeWell, createLogbook, entry, ORIGINS, png, useServer } from '@caravanserai/test-kit';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

const t = useServer({ users: ['alice', 'bob'], fake: true });

beforeEach(() => t.fake.reset());

const MINE = 'Answer in British English.';
const JOURNAL = 'Name the oases on the way.';
const CONTEXT = 'You are a caravan guide.';

let jid: string;
beforeAll(async () => {
  await t.alice.client.auth.updateUser({ instructions: MINE });
  jid = (await t.alice.client.journals.create({ title: 'Silk Road', instructions: JOURNAL })).jid;
});

async function logbookOn(origin: string, fields: { memory?: boolean; journal?: string | null } = {}) {
  const well = await createFakeWell(t.alice.client, t.fake, { origin_loc: origin });
  return createLogbook(t.alice.client, {
    logwell: well.wellid,
    journal: jid,
    entries: [entry('context', CONTEXT)],
    ...fields,
  });
}

/** What the provider was last sent, as the fake reads any family's wire format. */
const lastMessages = () => t.fake.requests.at(-1)!.messages;
const lastBody = () => t.fake.requests.at(-1)!.body as Record<string, unknown>;

describe("the user's and the journal's instructions", () => {
  it('go first as system messages, the user’s then the journal’s, before the context, to every family', async () => {
    for (const origin of Object.values(ORIGINS)) {
      const logbook = await logbookOn(origin);
      await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Which way to Merv?' });
      const messages = lastMessages();
      // Families with one system text (Anthropic, Gemini) join them in the same order.
      const system = messages
        .filter((m) => m.role === 'system')
        .map((m) => m.content)
        .join('\n');
      expect(system.indexOf(MINE), origin).toBe(0);
      expect(system.indexOf(JOURNAL), origin).toBeGreaterThan(system.indexOf(MINE));
      expect(system.indexOf(CONTEXT), origin).toBeGreaterThan(system.indexOf(JOURNAL));
      expect(messages.at(-1), origin).toEqual({ role: 'user', content: 'Which way to Merv?' });
    }
  });

  it('are separate system messages where the wire format has them', async () => {
    const logbook = await logbookOn(ORIGINS['openai-compatible']);
    await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Hi' });
    expect(lastMessages()).toEqual([
      { role: 'system', content: MINE },
      { role: 'system', content: JOURNAL },
      { role: 'system', content: CONTEXT },
      { role: 'user', content: 'Hi' },
    ]);
    const anthropic = await logbookOn(ORIGINS.anthropic);
    await t.alice.client.queries.submit({ logid: anthropic.logid, prompt: 'Hi' });
    expect(lastBody().system).toEqual([
      { type: 'text', text: MINE },
      { type: 'text', text: JOURNAL },
      { type: 'text', text: CONTEXT },
    ]);
  });

  it('go whatever memory says, and with memory on before the whole conversation', async () => {
    const logbook = await logbookOn(ORIGINS['openai-compatible'], { memory: true });
    await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'First' });
    await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Second' });
    expect(lastMessages().map((m) => m.content)).toEqual([
      MINE,
      JOURNAL,
      CONTEXT,
      'First',
      'Echo: First',
      'Second',
    ]);
  });

  it('leave out a journal the logbook is not in, and blank instructions', async () => {
    const loose = await logbookOn(ORIGINS['openai-compatible'], { journal: null });
    await t.alice.client.queries.submit({ logid: loose.logid, prompt: 'Hi' });
    expect(lastMessages().map((m) => m.content)).toEqual([MINE, CONTEXT, 'Hi']);

    const blank = await t.bob.client.journals.create({ title: 'Blank', instructions: '  \n ' });
    const well = await createFakeWell(t.bob.client, t.fake);
    const bobs = await createLogbook(t.bob.client, { logwell: well.wellid, journal: blank.jid });
    await t.bob.client.queries.submit({ logid: bobs.logid, prompt: 'Hi', context: '' });
    expect(lastMessages()).toEqual([{ role: 'user', content: 'Hi' }]);
  });

  it('leave a question’s image untouched', async () => {
    const image = await png(4, 4, '#3060c0');
    const logbook = await logbookOn(ORIGINS.openai);
    const file = await t.alice.client.files.upload(logbook.logid, new Blob([image]), 'dot.png');
    await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Colour?', files: [file.file_id] });
    const body = JSON.stringify(lastBody());
    expect(body).toContain(Buffer.from(image).toString('base64'));
    expect(body).toMatch(/"type":"input_image","image_url":"data:image\/png;base64,/);
    expect(lastMessages()[0]).toEqual({ role: 'system', content: MINE });
  });

  it("are never another user's", async () => {
    const well = await createFakeWell(t.bob.client, t.fake);
    const bobs = await createLogbook(t.bob.client, { logwell: well.wellid });
    await t.bob.client.queries.submit({ logid: bobs.logid, prompt: 'Hi', context: '' });
    expect(JSON.stringify(lastBody())).not.toContain(MINE);
  });
});
