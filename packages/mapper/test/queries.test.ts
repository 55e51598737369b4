import type { Logbook } from '@caravanserai/api';
import {
  createFakeWell,
  createLogbook,
  entry,
  eventually,
  sleep,
  storedEntries,
} from '@caravanserai/test-kit';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeMapper, mapperFor } from './support/fake-mapper.js';
import { brokenLogClient, useHarness } from './support/harness.js';

const h = useHarness(['alice']);
let wellid: string;
let wellTitle: string;

beforeAll(async () => {
  const well = await createFakeWell(h.alice.client, h.fake);
  wellid = well.wellid;
  wellTitle = well.title;
});
beforeEach(() => h.fake.reset());

const USAGE = [
  'Usage: query|q -r "text" [-l LOGID] [-c "context"] [-f FILE]... [-w WELLID,WELLID]',
  '  -r "text"        the query',
  '  -l LOGID         the logbook (default: the latest)',
  `  -c "context"     the system context (default: the logbook's context entries)`,
  '  -f, --file FILE  a file to attach: image, PDF or text (repeat, up to 10)',
  "  -w WELLID,...    the well to ask instead of the logbook's; 2 to 4 to compare their answers",
];

function withWell(entries = [entry('context', 'You are terse.')], title?: string): Promise<Logbook> {
  return createLogbook(h.alice.client, { entries, logwell: wellid, ...(title ? { title } : {}) });
}

describe('query', () => {
  it('prints the usage lines for fewer than two arguments', async () => {
    const t = mapperFor(h.alice);
    expect(await t.lines('query')).toEqual(USAGE);
    expect(await t.lines('q -r')).toEqual(USAGE);
  });

  it('needs -r', async () => {
    const message =
      'Error: You must specify a query (-r). A logbook will be selected by default if not specified.\n';
    const t = mapperFor(h.alice);
    expect(await t.run('q hello world')).toBe(message);
    expect(await t.run('q -l somelog -c "be brief"')).toBe(message);
    expect(await t.run('q -c brief -r')).toBe(message);
  });

  it("asks the logbook's well, prints the answer and stores query and gen", async () => {
    const logbook = await withWell();
    const t = mapperFor(h.alice);
    expect(await t.run(`q -r Hello there -l ${logbook.logid}`)).toBe('Echo: Hello there\n');
    const entries = await storedEntries(h.alice.client, logbook.logid);
    expect(entries.slice(1).map((e) => [e.tag, e.content])).toEqual([
      ['query', 'Hello there'],
      ['gen', 'Echo: Hello there'],
    ]);
    expect(entries[1]?.attrs.qid).toBe(entries[2]?.attrs.qid);
    // Without -c the logbook's context entries are the system message.
    expect(h.fake.requests[0]?.messages).toEqual([
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'Hello there' },
    ]);
  });

  it('sends -c as the context, and uses the latest logbook by default', async () => {
    // With memory off: -c then stands in for the logbook's context entries.
    await createLogbook(h.alice.client, {
      entries: [entry('context', 'You are terse.')],
      logwell: wellid,
      memory: false,
    });
    h.fake.enqueue({ kind: 'reply', text: 'Streamed in pieces.', chunks: 4 });
    expect(await mapperFor(h.alice).run('query -r "What now?" -c Be brief.')).toBe('Streamed in pieces.\n');
    expect(h.fake.requests[0]?.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'What now?' },
    ]);
  });

  it('reports a failing well', async () => {
    const logbook = await withWell();
    h.fake.enqueue({ kind: 'error', status: 500, message: 'overloaded' });
    expect(await mapperFor(h.alice).run(`q -r hi -l ${logbook.logid}`)).toBe(
      'Error fetching well response.\n',
    );
  });

  it('reports a query that cannot run: no well, salted, unknown logbook', async () => {
    const t = mapperFor(h.alice);
    const wellless = await createLogbook(h.alice.client);
    expect(await t.lines(`q -r hi -l ${wellless.logid}`)).toEqual([
      'Error executing query.',
      'This logbook has no well: attach one in its settings.',
    ]);
    const salted = await createLogbook(h.alice.client, { logwell: wellid, salted: true });
    expect(await t.run(`q -r hi -l ${salted.logid}`)).toBe('Error executing query.\n');
    expect(await t.run('q -r hi -l nosuchlog')).toBe('Error: Failed to fetch logbook details.\n');
    expect(h.fake.requests).toHaveLength(0);
  });
});

describe('pilgrim', () => {
  it('requires a logged-in user', async () => {
    const t = new FakeMapper(h.alice.client, null);
    expect(await t.run('pilgrim')).toBe('Error: pilgrim requires a logged-in user.\n');
  });

  it('answers each unanswered query, printing query, context preview and response', async () => {
    const logbook = await withWell(
      [
        entry('query', 'Before any context', { qid: 'a1' }),
        entry('context', 'You are a desert guide.'),
        entry('query', 'Answered already', { qid: 'a2' }),
        entry('gen', 'Yes.', { qid: 'a2' }),
        entry('query', 'Which oasis?', { qid: 'a3' }),
        entry('query', 'Written without a qid'),
      ],
      'Route',
    );
    const t = mapperFor(h.alice);
    expect(await t.lines(`pilgrim -l ${logbook.logid}`)).toEqual([
      'Query: Before any context',
      'Context: No Context',
      'Response: Echo: Before any context',
      'Query: Which oasis?',
      'Context: You are a ...',
      'Response: Echo: Which oasis?',
      'Query: Written without a qid',
      'Context: You are a ...',
      'Response: Echo: Written without a qid',
    ]);
    expect(h.fake.requests.map((r) => r.messages[0])).toEqual([
      { role: 'user', content: 'Before any context' },
      { role: 'system', content: 'You are a desert guide.' },
      { role: 'system', content: 'You are a desert guide.' },
    ]);
    const entries = await storedEntries(h.alice.client, logbook.logid);
    expect(entries).toHaveLength(9);
    const lastQuery = entries[5];
    expect(lastQuery?.attrs.qid).toMatch(/^[a-z0-9]{8}$/);
    expect(entries.filter((e) => e.tag === 'gen').map((e) => e.attrs.qid)).toEqual([
      'a2',
      'a1',
      'a3',
      lastQuery?.attrs.qid,
    ]);

    expect(await t.run(`pilgrim -l ${logbook.logid}`)).toBe('No new queries found.\n');
  });

  it("answers the branched conversation's current line only, with that line's context", async () => {
    const logbook = await withWell([
      entry('context', 'You are a guide.', { eid: 'ctx00000' }),
      entry('context', 'Left behind.', { eid: 'old00000' }),
      entry('query', 'Left-behind question?', { eid: 'q1000000', qid: 'old00001' }),
      entry('query', 'Current question?', { eid: 'q2000000', parent: 'ctx00000', qid: 'new00001' }),
    ]);
    const t = mapperFor(h.alice);
    expect(await t.lines(`pilgrim -l ${logbook.logid}`)).toEqual([
      'Query: Current question?',
      'Context: You are a ...',
      'Response: Echo: Current question?',
    ]);
    expect(h.fake.requests.map((r) => r.messages[0])).toEqual([
      { role: 'system', content: 'You are a guide.' },
    ]);
    expect(await t.run(`pilgrim -l ${logbook.logid}`)).toBe('No new queries found.\n');
  });

  it('passes over a deleted (blanked) query instead of stopping at it', async () => {
    const logbook = await withWell([
      entry('query', '', { qid: 'gone0001' }),
      entry('query', 'Still here?', { qid: 'kept0001' }),
    ]);
    const t = mapperFor(h.alice);
    const out = await t.run(`pilgrim -l ${logbook.logid}`);
    expect(out).toContain('Echo: Still here?');
    expect(out).not.toContain('Pilgrim encountered an error.');
    expect(await t.run(`pilgrim -l ${logbook.logid}`)).toBe('No new queries found.\n');
  });

  it('answers at most 10 per run', async () => {
    const queries = Array.from({ length: 12 }, (_, i) => entry('query', `Question ${i}`, { qid: `p${i}` }));
    const logbook = await withWell(queries);
    const t = mapperFor(h.alice);
    const first = await t.lines(`pilgrim -l ${logbook.logid}`);
    expect(first.filter((l) => l.startsWith('Response: '))).toHaveLength(10);
    expect(first.at(-1)).toBe('2 more unanswered queries: run pilgrim again.');
    const second = await t.lines(`pilgrim -l ${logbook.logid}`);
    expect(second.filter((l) => l.startsWith('Query: '))).toEqual([
      'Query: Question 10',
      'Query: Question 11',
    ]);
    expect(await t.run(`pilgrim -l ${logbook.logid}`)).toBe('No new queries found.\n');
  });

  it('goes on past a query the well fails or answers with nothing', async () => {
    const logbook = await withWell([
      entry('context', 'You are terse.'),
      entry('query', 'One', { qid: 'f1' }),
      entry('query', 'Two', { qid: 'f2' }),
      entry('query', 'Three', { qid: 'f3' }),
    ]);
    h.fake.enqueue({ kind: 'error', status: 500, message: 'overloaded' });
    h.fake.enqueue({ kind: 'reply', text: '' });
    const lines = await mapperFor(h.alice).lines(`pilgrim -l ${logbook.logid}`);
    expect(lines.filter((l) => !l.startsWith('Query') && !l.startsWith('Context'))).toEqual([
      '-> No generated response found.',
      'Response: [Not found]',
      'Response: Echo: Three',
    ]);
    // The failed one is still unanswered, so the next run picks it up.
    expect(await mapperFor(h.alice).lines(`pilgrim -l ${logbook.logid}`)).toEqual([
      'Query: One',
      'Context: You are te...',
      'Response: Echo: One',
    ]);
  });

  it('reports a logbook it cannot work on', async () => {
    const t = mapperFor(h.alice);
    expect(await t.run('pilgrim -l nosuchlog')).toBe('Pilgrim encountered an error.\n');
    const wellless = await createLogbook(h.alice.client, {
      entries: [entry('query', 'Lost?', { qid: 'w1' })],
    });
    expect(await t.lines(`pilgrim -l ${wellless.logid}`)).toEqual([
      'Query: Lost?',
      'Context: No Context',
      'Pilgrim encountered an error.',
    ]);
    const broken = new FakeMapper(brokenLogClient(h.server, h.alice.token), {
      pk: h.alice.pk,
      username: h.alice.username,
    });
    expect(await broken.run(`pilgrim -l ${wellless.logid}`)).toBe('Error: Invalid log XML format.\n');
    const newcomer = await h.server.signup('newcomer');
    expect(await mapperFor(newcomer).run('pilgrim')).toBe('Error: No logbooks available.\n');
  });
});

describe('Ctrl+C', () => {
  const CANCELLED = 'Process cancelled. (Ctrl + C)\n';

  it('cancels a pending y/n and deletes nothing', async () => {
    const logbook = await createLogbook(h.alice.client, { title: 'Kept' });
    const t = mapperFor(h.alice);
    const controller = new AbortController();
    const running = t.run(`rm -l ${logbook.logid}`, { signal: controller.signal });
    await eventually(async () => (t.io.keyReads > 0 ? true : undefined), 8_000);
    controller.abort();
    const printed = await running;
    expect(printed.endsWith(`(y/n) \n${CANCELLED}`)).toBe(true);
    expect((await h.alice.client.logbooks.get(logbook.logid)).title).toBe('Kept');
  });

  it('cancels a streaming answer: no more output after the message', async () => {
    const logbook = await withWell();
    h.fake.enqueue({
      kind: 'reply',
      text: 'one two three four five six seven eight',
      chunks: 8,
      chunkDelayMs: 150,
    });
    const t = mapperFor(h.alice);
    const controller = new AbortController();
    const running = t.run(`q -r count -l ${logbook.logid}`, { signal: controller.signal });
    await eventually(async () => (t.io.out.length > 0 ? true : undefined), 8_000);
    controller.abort();
    const printed = await running;
    expect(printed.endsWith(`\n${CANCELLED}`)).toBe(true);
    expect(printed.length).toBeLessThan('one two three four five six seven eight'.length + CANCELLED.length);
    const before = t.io.out.length;
    // The server reads the answer to its end and stores it; the Mapper stays quiet.
    await eventually(async () => {
      const entries = await storedEntries(h.alice.client, logbook.logid);
      return entries.some((e) => e.tag === 'gen') ? true : undefined;
    }, 8_000);
    await sleep(50);
    expect(t.io.out.length).toBe(before);
  });

  it('does not start a command whose signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const t = mapperFor(h.alice);
    expect(await t.run('touch -n Never', { signal: controller.signal })).toBe(CANCELLED);
    expect((await h.alice.client.logbooks.list()).some((l) => l.title === 'Never')).toBe(false);
  });
});

describe('query -w: other wells, and comparing them', () => {
  it("asks one named well instead of the logbook's", async () => {
    const logbook = await withWell();
    const other = await createFakeWell(h.alice.client, h.fake, { origin_loc: 'anthropic/claude-haiku-4-5' });
    const t = mapperFor(h.alice);
    expect(await t.run(`q -r Hi -w ${other.wellid} -l ${logbook.logid}`)).toBe('Echo: Hi\n');
    expect(h.fake.requests.at(-1)?.family).toBe('anthropic');
  });

  it('prints each answer under its well and model, with the eid that keeps it', async () => {
    const logbook = await withWell();
    const second = await createFakeWell(h.alice.client, h.fake, {
      origin_loc: 'google/gemini-2.0-flash',
      title: 'Gemini well',
    });
    const t = mapperFor(h.alice);
    const out = await t.run(`q -r Hi -w ${wellid},${second.wellid} -l ${logbook.logid}`);
    const all = await h.alice.client.logbooks.entries(logbook.logid, { all: '1' });
    const answers = all.entries.filter((e) => e.tag === 'gen');
    expect(answers).toHaveLength(2);
    const eidOf = (model: string) => answers.find((e) => e.attrs.model === model)?.eid;
    expect(out).toBe(
      [
        `── ${wellTitle} (openai-compatible/llama3.2) ──`,
        'Echo: Hi',
        `[eid ${eidOf('openai-compatible/llama3.2')}]`,
        '',
        '── Gemini well (google/gemini-2.0-flash) ──',
        'Echo: Hi',
        `[eid ${eidOf('google/gemini-2.0-flash')}]`,
        '',
        '',
      ].join('\n'),
    );
  });

  it("prints the server's refusal in words, asking nothing", async () => {
    const logbook = await withWell();
    const t = mapperFor(h.alice);
    expect(await t.lines(`q -r Hi -w ${wellid},${wellid} -l ${logbook.logid}`)).toEqual([
      'Error executing query.',
      'Name each well once.',
    ]);
    expect(await t.lines(`q -r Hi -w a,b,c,d,e -l ${logbook.logid}`)).toEqual([
      'Error executing query.',
      'Compare takes 2 to 4 wells.',
    ]);
    expect(h.fake.requests).toHaveLength(0);
  });

  it('names a logbook setting the model does not take', async () => {
    const openai = await createFakeWell(h.alice.client, h.fake, { origin_loc: 'openai/gpt-4o-mini' });
    const logbook = await createLogbook(h.alice.client, { logwell: openai.wellid });
    await h.alice.client.logbooks.patch(logbook.logid, { settings: { reasoning_effort: 'high' } });
    const t = mapperFor(h.alice);
    expect(await t.lines(`q -r Hi -l ${logbook.logid}`)).toEqual([
      'Error executing query.',
      `The model "openai/gpt-4o-mini" does not reason: clear the reasoning effort in this logbook's settings.`,
    ]);
  });
});
