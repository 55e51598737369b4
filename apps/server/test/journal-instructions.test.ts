import { Journal, pathOf, routes } from '@caravanserai/api';
import { expectStatus, useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';

const t = useServer({ users: ['alice', 'bob'] });

const TOO_LONG = { instructions: ['Ensure this field has no more than 20000 characters.'] };

const patch = (jid: string, token: string | undefined, body: unknown) =>
  t.server.http(pathOf(routes.journals.patch, { jid }), {
    method: 'PATCH',
    token,
    body: JSON.stringify(body),
  });

describe('a journal’s instructions', () => {
  it('are none for a new journal, and given at creation when asked', async () => {
    const plain = await t.alice.client.journals.create({ title: 'Plain' });
    expect(plain.instructions).toBe('');
    const guided = await t.alice.client.journals.create({
      title: 'Guided',
      instructions: 'Use metric units.',
    });
    expect(guided.instructions).toBe('Use metric units.');
    expect(await t.alice.client.journals.get(guided.jid)).toMatchObject({
      instructions: 'Use metric units.',
    });
    const listed = await t.alice.client.journals.list();
    expect(listed.find((j) => j.jid === guided.jid)?.instructions).toBe('Use metric units.');
    expect(listed.find((j) => j.jid === plain.jid)?.instructions).toBe('');
  });

  it('are changed by PUT with the title, kept by a PUT without them, and by PATCH alone', async () => {
    const journal = await t.alice.client.journals.create({ title: 'Trips' });
    const put = await t.alice.client.journals.update(journal.jid, {
      title: 'Trips',
      instructions: 'Answer as a travel agent.\n\nMention visas.',
    });
    expect(put.instructions).toBe('Answer as a travel agent.\n\nMention visas.');

    const renamed = await t.alice.client.journals.update(journal.jid, { title: 'Journeys' });
    expect(renamed).toMatchObject({
      title: 'Journeys',
      instructions: 'Answer as a travel agent.\n\nMention visas.',
    });

    const patched = await patch(journal.jid, t.alice.token, { instructions: 'Short answers.' });
    expect(patched.status).toBe(200);
    expect(Journal.parse(await patched.json())).toMatchObject({
      title: 'Journeys',
      instructions: 'Short answers.',
    });

    const cleared = await t.alice.client.journals.update(journal.jid, {
      title: 'Journeys',
      instructions: '',
    });
    expect(cleared.instructions).toBe('');
  });

  it('take 20,000 characters and refuse 20,001 with the limit named, keeping the old', async () => {
    const journal = await t.alice.client.journals.create({ title: 'Long' });
    const longest = `${'é'.repeat(10_000)}${'🐪'.repeat(10_000)}`;
    expect([...longest]).toHaveLength(20_000);
    const saved = await t.alice.client.journals.update(journal.jid, { title: 'Long', instructions: longest });
    expect(saved.instructions).toBe(longest);

    const tooLong = `${longest}!`;
    expect(
      await expectStatus(
        t.alice.client.journals.update(journal.jid, { title: 'Long', instructions: tooLong }),
        400,
      ),
    ).toEqual(TOO_LONG);
    const patched = await patch(journal.jid, t.alice.token, { instructions: tooLong });
    expect(patched.status).toBe(400);
    expect(await patched.json()).toEqual(TOO_LONG);
    expect(
      await expectStatus(t.alice.client.journals.create({ title: 'Longer', instructions: tooLong }), 400),
    ).toEqual(TOO_LONG);
    expect((await t.alice.client.journals.get(journal.jid)).instructions).toBe(longest);
    expect((await t.alice.client.journals.list()).map((j) => j.title)).not.toContain('Longer');
  });

  it('refuse a NUL and other controls, as every text field does', async () => {
    const journal = await t.alice.client.journals.create({ title: 'Clean', instructions: 'Kept' });
    const nul = await patch(journal.jid, t.alice.token, { instructions: 'a\u0000b' });
    expect(nul.status).toBe(400);
    expect(await nul.json()).toEqual({ instructions: ['Null characters are not allowed.'] });
    const bell = await patch(journal.jid, t.alice.token, { instructions: '\u0007' });
    expect(await bell.json()).toEqual({
      instructions: ['Control character U+0007 at position 0 is not allowed.'],
    });
    expect((await t.alice.client.journals.get(journal.jid)).instructions).toBe('Kept');
  });

  it('are hidden from everyone but the owner, who alone changes them', async () => {
    const journal = await t.alice.client.journals.create({
      title: 'Mine',
      instructions: 'Alice’s secret ways',
    });

    await expectStatus(t.bob.client.journals.get(journal.jid), 404);
    expect(JSON.stringify(await t.bob.client.journals.list())).not.toContain('secret ways');
    await expectStatus(
      t.bob.client.journals.update(journal.jid, { title: 'Mine', instructions: 'Bob’s' }),
      404,
    );
    expect((await patch(journal.jid, t.bob.token, { instructions: 'Bob’s' })).status).toBe(404);
    expect((await patch(journal.jid, undefined, { instructions: 'Anyone’s' })).status).toBe(401);

    expect((await t.alice.client.journals.get(journal.jid)).instructions).toBe('Alice’s secret ways');
  });

  it('leave the journal untouched by a PATCH that names nothing', async () => {
    const journal = await t.alice.client.journals.create({ title: 'Still', instructions: 'Same' });
    const response = await patch(journal.jid, t.alice.token, {});
    expect(response.status).toBe(200);
    expect(Journal.parse(await response.json())).toEqual(journal);
  });
});
