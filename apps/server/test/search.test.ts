import { pathOf, routes, SearchResults, SNIPPET_CLOSE, SNIPPET_OPEN } from '@caravanserai/api';
import { entry, useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';
import { logbookWith, places, search, uniqueWord } from './search-helpers.js';

const t = useServer({ users: ['alice', 'bob'] });

describe('search: what a query matches', () => {
  it('ANDs the words, in any order and any case', async () => {
    const [a, b] = [uniqueWord(), uniqueWord()];
    const book = await logbookWith(t.alice.client, [`${a} and ${b} together`, `only ${a} here`, `only ${b}`]);
    const found = await search(t.alice.client, `${b.toUpperCase()} ${a}`);
    expect(found.count).toBe(1);
    expect(places(found)).toEqual([`${book.logid}:0`]);
    expect((await search(t.alice.client, a)).count).toBe(2);
  });

  it('matches a "quoted phrase" only with its words side by side, in order', async () => {
    const [a, b] = [uniqueWord(), uniqueWord()];
    const book = await logbookWith(t.alice.client, [
      `${a} ${b} in order`,
      `${b} ${a} reversed`,
      `${a} x ${b}`,
    ]);
    expect(places(await search(t.alice.client, `"${a} ${b}"`))).toEqual([`${book.logid}:0`]);
    expect((await search(t.alice.client, `${a} ${b}`)).count).toBe(3);
    // An unclosed quote runs to the end of the query.
    expect(places(await search(t.alice.client, `"${b} ${a}`))).toEqual([`${book.logid}:1`]);
  });

  it('matches prefix* words, and a word without a star only whole', async () => {
    const stem = uniqueWord();
    await logbookWith(t.alice.client, [`${stem}ment is done`, `${stem}ing now`, `${stem} itself`]);
    expect((await search(t.alice.client, `${stem}*`)).count).toBe(3);
    expect((await search(t.alice.client, `${stem}m*`)).count).toBe(1);
    expect((await search(t.alice.client, stem)).count).toBe(1);
  });

  it('splits words at punctuation the same way in entries and queries', async () => {
    const w = uniqueWord();
    const book = await logbookWith(t.alice.client, [
      `${w}: I write C++ daily`,
      `${w} plan: roll-back first`,
      `${w} see https://example.org/${w}-docs?x=1 or mail me@${w}.org`,
    ]);
    expect(places(await search(t.alice.client, `${w} C++`))).toEqual([`${book.logid}:0`]);
    expect(places(await search(t.alice.client, `${w} roll-back`))).toEqual([`${book.logid}:1`]);
    expect(places(await search(t.alice.client, `${w} "roll back"`))).toEqual([`${book.logid}:1`]);
    expect(places(await search(t.alice.client, `example ${w}-docs`))).toEqual([`${book.logid}:2`]);
    expect(places(await search(t.alice.client, `${w}.org`))).toEqual([`${book.logid}:2`]);
  });

  it('finds CJK words inside unbroken CJK text', async () => {
    const w = uniqueWord();
    const book = await logbookWith(t.alice.client, [
      `${w} 私は東京に住んでいます`,
      `${w} 京都へ行く`,
      `${w} 서울에 살아요`,
    ]);
    expect(places(await search(t.alice.client, '東京'))).toContain(`${book.logid}:0`);
    expect(places(await search(t.alice.client, `東京 ${w}`))).toEqual([`${book.logid}:0`]);
    expect(places(await search(t.alice.client, `京都 ${w}`))).toEqual([`${book.logid}:1`]);
    expect(places(await search(t.alice.client, `住んで ${w}`))).toEqual([`${book.logid}:0`]);
    expect(places(await search(t.alice.client, `서울 ${w}`))).toEqual([`${book.logid}:2`]);
    const [hit] = (await search(t.alice.client, `東京 ${w}`)).results;
    expect(hit?.snippet).toContain(`${SNIPPET_OPEN}東京${SNIPPET_CLOSE}`);
  });

  it('ranks an entry where the words occur more often first', async () => {
    const w = uniqueWord();
    const book = await logbookWith(t.alice.client, [
      `${w} once among other plain words here`,
      `${w} again ${w} and ${w} once more`,
      `${w} twice ${w} with some other words`,
    ]);
    expect(places(await search(t.alice.client, w))).toEqual([
      `${book.logid}:1`,
      `${book.logid}:2`,
      `${book.logid}:0`,
    ]);
  });

  it('ranks an entry where the words stand closer together first', async () => {
    const [a, b] = [uniqueWord(), uniqueWord()];
    const book = await logbookWith(t.alice.client, [
      `${a} one two three four five six ${b}`,
      `one ${a} ${b} two three four five six`,
      `one two ${a} three ${b} four five six`,
    ]);
    expect(places(await search(t.alice.client, `${a} ${b}`))).toEqual([
      `${book.logid}:1`,
      `${book.logid}:2`,
      `${book.logid}:0`,
    ]);
  });

  it('answers each result with its logbook, index, tag, time and a short marked snippet', async () => {
    const w = uniqueWord();
    const filler = Array.from({ length: 200 }, (_, i) => `filler${i}`).join(' ');
    const journal = await t.alice.client.journals.create({ title: 'Searched' });
    const book = await logbookWith(t.alice.client, [entry('query', `${filler} the ${w} is here ${filler}`)], {
      title: 'Found it',
      journal: journal.jid,
    });
    const found = SearchResults.parse(await search(t.alice.client, w));
    expect(found.results).toEqual([
      {
        logid: book.logid,
        title: 'Found it',
        jid: journal.jid,
        index: 0,
        tag: 'query',
        snippet: expect.stringContaining(`the ${SNIPPET_OPEN}${w}${SNIPPET_CLOSE} is here`),
        created_at: expect.any(String),
      },
    ]);
    const snippet = found.results[0]?.snippet ?? '';
    expect(snippet.split(' ').length).toBeLessThanOrEqual(40);
    expect(snippet.startsWith('…')).toBe(true);
    expect(Date.parse(found.results[0]?.created_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('does not index the shell’s notices', async () => {
    const w = uniqueWord();
    await logbookWith(t.alice.client, [entry('gen', `Memory ${w}`, { notice: 'true' }), `kept ${w}`]);
    expect((await search(t.alice.client, w)).count).toBe(1);
  });
});

describe('search: hostile queries', () => {
  const hostile = [
    'C++',
    'roll-back',
    '"unclosed',
    '*',
    '-',
    '"',
    '""',
    '" *',
    'NEAR(',
    'NEAR(a b)',
    'AND OR NOT',
    'a AND',
    'content:x',
    'body:x scope:u1',
    '{body}: x',
    '^x',
    "'; drop table entries; --",
    "x' & 'y",
    'a:* | !b <-> c',
    '\\',
    '(((',
    ')',
    '東京*',
    '🙂 emoji',
    'x'.repeat(500),
    Array.from({ length: 250 }, (_, i) => String.fromCharCode(97 + (i % 26))).join(' '),
    Array.from({ length: 100 }, () => '"a* -b NEAR(')
      .join('')
      .slice(0, 500),
  ];
  for (const q of hostile) {
    it(`answers 200 for ${JSON.stringify(q.length > 40 ? `${q.slice(0, 40)}…` : q)}`, async () => {
      const response = await t.server.http(`${pathOf(routes.search.find)}?q=${encodeURIComponent(q)}`, {
        token: t.alice.token,
      });
      expect(response.status).toBe(200);
      SearchResults.parse(await response.json());
    });
  }

  it('answers nothing for an empty or blank query', async () => {
    for (const q of ['', '   ', '***', '-- ..']) {
      const response = await t.server.http(`${pathOf(routes.search.find)}?q=${encodeURIComponent(q)}`, {
        token: t.alice.token,
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ count: 0, results: [] });
    }
  });

  it('refuses bad parameters with 400 naming the field, and strangers with 401', async () => {
    const bad: [string, string][] = [
      ['', 'q'],
      [`q=${'x'.repeat(501)}`, 'q'],
      ['q=x%00y', 'q'],
      ['q=x&limit=0', 'limit'],
      ['q=x&limit=101', 'limit'],
      ['q=x&limit=abc', 'limit'],
      ['q=x&offset=-1', 'offset'],
      ['q=x&offset=1e9', 'offset'],
      ['q=x&tag=notatag', 'tag'],
      ['q=x&journal=%27%3B', 'journal'],
      ['q=x&well=..%2F..', 'well'],
    ];
    for (const [query, field] of bad) {
      const response = await t.server.http(`${pathOf(routes.search.find)}?${query}`, {
        token: t.alice.token,
      });
      expect(response.status, query).toBe(400);
      expect(Object.keys((await response.json()) as object), query).toContain(field);
    }
    expect((await t.server.http(pathOf(routes.search.find, {}, { q: 'x' }))).status).toBe(401);
    expect(
      (await t.server.http(pathOf(routes.search.find, {}, { q: 'x' }), { token: 'f'.repeat(40) })).status,
    ).toBe(401);
  });
});
