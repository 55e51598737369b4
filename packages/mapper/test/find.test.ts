import { createLogbook, entry } from '@caravanserai/test-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { mapperFor } from './support/fake-mapper.js';
import { useHarness } from './support/harness.js';

const h = useHarness(['alice', 'bob']);
let logid = '';
let jid = '';

beforeAll(async () => {
  const journal = await h.alice.client.journals.create({ title: 'Coast' });
  jid = journal.jid;
  const book = await createLogbook(h.alice.client, {
    title: 'Lighthouse notes',
    journal: jid,
    entries: [
      entry('query', 'Who keeps the lighthouse?'),
      entry('gen', 'The lighthouse keeper keeps it, and the keeper rolls back the shutters.'),
      entry('comment', 'A \u009b31m red keeper [[note]]'),
    ],
  });
  logid = book.logid;
  await createLogbook(h.alice.client, { title: 'Elsewhere', entries: [entry('gen', 'keeper far away')] });
  await createLogbook(h.bob.client, { entries: [entry('gen', 'bob the lighthouse keeper')], private: false });
});

describe('find', () => {
  it('prints each match with its index, tag, logbook and the hit set off', async () => {
    const lines = await mapperFor(h.alice).lines('find lighthouse keeper');
    expect(lines).toEqual([
      '1 match:',
      `[1] <gen> Lighthouse notes (${logid})`,
      '    The >>lighthouse<< >>keeper<< keeps it, and the >>keeper<< rolls back the shutters.',
    ]);
  });

  it('searches a quoted group of words as a phrase, and prefixes', async () => {
    const t = mapperFor(h.alice);
    expect(await t.lines('find "rolls back"')).toContain(
      '    The lighthouse keeper keeps it, and the keeper >>rolls back<< the shutters.',
    );
    expect((await t.lines('find "back rolls"'))[0]).toBe('No matching entries found.');
    expect((await t.lines('find lightho*'))[0]).toBe('2 matches:');
  });

  it('narrows by tag, journal and count', async () => {
    const t = mapperFor(h.alice);
    expect((await t.lines('find keeper'))[0]).toBe('3 matches:');
    expect(await t.lines('find keeper -t query')).toEqual(['No matching entries found.']);
    expect((await t.lines('find keeper -t comment'))[1]).toBe(`[2] <comment> Lighthouse notes (${logid})`);
    expect((await t.lines(`find keeper -j ${jid}`))[0]).toBe('2 matches:');
    const two = await t.lines('find keeper -n 2');
    expect(two[0]).toBe('3 matches, best 2 shown:');
    expect(two).toHaveLength(5);
  });

  it('prints what it found as text, never as control sequences', async () => {
    const text = await mapperFor(h.alice).run('find red keeper');
    expect(text).not.toContain('\u009b');
    expect(text).toContain('    A M-^[31m >>red<< >>keeper<< [ [note] ]');
  });

  it('explains what it cannot run', async () => {
    const t = mapperFor(h.alice);
    expect((await t.lines('find'))[0]).toBe('Usage: find WORDS... [-t TAG] [-j JID] [-n N]');
    expect((await t.lines('find keeper -t nope'))[0]).toBe(
      "Error: Unknown tag 'nope'. Tags: context, comment, query, mirage, gen, code, shell, command.",
    );
    expect((await t.lines('find keeper -n 0'))[0]).toBe('Error: find -n takes a number from 1 to 100: 0');
    expect((await t.lines('find keeper -j "bad id!"'))[0]).toMatch(/^Error: /);
    expect(await t.lines('find C++ NEAR( AND content:x')).toEqual(['No matching entries found.']);
  });

  it('is listed by help, with its options', async () => {
    const t = mapperFor(h.alice);
    expect(await t.run('help')).toContain('find WORDS... [-t TAG] [-j JID] [-n N]');
    expect(await t.lines('help find')).toContain('Usage: find WORDS... [-t TAG] [-j JID] [-n N]');
  });
});
