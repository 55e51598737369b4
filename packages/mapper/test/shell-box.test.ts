import type { Logbook } from '@caravanserai/api';
import { createFakeWell, createLogbook, entry, storedEntries } from '@caravanserai/test-kit';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeShellBox } from './support/fake-mapper.js';
import { brokenLogClient, useHarness } from './support/harness.js';

const h = useHarness(['alice']);
let wellid: string;

beforeAll(async () => {
  wellid = (await createFakeWell(h.alice.client, h.fake)).wellid;
});
beforeEach(() => h.fake.reset());

const user = () => ({ pk: h.alice.pk, username: h.alice.username });

async function boxOn(
  entries = [entry('context', 'Be brief.')],
  overrides = {},
): Promise<[FakeShellBox, Logbook]> {
  const logbook = await createLogbook(h.alice.client, { entries, logwell: wellid, ...overrides });
  return [new FakeShellBox(h.alice.client, user(), { logid: logbook.logid, wellid }), logbook];
}

const tagsAndText = async (logid: string) =>
  (await storedEntries(h.alice.client, logid)).map((e) => `${e.tag}: ${e.content}`);

describe('shell box', () => {
  it('help lists its commands', async () => {
    const [box] = await boxOn();
    expect(await box.run('help')).toBe(
      'Commands: help, clear [tag], comment, context, query, run, memory [on/off/status], echo\n',
    );
  });

  it('words empty and unknown lines its own way', async () => {
    const [box] = await boxOn();
    expect(await box.run('   ')).toBe('Error: Command cannot be empty.\n');
    expect(await box.run('dance like nobody is watching')).toBe(
      'Unknown command: dance like nobody is watching\n',
    );
  });

  it('echo prints the text as typed', async () => {
    const [box] = await boxOn();
    expect(await box.run(`echo it's   "raw"`)).toBe(`it's   "raw"\n`);
  });

  it('comment and context append entries, apostrophes and all, and tell the page', async () => {
    const [box, logbook] = await boxOn([]);
    expect(await box.run("comment it's a note")).toBe('');
    expect(await box.run('context Answer in verse.')).toBe('');
    expect(await tagsAndText(logbook.logid)).toEqual(["comment: it's a note", 'context: Answer in verse.']);
    expect(box.host.changed).toEqual([logbook.logid, logbook.logid]);
  });

  it('refuses an empty comment, context or query', async () => {
    const [box, logbook] = await boxOn([]);
    expect(await box.run('comment')).toBe('Error: Comment cannot be empty.\n');
    expect(await box.run('context   ')).toBe('Error: Context cannot be empty.\n');
    expect(await box.run('query')).toBe('Error: Query cannot be empty.\n');
    expect(await storedEntries(h.alice.client, logbook.logid)).toEqual([]);
    expect(h.fake.requests).toHaveLength(0);
  });

  it('query asks the well with the context entries when memory is off', async () => {
    const [box, logbook] = await boxOn(
      [
        entry('context', 'Be brief.'),
        entry('query', 'Earlier?', { qid: 'e1' }),
        entry('gen', 'Earlier.', { qid: 'e1' }),
      ],
      { memory: false },
    );
    expect(await box.run("query what's next?")).toBe('');
    expect((await tagsAndText(logbook.logid)).slice(3)).toEqual([
      "query: what's next?",
      "gen: Echo: what's next?",
    ]);
    expect(h.fake.requests[0]?.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: "what's next?" },
    ]);
    expect(box.host.changed).toEqual([logbook.logid]);
  });

  it('run sends "run" and the text after it; alone it prints its usage and asks nothing', async () => {
    const [box, logbook] = await boxOn();
    expect(await box.lines('run')).toEqual([
      'Usage: run TEXT',
      "  Sends 'run TEXT' to the well as a query, e.g. run this: print(2 + 2)",
    ]);
    expect(await box.run('run   ')).toContain('Usage: run TEXT');
    expect(h.fake.requests).toHaveLength(0);
    expect(await storedEntries(h.alice.client, logbook.logid)).toHaveLength(1);
    expect(await box.run('run the numbers')).toBe('');
    expect((await tagsAndText(logbook.logid)).slice(1)).toEqual([
      'query: run the numbers',
      'gen: Echo: run the numbers',
    ]);
  });

  it('memory on/off/status switches the logbook setting, writes notices, and changes what queries send', async () => {
    // Made with memory off, so the switch is seen going both ways.
    const [box, logbook] = await boxOn(
      [
        entry('context', 'Be brief.'),
        entry('query', 'My name is Ada.', { qid: 'm1' }),
        entry('gen', 'Hello Ada.', { qid: 'm1' }),
        entry('comment', 'private note'),
      ],
      { memory: false },
    );
    expect(await box.run('memory')).toBe('Error.\n');
    await box.run('memory status');
    await box.run('memory on');
    expect((await h.alice.client.logbooks.get(logbook.logid)).memory).toBe(true);
    await box.run('memory status');
    await box.run('query Who am I?');
    await box.run('memory off');
    expect((await h.alice.client.logbooks.get(logbook.logid)).memory).toBe(false);
    await box.run('memory status');
    await box.run('memory sideways');
    expect((await tagsAndText(logbook.logid)).slice(4)).toEqual([
      'gen: Chat Memory Off',
      'gen: Memory Turned On',
      'gen: Chat Memory On',
      'query: Who am I?',
      'gen: Echo: Who am I?',
      'gen: Memory Turned Off',
      'gen: Chat Memory Off',
      'gen: Invalid Command',
    ]);
    // With memory on the stored conversation went along; the comment never does.
    const sent = h.fake.requests[0]?.messages.map((m) => `${m.role}: ${m.content}`);
    expect(sent).toContain('system: Be brief.');
    expect(sent).toContain('user: My name is Ada.');
    expect(sent).toContain('assistant: Hello Ada.');
    expect(sent?.at(-1)).toBe('user: Who am I?');
    expect(sent?.join('\n')).not.toContain('private note');
    // The notices are in the log, marked, and were never sent as the model's words.
    expect(sent?.join('\n')).not.toMatch(/Memory Turned On|Chat Memory/);
    const notices = (await storedEntries(h.alice.client, logbook.logid)).filter(
      (e) => e.attrs.notice === 'true',
    );
    expect(notices.map((e) => e.content)).toEqual([
      'Chat Memory Off',
      'Memory Turned On',
      'Chat Memory On',
      'Memory Turned Off',
      'Chat Memory Off',
      'Invalid Command',
    ]);
  });

  it('clear asks in the host dialog, saying how many go; Cancel keeps them, confirming removes them', async () => {
    const [box, logbook] = await boxOn([
      entry('context', 'Be brief.'),
      entry('comment', 'one'),
      entry('query', 'Q', { qid: 'c1' }),
      entry('comment', 'two'),
    ]);
    expect(await box.run('clear')).toBe('Error.\n');
    expect(await box.run('clear everything')).toBe('Invalid tag: everything\n');
    box.host.answerDialogs(false, true, false, true);
    expect(await box.run('clear comment')).toBe('Cancelled: nothing was removed.\n');
    expect(await storedEntries(h.alice.client, logbook.logid)).toHaveLength(4);
    expect(await box.run('clear comment')).toBe('Removed 2 <comment> entries.\n');
    expect(await tagsAndText(logbook.logid)).toEqual(['context: Be brief.', 'query: Q']);
    expect(await box.run('clear comment')).toBe('No <comment> entries to clear.\n');
    expect(await box.run('clear all')).toBe('Cancelled: nothing was removed.\n');
    expect(await storedEntries(h.alice.client, logbook.logid)).toHaveLength(2);
    expect(await box.run('clear ALL')).toBe('Removed 2 entries.\n');
    expect(await storedEntries(h.alice.client, logbook.logid)).toEqual([]);
    expect(await box.run('clear all')).toBe('The log is already empty.\n');
    expect(box.host.asked).toEqual([
      {
        title: 'Clear <comment> entries',
        question: 'Remove 2 <comment> entries from this logbook? This cannot be undone.',
        action: 'Remove 2 entries',
      },
      expect.objectContaining({ title: 'Clear <comment> entries' }),
      {
        title: 'Clear the log',
        question: 'Remove all 2 entries from this logbook? This cannot be undone.',
        action: 'Remove 2 entries',
      },
      expect.objectContaining({ title: 'Clear the log' }),
    ]);
    expect(box.io.keyReads).toBe(0);
    expect(box.host.changed).toEqual([logbook.logid, logbook.logid]);
  });

  it('clear falls back to a y/n key read where the host has no dialog', async () => {
    const [box, logbook] = await boxOn([entry('comment', 'only')]);
    expect(await box.lines('clear all', { keys: ['Enter'] })).toEqual([
      'Remove the only entry from this logbook? This cannot be undone. (y/n) n',
      'Cancelled: nothing was removed.',
    ]);
    expect(await storedEntries(h.alice.client, logbook.logid)).toHaveLength(1);
    expect(await box.lines('clear comment', { keys: ['y'] })).toEqual([
      'Remove 1 <comment> entry from this logbook? This cannot be undone. (y/n) y',
      'Removed 1 <comment> entry.',
    ]);
    expect(await storedEntries(h.alice.client, logbook.logid)).toEqual([]);
  });

  it('reports a failing well, a refused write and a broken log', async () => {
    const [box] = await boxOn();
    h.fake.enqueue({ kind: 'error', status: 500, message: 'overloaded' });
    expect(await box.run('query Hello?')).toBe('Error fetching response from AI.\n');

    const [salted, saltedLogbook] = await boxOn([entry('comment', 'frozen')], { salted: true });
    expect(await salted.run('comment more')).toBe('Logbook not Updated\n');
    expect(await salted.run('clear comment', { keys: ['y'] })).toContain('Logbook not Updated\n');

    const broken = new FakeShellBox(brokenLogClient(h.server, h.alice.token), user(), {
      logid: saltedLogbook.logid,
      wellid,
    });
    expect(await broken.run('clear comment')).toBe('Invalid log XML format.\n');
    // A query reads no log in the box (the server reads the context): the salted logbook refuses it.
    expect(await broken.run('query Hi')).toBe('Error fetching response from AI.\n');
  });
});
