import { MAX_SUMMARY, MAX_TOPICS, pathOf, routes } from '@caravanserai/api';
import { createLogbook, entry, useServer } from '@caravanserai/test-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { published, raw } from './bazaar-helpers.js';

const t = useServer({ users: ['alice', 'bob'] });

const NUL = 'a\u0000b';
const LONG = 'x'.repeat(100_000);

let logid: string;
let listingId: string;
let slug: string;

beforeAll(async () => {
  const logbook = await createLogbook(t.alice.client, {
    entries: [entry('query', 'Plain question', { qid: 'q1' }), entry('gen', 'Plain answer', { qid: 'q1' })],
  });
  logid = logbook.logid;
  const made = await published(t.bob.client);
  listingId = made.listing.listing_id;
  slug = made.listing.slug;
});

/** Sends a JSON body as alice and answers the status and the body. */
const send = (method: string, path: string, body: unknown) =>
  raw(t.server, method, path, { token: t.alice.token, body: JSON.stringify(body) });

/** alice's listings: a refused publish must have made none. */
const alicesListings = async () =>
  (await t.server.client().bazaar.gallery({ author: t.alice.username })).count;

describe('publishing hostile choices', () => {
  const topics = (n: number) => Array.from({ length: n }, (_, i) => `topic-${i}`);
  const CASES: [string, Record<string, unknown>, string][] = [
    ['a NUL in the summary', { summary: NUL }, 'summary'],
    ['a summary too long', { summary: 'x'.repeat(MAX_SUMMARY + 1) }, 'summary'],
    ['a very long summary', { summary: LONG }, 'summary'],
    ['a summary that is not text', { summary: { $gt: '' } }, 'summary'],
    ['a NUL in a topic', { topics: [NUL] }, 'topics'],
    ['a topic of two words', { topics: ['two words'] }, 'topics'],
    ['a topic with punctuation', { topics: ['c++'] }, 'topics'],
    ['a topic of markup', { topics: ['<script>'] }, 'topics'],
    ['a blank topic', { topics: [''] }, 'topics'],
    ['a very long topic', { topics: [LONG] }, 'topics'],
    ['too many topics', { topics: topics(MAX_TOPICS + 1) }, 'topics'],
    ['eleven topics', { topics: topics(11) }, 'topics'],
    ['topics that are not a list', { topics: 'bread' }, 'topics'],
    ['an unknown tag', { include: ['query', 'secrets'] }, 'include'],
    ['no tags at all', { include: [] }, 'include'],
    ['a licence with a NUL', { licence: `CC0-1.0${NUL}` }, 'licence'],
    ['a caravan id with odd characters', { caravan: '../x' }, 'caravan'],
    ['a caravan id with a NUL', { caravan: NUL }, 'caravan'],
    ['confirm as a number', { confirm: 2 }, 'confirm'],
  ];

  it.each(CASES)('refuses %s with a field error, for the preview too', async (_name, fields, field) => {
    for (const path of [pathOf(routes.bazaar.publish), pathOf(routes.bazaar.preview)]) {
      const answer = await send('POST', path, { logid, licence: 'CC0-1.0', ...fields });
      expect(answer.status).toBe(400);
      expect(answer.body[field]).toEqual(expect.arrayContaining([expect.any(String)]));
    }
    expect(await alicesListings()).toBe(0);
  });

  it('refuses logbook ids that cannot name a logbook', async () => {
    for (const bad of ['', 'a/b', '../etc', NUL, 'x'.repeat(65), 'logbook id']) {
      const answer = await send('POST', pathOf(routes.bazaar.publish), { logid: bad, licence: 'CC0-1.0' });
      expect([400, 404]).toContain(answer.status);
    }
    const answer = await send('POST', pathOf(routes.bazaar.publish), { logid: 7, licence: 'CC0-1.0' });
    expect(answer.status).toBe(400);
    expect(await alicesListings()).toBe(0);
  });
});

describe('hostile gallery searches', () => {
  const gallery = (query: string) => raw(t.server, 'GET', `${pathOf(routes.bazaar.gallery)}?${query}`);

  it('refuses a NUL, a line break or too many characters in the words with 400', async () => {
    for (const q of [NUL, 'one\ntwo', 'x'.repeat(201), LONG.slice(0, 5000)]) {
      const answer = await gallery(`q=${encodeURIComponent(q)}`);
      expect(answer.status).toBe(400);
      expect(answer.body.q).toEqual([expect.any(String)]);
    }
  });

  it('takes the search syntax of either database as plain words', async () => {
    const odd = [
      '"unbalanced',
      'a*',
      'NOT',
      'OR AND',
      'foo:bar',
      '(',
      ')',
      '-x',
      '^',
      'a & b | !c',
      "'",
      '\\',
      'NEAR(a b)',
      '%',
      '_',
      '*',
    ];
    for (const q of odd) {
      const answer = await gallery(`q=${encodeURIComponent(q)}`);
      expect(answer.status, q).toBe(200);
    }
  });

  it('answers filters that match nothing, or refuses them, but never fails', async () => {
    const failures: string[] = [];
    for (const query of [
      `topic=${encodeURIComponent(NUL)}`,
      `author=${encodeURIComponent(NUL)}`,
      `topic=${encodeURIComponent('two words')}`,
      `topic=${'x'.repeat(33)}`,
      `author=${'x'.repeat(151)}`,
      'q=%ff',
      'q=%ED%A0%80',
      'topic=a&topic=b',
    ]) {
      const answer = await gallery(query);
      if (answer.status !== 400 && !(answer.status === 200 && answer.body.count === 0))
        failures.push(`${query}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses an offset or limit out of range', async () => {
    for (const query of [
      'offset=99999999999999999999',
      'offset=10001',
      'limit=1000000',
      'limit=1.5',
      'offset=NaN',
    ]) {
      expect((await gallery(query)).status, query).toBe(400);
    }
  });
});

describe('hostile addresses and bodies', () => {
  const ODD_IDS = ['%00', 'a%20b', '..%2F..%2Fetc', 'x'.repeat(200), '%E2%80%AE', 'UPPER', "a'b"];

  it('answers 400 or 404 for listings that cannot exist', async () => {
    const base = pathOf(routes.bazaar.gallery);
    for (const id of ODD_IDS) {
      for (const [method, path] of [
        ['GET', `${base}${id}/`],
        ['GET', `${base}${id}/v/1/`],
        ['DELETE', `${base}${id}/`],
        ['PUT', `${base}${id}/star/`],
        ['DELETE', `${base}${id}/star/`],
      ] as const) {
        const answer = await raw(t.server, method, path, { token: t.alice.token });
        expect([400, 404], `${method} ${path}`).toContain(answer.status);
      }
      for (const suffix of ['fork/', 'versions/', 'report/']) {
        const answer = await send('POST', `${base}${id}/${suffix}`, { reason: 'Spam.' });
        expect([400, 404], `${id} ${suffix}`).toContain(answer.status);
      }
    }
  });

  it('refuses version numbers that are not numbers', async () => {
    for (const version of ['abc', '0', '-1', '1.5', '99999999999', '1e3']) {
      const answer = await raw(t.server, 'GET', `${pathOf(routes.bazaar.gallery)}${slug}/v/${version}/`);
      expect([400, 404], version).toContain(answer.status);
    }
  });

  it('refuses a fork of a version or into a journal that cannot be', async () => {
    const fork = pathOf(routes.bazaar.fork, { listing_id: listingId });
    for (const body of [
      { version: 'x' },
      { version: -1 },
      { version: 2 ** 53 },
      { journal: '../x' },
      { journal: NUL },
    ]) {
      expect((await send('POST', fork, body)).status, JSON.stringify(body)).toBe(400);
    }
    const count = (await t.alice.client.logbooks.list()).length;
    expect(count).toBe(1);
  });

  it('refuses report reasons with a NUL or too long', async () => {
    const report = pathOf(routes.bazaar.report, { listing_id: listingId });
    for (const reason of [NUL, 'x'.repeat(2001), LONG, 42]) {
      const answer = await send('POST', report, { reason });
      expect(answer.status).toBe(400);
      expect(answer.body.reason).toEqual([expect.any(String)]);
    }
  });

  it('refuses a body that is not JSON, or not an object', async () => {
    for (const body of ['{', '[]', '"text"', 'null']) {
      const answer = await raw(t.server, 'POST', pathOf(routes.bazaar.publish), {
        token: t.alice.token,
        body,
      });
      expect(answer.status, body).toBe(400);
    }
    expect(await alicesListings()).toBe(0);
  });
});
