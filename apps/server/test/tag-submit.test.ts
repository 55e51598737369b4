import { pathOf, routes } from '@caravanserai/api';
import { EID, TAGS } from '@caravanserai/logbook';
import { createLogbook, documentOf, entriesOf, entry, expectStatus, useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';

const t = useServer({ users: ['alice'] });

const INVALID_INDEX = { index: ['Invalid log index.'] };

async function emptyLogbook() {
  return createLogbook(t.alice.client);
}

/** A logbook holding comment, context, mirage, in that order. */
async function threeEntries() {
  const logbook = await emptyLogbook();
  for (const [tag, content] of [
    ['comment', 'a note'],
    ['context', 'be brief'],
    ['mirage', 'a wrong answer'],
  ] as const) {
    await t.alice.client.entries.write({ logid: logbook.logid, tag, content });
  }
  return t.alice.client.logbooks.get(logbook.logid);
}

describe('appending an entry', () => {
  it('returns modified_status, the new entry’s index and the new version', async () => {
    const logbook = await emptyLogbook();
    const first = await t.alice.client.entries.write({
      logid: logbook.logid,
      tag: 'comment',
      content: 'one',
    });
    // `parent`: the entry it follows in the tree (the first follows none).
    expect(first).toEqual({
      modified_status: true,
      index: 0,
      version: 2,
      eid: expect.stringMatching(EID),
      parent: null,
    });
    const second = await t.alice.client.entries.write({ logid: logbook.logid, tag: 'code', content: 'two' });
    expect(second).toEqual({
      modified_status: true,
      index: 1,
      version: 3,
      eid: expect.stringMatching(EID),
      parent: first.eid,
    });
    expect(documentOf(await t.alice.client.logbooks.get(logbook.logid)).map((e) => e.attrs.eid)).toEqual([
      first.eid,
      second.eid,
    ]);

    const after = await t.alice.client.logbooks.get(logbook.logid);
    expect(after.version).toBe(3);
    expect(after.entry_count).toBe(2);
    expect(entriesOf(after)).toEqual([entry('comment', 'one'), entry('code', 'two')]);
  });

  it('accepts every approved tag and keeps attributes', async () => {
    const logbook = await emptyLogbook();
    for (const tag of TAGS) {
      await t.alice.client.entries.write({
        logid: logbook.logid,
        tag,
        content: tag,
        attrs: { qid: 'fixedqid', lang: 'ts' },
      });
    }
    const entries = entriesOf(await t.alice.client.logbooks.get(logbook.logid));
    expect(entries).toEqual(TAGS.map((tag) => entry(tag, tag, { qid: 'fixedqid', lang: 'ts' })));
  });

  it('gives a query without a qid an 8-character qid, returned and stored', async () => {
    const logbook = await emptyLogbook();
    const result = await t.alice.client.entries.write({
      logid: logbook.logid,
      tag: 'query',
      content: 'Why?',
    });
    expect(result.qid).toMatch(/^[a-z0-9]{8}$/);
    const after = await t.alice.client.logbooks.get(logbook.logid);
    expect(after.log).toMatch(new RegExp(`<query qid="${result.qid}" eid="[a-z0-9]{8}">Why\\?</query>`));
    expect(entriesOf(after)).toEqual([entry('query', 'Why?', { qid: result.qid ?? '' })]);

    const other = await t.alice.client.entries.write({ logid: logbook.logid, tag: 'query', content: 'And?' });
    expect(other.qid).not.toBe(result.qid);
  });

  it('keeps the qid a query already carries', async () => {
    const logbook = await emptyLogbook();
    const result = await t.alice.client.entries.write({
      logid: logbook.logid,
      tag: 'query',
      content: 'Mine',
      attrs: { qid: 'myqid123' },
    });
    expect(result.qid).toBe('myqid123');
    expect(entriesOf(await t.alice.client.logbooks.get(logbook.logid))).toEqual([
      entry('query', 'Mine', { qid: 'myqid123' }),
    ]);
  });

  it('refuses an unknown tag with 400 on tag listing the approved tags, appending nothing', async () => {
    const logbook = await emptyLogbook();
    const response = await t.server.http(pathOf(routes.entries.write), {
      method: 'POST',
      token: t.alice.token,
      body: JSON.stringify({ logid: logbook.logid, tag: 'script', content: 'alert(1)' }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as Record<string, string[]>;
    expect(Object.keys(body)).toEqual(['tag']);
    expect(body.tag).toEqual([
      "'script' is not an approved tag. Approved tags: context, comment, query, mirage, gen, code, shell, command.",
    ]);
    expect(await t.alice.client.logbooks.get(logbook.logid)).toEqual(logbook);
  });

  it('refuses an append without content', async () => {
    const logbook = await emptyLogbook();
    const body = await expectStatus(
      t.alice.client.entries.write({ logid: logbook.logid, tag: 'comment' }),
      400,
    );
    expect(body).toEqual({ content: ['This field is required.'] });
    expect(await t.alice.client.logbooks.get(logbook.logid)).toEqual(logbook);
  });

  it('refuses characters XML cannot hold with 400 and appends nothing', async () => {
    const logbook = await emptyLogbook();
    for (const content of [
      'nul \u0000 here',
      'not a character \uFFFF',
      'bell \u0007',
      'lone \uD800 surrogate',
    ]) {
      const body = await expectStatus(
        t.alice.client.entries.write({ logid: logbook.logid, tag: 'comment', content }),
        400,
      );
      expect(Object.keys(body)).toEqual(['content']);
    }
    await expectStatus(
      t.alice.client.entries.write({
        logid: logbook.logid,
        tag: 'comment',
        content: 'ok',
        attrs: { note: '\u0000' },
      }),
      400,
    );
    const after = await t.alice.client.logbooks.get(logbook.logid);
    expect(after).toEqual(logbook);
    expect(after.entry_count).toBe(0);
  });

  it('round-trips the characters XML escapes, and other text, through GET', async () => {
    const logbook = await emptyLogbook();
    const tricky = [
      `He said "<b>" & 'left' > right`,
      '&amp; &lt; already escaped &#38;',
      '<![CDATA[ not cdata ]]>',
      '  leading and trailing spaces  ',
      'line one\nline two\r\n\ttabbed',
      'ünïcödé ✓ 😀 中文',
      ']]>',
      '',
    ];
    for (const content of tricky) {
      await t.alice.client.entries.write({
        logid: logbook.logid,
        tag: 'gen',
        content,
        attrs: { note: `"'<>&` },
      });
    }
    const after = await t.alice.client.logbooks.get(logbook.logid);
    expect(entriesOf(after)).toEqual(tricky.map((content) => entry('gen', content, { note: `"'<>&` })));
    expect(after.log).not.toContain('<b>');
  });
});

describe('changing an entry by index', () => {
  it('re-tags it to fresh_tag, keeping its content', async () => {
    const logbook = await threeEntries();
    const result = await t.alice.client.entries.write({
      logid: logbook.logid,
      tag: 'comment',
      index: 0,
      fresh_tag: 'gen',
    });
    expect(result).toEqual({ modified_status: true, index: 0, version: logbook.version + 1 });
    expect(entriesOf(await t.alice.client.logbooks.get(logbook.logid))).toEqual([
      entry('gen', 'a note'),
      entry('context', 'be brief'),
      entry('mirage', 'a wrong answer'),
    ]);

    await t.alice.client.entries.write({
      logid: logbook.logid,
      tag: 'mirage',
      index: 2,
      fresh_tag: 'comment',
    });
    expect(entriesOf(await t.alice.client.logbooks.get(logbook.logid))[2]).toEqual(
      entry('comment', 'a wrong answer'),
    );
  });

  it('replaces its content when content is given, and blanks it with an empty string', async () => {
    const logbook = await threeEntries();
    await t.alice.client.entries.write({
      logid: logbook.logid,
      tag: 'context',
      index: 1,
      content: 'be thorough',
    });
    expect(entriesOf(await t.alice.client.logbooks.get(logbook.logid))[1]).toEqual(
      entry('context', 'be thorough'),
    );

    await t.alice.client.entries.write({ logid: logbook.logid, tag: 'comment', index: 0, content: '' });
    const after = await t.alice.client.logbooks.get(logbook.logid);
    expect(entriesOf(after)).toEqual([
      entry('comment', ''),
      entry('context', 'be thorough'),
      entry('mirage', 'a wrong answer'),
    ]);
    expect(after.entry_count).toBe(3);
  });

  it('refuses an index out of range or negative with 400 on index, changing nothing', async () => {
    const logbook = await threeEntries();
    for (const index of [3, 4, 1000, -1]) {
      const body = await expectStatus(
        t.alice.client.entries.write({ logid: logbook.logid, tag: 'comment', index, fresh_tag: 'gen' }),
        400,
      );
      expect(body, `index ${index}`).toEqual(INVALID_INDEX);
    }
    expect(await t.alice.client.logbooks.get(logbook.logid)).toEqual(logbook);
  });

  it('refuses with 409 when the entry is no longer the tag the client saw', async () => {
    const logbook = await threeEntries();
    const body = await expectStatus(
      t.alice.client.entries.write({ logid: logbook.logid, tag: 'gen', index: 0, fresh_tag: 'comment' }),
      409,
    );
    expect(String(body.detail)).toContain("'comment'");
    expect(await t.alice.client.logbooks.get(logbook.logid)).toEqual(logbook);
  });

  it('refuses replacement content XML cannot hold, changing nothing', async () => {
    const logbook = await threeEntries();
    const body = await expectStatus(
      t.alice.client.entries.write({ logid: logbook.logid, tag: 'comment', index: 0, content: 'bad \u0000' }),
      400,
    );
    expect(Object.keys(body)).toEqual(['content']);
    expect(await t.alice.client.logbooks.get(logbook.logid)).toEqual(logbook);
  });

  it('leaves the other entries as they were', async () => {
    const logbook = await threeEntries();
    await t.alice.client.entries.write({
      logid: logbook.logid,
      tag: 'context',
      index: 1,
      fresh_tag: 'mirage',
    });
    const [first, , third] = entriesOf(await t.alice.client.logbooks.get(logbook.logid));
    expect(first).toEqual(entry('comment', 'a note'));
    expect(third).toEqual(entry('mirage', 'a wrong answer'));
  });
});
