import { createFakeWell, createLogbook, entry, storedEntries } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';
import { FakeMapper, mapperFor } from './support/fake-mapper.js';
import { brokenLogClient, useHarness } from './support/harness.js';

const h = useHarness(['alice', 'bob']);

const sample = () => [
  entry('context', 'Be terse.'),
  entry('query', 'Why?', { qid: 'q1' }),
  entry('gen', 'Because.', { qid: 'q1' }),
  entry('comment', 'first note'),
  entry('comment', 'second note'),
];

describe('tag', () => {
  it('needs -t with a value, and an approved tag', async () => {
    const t = mapperFor(h.alice);
    expect(await t.run('tag')).toBe('Error: Missing tag name. Use -t [tag].\n');
    expect(await t.run('tag -c "orphan text"')).toBe('Error: Missing tag name. Use -t [tag].\n');
    expect(await t.run('tag -t')).toBe('Error: Missing tag name. Use -t [tag].\n');
    expect(await t.run('tag -t bogus -c x')).toBe(
      "Error: Invalid tag 'bogus'. Allowed tags: context, comment, query, mirage, gen, code, shell, command\n",
    );
  });

  it('appends an entry with that tag, to the latest logbook unless told', async () => {
    const logbook = await createLogbook(h.alice.client, { entries: sample() });
    const t = mapperFor(h.alice);
    expect(await t.run('tag -t comment -c a note with words')).toBe(
      `Added <comment> as entry [5] of ${logbook.logid}.\n`,
    );
    expect(await t.run(`tag -t code -l ${logbook.logid} -c "x < y && y > z"`)).toBe(
      `Added <code> as entry [6] of ${logbook.logid}.\n`,
    );
    await t.run(`tag -t shell -l ${logbook.logid}`);
    const entries = await storedEntries(h.alice.client, logbook.logid);
    expect(entries.slice(5)).toEqual([
      entry('comment', 'a note with words'),
      entry('code', 'x < y && y > z'),
      entry('shell', ''),
    ]);
  });

  it('re-tags entry -i in place, keeping or replacing its content', async () => {
    const logbook = await createLogbook(h.alice.client, { entries: sample() });
    const t = mapperFor(h.alice);
    expect(await t.run(`tag -t mirage -i 2 -l ${logbook.logid}`)).toBe(
      `Entry [2] of ${logbook.title} is now <mirage>.\n`,
    );
    await t.run(`tag -t context -i 3 -c "Answer in French." -l ${logbook.logid}`);
    const entries = await storedEntries(h.alice.client, logbook.logid);
    expect(entries[2]).toEqual(entry('mirage', 'Because.', { qid: 'q1' }));
    expect(entries[3]).toEqual(entry('context', 'Answer in French.'));
    expect(entries).toHaveLength(5);
  });

  it("refuses an index outside the log, or that isn't a whole number", async () => {
    const logbook = await createLogbook(h.alice.client, { entries: sample() });
    const t = mapperFor(h.alice);
    for (const index of ['5', '99', 'x', '1.5', '-1']) {
      expect(await t.run(`tag -t gen -i ${index} -l ${logbook.logid}`)).toBe('Invalid log index.\n');
    }
    expect(await t.run(`tag -t gen -l ${logbook.logid} -i`)).toBe('Invalid log index.\n');
    expect(await storedEntries(h.alice.client, logbook.logid)).toEqual(sample());
  });

  it('reports a refused append and a refused re-tag (a salted logbook)', async () => {
    const salted = await createLogbook(h.alice.client, { entries: sample(), salted: true });
    const t = mapperFor(h.alice);
    expect(await t.run(`tag -t comment -c hi -l ${salted.logid}`)).toBe('Error adding tag to logbook.\n');
    expect(await t.run(`tag -t comment -i 0 -l ${salted.logid}`)).toBe('Error updating logbook.\n');
    expect(await t.run('tag -t comment -i 0 -l nosuchlog')).toBe('Error updating logbook.\n');
    expect(await storedEntries(h.alice.client, salted.logid)).toEqual(sample());
  });
});

describe('rm', () => {
  it('needs -l or -t', async () => {
    expect(await mapperFor(h.alice).lines('rm')).toEqual([
      'Error: Name a logbook (-l) or a tag (-t).',
      'Usage: rm -l LOGID | -t TAG [-l LOGID]',
      '  -l LOGID  the logbook',
      '  -t TAG    remove the entries with this tag instead',
    ]);
  });

  it('deletes a logbook when the answer is y (or Y)', async () => {
    for (const key of ['y', 'Y']) {
      const logbook = await createLogbook(h.alice.client, { entries: sample(), title: 'Doomed' });
      const t = mapperFor(h.alice);
      expect(await t.lines(`rm -l ${logbook.logid}`, { keys: [key] })).toEqual([
        `Doomed (${logbook.logid}): 5 entries`,
        'Are you sure you want to delete this entire logbook? This action cannot be undone. (y/n) y',
        'Logbook deleted successfully.',
      ]);
      await expect(h.alice.client.logbooks.get(logbook.logid)).rejects.toMatchObject({ status: 404 });
    }
  });

  it('keeps it for n, N or Enter, and ignores other keys while it waits', async () => {
    const logbook = await createLogbook(h.alice.client, { entries: sample(), title: 'Spared' });
    for (const keys of [['n'], ['N'], ['Enter'], ['\r'], ['x', 'q', 'n']]) {
      const t = mapperFor(h.alice);
      const lines = await t.lines(`rm -l ${logbook.logid}`, { keys });
      expect(lines.slice(1)).toEqual([
        'Are you sure you want to delete this entire logbook? This action cannot be undone. (y/n) n',
        'Cancelled: nothing was deleted.',
      ]);
      expect(t.io.keyReads).toBe(keys.length);
    }
    expect((await h.alice.client.logbooks.get(logbook.logid)).title).toBe('Spared');
  });

  it('reports a logbook it cannot find, and a delete the server refuses', async () => {
    const t = mapperFor(h.alice);
    expect(await t.run('rm -l nosuchlog', { keys: ['y'] })).toBe('Error: Could not delete logbook.\n');
    expect(t.io.keyReads).toBe(0);
    const bobs = await createLogbook(h.bob.client, { entries: sample(), private: false, title: "Bob's" });
    const lines = await t.lines(`rm -l ${bobs.logid}`, { keys: ['y'] });
    expect(lines.at(-1)).toBe('Error: Failed to delete logbook.');
    expect((await h.bob.client.logbooks.get(bobs.logid)).title).toBe("Bob's");
  });

  it('rm -t asks, then removes every entry with that tag in one write', async () => {
    const logbook = await createLogbook(h.alice.client, { entries: sample(), title: 'Notes' });
    const t = mapperFor(h.alice);
    expect(await t.run(`rm -t comment -l ${logbook.logid}`, { keys: ['y'] })).toBe(
      'Remove 2 <comment> entries from Notes? This cannot be undone. (y/n) y\n' +
        'Removed 2 <comment> entries from Notes.\n',
    );
    expect(await storedEntries(h.alice.client, logbook.logid)).toEqual(sample().slice(0, 3));
    expect(await t.run(`rm -t comment -l ${logbook.logid}`)).toBe('No <comment> entries in Notes.\n');
    expect(await t.run('rm -t context', { keys: ['Y'] })).toContain(
      'Removed 1 <context> entry from Notes.\n',
    );
    expect(t.io.keyReads).toBe(2);
  });

  it('rm -t keeps a branched logbook a tree: what followed a removed entry follows what it followed', async () => {
    const logbook = await createLogbook(h.alice.client, {
      title: 'Branched notes',
      entries: [
        entry('query', 'Q1', { eid: 'q1000000', qid: 'q1' }),
        entry('gen', 'A1', { eid: 'a1000000', qid: 'q1' }),
        entry('query', 'Q2', { eid: 'q2000000', qid: 'q2' }),
        entry('gen', "A1'", { eid: 'a1e00000', parent: 'q1000000', qid: 'q1' }),
        entry('query', 'Q3', { eid: 'q3000000', qid: 'q3' }),
      ],
    });
    const t = mapperFor(h.alice);
    expect(await t.run(`rm -t gen -l ${logbook.logid}`, { keys: ['y'] })).toContain(
      'Removed 2 <gen> entries',
    );
    expect(await storedEntries(h.alice.client, logbook.logid)).toEqual([
      entry('query', 'Q1', { qid: 'q1' }),
      entry('query', 'Q2', { qid: 'q2' }),
      entry('query', 'Q3', { qid: 'q3', parent: 'q1000000' }),
    ]);
  });

  it('rm -t keeps the entries for n, Enter or Ctrl+C', async () => {
    const logbook = await createLogbook(h.alice.client, { entries: sample(), title: 'Kept' });
    const t = mapperFor(h.alice);
    for (const key of ['n', 'Enter', '\x03']) {
      expect(await t.lines(`rm -t gen -l ${logbook.logid}`, { keys: ['x', key] })).toEqual([
        'Remove 1 <gen> entry from Kept? This cannot be undone. (y/n) n',
        'Cancelled: nothing was removed.',
      ]);
    }
    expect(await storedEntries(h.alice.client, logbook.logid)).toEqual(sample());
  });

  it('rm -t refuses an unapproved tag and reports each failure in the spec words', async () => {
    const t = mapperFor(h.alice);
    expect(await t.run('rm -t bogus')).toBe(
      "Error: Invalid tag 'bogus'. Allowed tags: context, comment, query, mirage, gen, code, shell, command\n",
    );
    expect(await t.run('rm -t comment -l nosuchlog')).toBe('Error: Failed to retrieve logbook contents.\n');
    const salted = await createLogbook(h.alice.client, { entries: sample(), salted: true });
    expect(await t.lines(`rm -t comment -l ${salted.logid}`, { keys: ['y'] })).toEqual([
      `Remove 2 <comment> entries from ${salted.title}? This cannot be undone. (y/n) y`,
      'Error: Failed to update logbook.',
    ]);
    const broken = new FakeMapper(brokenLogClient(h.server, h.alice.token), null);
    expect(await broken.run(`rm -t comment -l ${salted.logid}`)).toBe('Error: Invalid log XML format.\n');
    expect(await storedEntries(h.alice.client, salted.logid)).toEqual(sample());
  });
});

describe('cp', () => {
  it('needs a log id', async () => {
    const t = mapperFor(h.alice);
    expect(await t.run('cp')).toBe('Error: No valid log ID provided for copying.\n');
    expect(await t.run('cp -l')).toBe('Error: No valid log ID provided for copying.\n');
    expect(await t.run('cp -n "A title"')).toBe('Error: No valid log ID provided for copying.\n');
  });

  it("copies the entries, titled 'Copy of {title}' unless named", async () => {
    const well = await createFakeWell(h.alice.client, h.fake);
    const source = await createLogbook(h.alice.client, {
      entries: sample(),
      title: 'Original',
      logwell: well.wellid,
    });
    const t = mapperFor(h.alice);
    const [line] = await t.lines(`cp -l ${source.logid}`);
    const copyId = /^Copied \w+ to (\w+): Copy of Original$/.exec(line ?? '')?.[1];
    expect(copyId).toBeDefined();
    const copy = await h.alice.client.logbooks.get(copyId ?? '');
    expect(copy).toMatchObject({ title: 'Copy of Original', logwell: well.wellid, private: true });
    expect(await storedEntries(h.alice.client, copy.logid)).toEqual(sample());

    const [named] = await t.lines(`cp -l ${source.logid} -n Second draft`);
    expect(named).toMatch(/: Second draft$/);
  });

  it("copies someone else's public logbook without their well", async () => {
    const well = await createFakeWell(h.bob.client, h.fake);
    const bobs = await createLogbook(h.bob.client, {
      entries: sample(),
      title: 'Shared',
      private: false,
      logwell: well.wellid,
    });
    const [line] = await mapperFor(h.alice).lines(`cp -l ${bobs.logid}`);
    const copyId = /to (\w+):/.exec(line ?? '')?.[1] ?? '';
    expect(await h.alice.client.logbooks.get(copyId)).toMatchObject({ logwell: null, private: true });
  });

  it('reports a logbook it cannot copy', async () => {
    expect(await mapperFor(h.alice).run('cp -l nosuchlog')).toBe('Error copying logbook.\n');
  });
});

describe('touch', () => {
  it("creates a private logbook titled 'Default', or as named, with the first well", async () => {
    const maker = await h.server.signup('maker');
    const t = mapperFor(maker);
    const [bare] = await t.lines('touch');
    expect(bare).toMatch(/^Created Default \(\w+\), memory on\.$/);
    const well = await createFakeWell(maker.client, h.fake);
    expect(await t.run('touch -n Trip to Samarkand')).toMatch(
      new RegExp(`^Created Trip to Samarkand \\(\\w+\\), using well ${well.wellid}, memory on\\.\\n$`),
    );
    const [latest] = await maker.client.logbooks.list();
    expect(latest).toMatchObject({ title: 'Trip to Samarkand', private: true, logwell: well.wellid });
  });

  it('starts memory as the user chose for new logbooks, and says which', async () => {
    const chooser = await h.server.signup('chooser');
    const t = mapperFor(chooser);
    await chooser.client.auth.updateUser({ memory_default: false });
    const [off] = await t.lines('touch -n Forgetful');
    expect(off).toMatch(/^Created Forgetful \((\w+)\), memory off\.$/);
    const offId = /\((\w+)\)/.exec(off!)![1]!;
    expect((await chooser.client.logbooks.get(offId)).memory).toBe(false);

    await chooser.client.auth.updateUser({ memory_default: true });
    const [on] = await t.lines('touch -n Remembering');
    expect(on).toMatch(/^Created Remembering \((\w+)\), memory on\.$/);
    const onId = /\((\w+)\)/.exec(on!)![1]!;
    expect((await chooser.client.logbooks.get(onId)).memory).toBe(true);
  });

  it('touch -l moves a logbook to the top of ls', async () => {
    const mover = await h.server.signup('mover');
    const older = await createLogbook(mover.client);
    await createLogbook(mover.client);
    const t = mapperFor(mover);
    expect(await t.run(`touch -l ${older.logid}`)).toBe(`Touched ${older.logid}.\n`);
    expect((await t.lines('ls --last'))[0]).toContain(older.logid);
  });

  it('reports each failure in the spec words', async () => {
    expect(await mapperFor(h.alice).run('touch -l nosuchlog')).toBe('Error updating logbook timestamp.\n');
    expect(await new FakeMapper(h.server.client(), null).run('touch')).toBe('Error creating new logbook.\n');
  });
});

describe('curl', () => {
  it('saves {logid}.xml through the host', async () => {
    const logbook = await createLogbook(h.alice.client, { entries: sample() });
    const t = mapperFor(h.alice);
    expect(await t.run(`curl -l ${logbook.logid}`)).toBe(`Saved ${logbook.logid}.xml\n`);
    expect(t.host.saved).toEqual([
      { name: `${logbook.logid}.xml`, content: logbook.log, mimeType: 'application/xml' },
    ]);
    expect(logbook.log).toContain('<?xml version="1.0" encoding="UTF-8"?>');
  });

  it('prints the XML when the host cannot save files', async () => {
    const logbook = await createLogbook(h.alice.client, { entries: sample() });
    const t = mapperFor(h.alice);
    const hostless = new FakeMapper(h.alice.client, null);
    Object.assign(hostless.host, { saveFile: undefined });
    expect(await hostless.run(`curl -l ${logbook.logid}`)).toBe(logbook.log);
    expect(t.host.saved).toEqual([]);
  });

  it('needs -l, and reports a failed download', async () => {
    const t = mapperFor(h.alice);
    expect(await t.lines('curl')).toEqual(['Error: Missing option -l LOGID.', 'Usage: curl -l LOGID']);
    expect(await t.run('curl -l nosuchlog')).toBe('Error downloading logbook.\n');
    const logbook = await createLogbook(h.alice.client);
    t.host.saveFails = true;
    expect(await t.run(`curl -l ${logbook.logid}`)).toBe('Error downloading logbook.\n');
  });
});
