import { createFakeWell, createLogbook, entry, type SignedIn } from '@caravanserai/test-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { FakeMapper, mapperFor } from './support/fake-mapper.js';
import { brokenLogClient, useHarness } from './support/harness.js';

const h = useHarness(['alice']);
let anonymous: FakeMapper;

beforeAll(() => {
  anonymous = new FakeMapper(h.server.client(), null);
});

describe('screen commands', () => {
  it('help lists every command, and explains one', async () => {
    const t = mapperFor(h.alice);
    const help = await t.run('help');
    expect(help).toContain('Commands:');
    expect(help).toContain('query|q -r "text" [-l LOGID] [-c "context"] [-f FILE]...');
    expect(help).toContain('logbook|log');
    expect(await t.lines('help tag')).toContain('Usage: tag -t TAG [-c "text"] [-i INDEX] [-l LOGID]');
    expect(await t.run('help nope')).toBe('Unknown command: nope\n');
  });

  it('examples prints worked command lines', async () => {
    const text = await mapperFor(h.alice).run('examples');
    expect(text).toContain('Examples:');
    expect(text).toContain('q -r "What is a caravanserai?"');
    expect(text).toContain('rm -l LOGID');
  });

  it('banner prints the art and the tagline', async () => {
    const lines = await mapperFor(h.alice).lines('banner');
    expect(lines).toHaveLength(7);
    expect(lines[6]).toBe('Keep your AI conversations as portable documents you own.');
  });

  it('echo prints its words, quotes removed', async () => {
    expect(await mapperFor(h.alice).run('echo "Hello,   caravan" and  you')).toBe(
      'Hello,   caravan and you\n',
    );
  });

  it('clear clears the screen and exit goes home', async () => {
    const t = mapperFor(h.alice);
    await t.run('clear');
    await t.run('exit');
    expect(t.io.clears).toBe(1);
    expect(t.host.wentHome).toBe(1);
  });

  it('an empty line prints nothing; an unknown command is named', async () => {
    const t = mapperFor(h.alice);
    expect(await t.run('   ')).toBe('');
    expect(await t.run('frobnicate -x')).toBe('Unknown command: frobnicate\n');
  });
});

describe('ls and open', () => {
  let walker: SignedIn;
  const logids: string[] = [];

  beforeAll(async () => {
    walker = await h.server.signup('walker');
    for (let i = 0; i < 12; i++)
      logids.push((await createLogbook(walker.client, { title: `Stage ${i}` })).logid);
  });

  const newestFirst = () => [...logids].reverse();

  it('ls shows the 10 most recently modified, newest first', async () => {
    const lines = await mapperFor(walker).lines('ls');
    expect(lines).toHaveLength(11);
    newestFirst()
      .slice(0, 10)
      .forEach((logid, i) => {
        expect(lines[i]).toMatch(
          new RegExp(`^\\[${i}\\] +${logid}  \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d  Stage ${11 - i}$`),
        );
      });
    expect(lines[10]).toBe('(2 more: ls -a)');
  });

  it('ls --last, -a, --all, N and -n N choose how many', async () => {
    const t = mapperFor(walker);
    expect(await t.lines('ls --last')).toHaveLength(2);
    expect(await t.lines('ls -a')).toHaveLength(12);
    expect(await t.lines('ls --all')).toHaveLength(12);
    expect(await t.lines('ls 3')).toHaveLength(4);
    expect(await t.lines('ls -n 2')).toHaveLength(3);
  });

  it('ls refuses a count that is not a positive number', async () => {
    const t = mapperFor(walker);
    expect(await t.lines('ls zero')).toEqual([
      'Error: ls takes a positive number: zero',
      'Usage: ls [N | --last | -a | -n N]',
    ]);
    expect((await t.lines('ls 0'))[0]).toBe('Error: ls takes a positive number: 0');
    expect((await t.lines('ls 1 2'))[0]).toBe("Error: Unexpected argument '2'.");
  });

  it('ls says when there are no logbooks, or when they cannot be fetched', async () => {
    const empty = await h.server.signup('empty');
    expect(await mapperFor(empty).run('ls')).toBe('Error: No logbooks available.\n');
    expect(await anonymous.run('ls')).toBe('Error fetching logbooks.\n');
  });

  it('open last, -i N and -l LOGID ask the host to open that logbook', async () => {
    const t = mapperFor(walker);
    expect(await t.run('open last')).toBe(`Opening Stage 11 (${newestFirst()[0]})...\n`);
    await t.run('open -i 2');
    await t.run(`open -l ${logids[0]}`);
    expect(t.host.opened).toEqual([newestFirst()[0], newestFirst()[2], logids[0]]);
  });

  it('open refuses other forms in the spec words', async () => {
    const t = mapperFor(walker);
    for (const line of ['open', 'open first', 'open -l']) {
      expect(await t.run(line)).toBe('Unknown command: open [last/-i/-l]\n');
    }
    for (const line of ['open -i 12', 'open -i x', 'open -i -1', 'open -i']) {
      expect(await t.run(line)).toBe('Invalid log index.\n');
    }
    expect(await t.run('open -l nosuchlog')).toBe('Error opening logbook.\n');
    const empty = await h.server.signup('nobody');
    expect(await mapperFor(empty).run('open last')).toBe('Error: No logbooks available.\n');
    expect(t.host.opened).toEqual([]);
  });
});

describe('cat and review', () => {
  let logid: string;

  beforeAll(async () => {
    const well = await createFakeWell(h.alice.client, h.fake, { title: 'Oracle' });
    const logbook = await createLogbook(h.alice.client, {
      entries: [
        entry('context', 'You are terse.'),
        entry('query', 'What is 2 + 2?', { qid: 'q1' }),
        entry('gen', 'Four.', { qid: 'q1' }),
        entry('query', 'And the capital of\nMongolia?', { qid: 'q2' }),
        entry('mirage', 'Paris.', { qid: 'q2' }),
        entry('comment', 'ask again'),
      ],
      title: 'Sums',
      logwell: well.wellid,
    });
    logid = logbook.logid;
  });

  it('cat prints each entry as [i] <tag> content', async () => {
    expect(await mapperFor(h.alice).lines(`cat -l ${logid}`)).toEqual([
      `Sums (${logid})`,
      '[0] <context> You are terse.',
      '[1] <query> What is 2 + 2?',
      '[2] <gen> Four.',
      '[3] <query> And the capital of',
      '            Mongolia?',
      '[4] <mirage> Paris.',
      '[5] <comment> ask again',
    ]);
  });

  it('cat prints the current line of a branched logbook, each entry at its index in the log', async () => {
    const branched = await createLogbook(h.alice.client, {
      entries: [
        entry('query', 'Q1?', { eid: 'q1000000', qid: 'q1' }),
        entry('gen', 'Old answer.', { eid: 'a1000000', qid: 'q1' }),
        entry('gen', 'Regenerated answer.', { eid: 'a2000000', parent: 'q1000000', qid: 'q1' }),
      ],
      title: 'Branched',
    });
    expect(await mapperFor(h.alice).lines(`cat -l ${branched.logid}`)).toEqual([
      `Branched (${branched.logid})`,
      '[0] <query> Q1?',
      '[2] <gen> Regenerated answer.',
    ]);
    // The branch chosen in the workspace (the logbook's head) is the one printed.
    await h.alice.client.logbooks.head(branched.logid, { eid: 'a1000000' });
    expect(await mapperFor(h.alice).lines(`cat -l ${branched.logid}`)).toEqual([
      `Branched (${branched.logid})`,
      '[0] <query> Q1?',
      '[1] <gen> Old answer.',
    ]);
    await h.alice.client.logbooks.touch(logid);
  });

  it('cat defaults to the most recently modified logbook', async () => {
    const latest = await createLogbook(h.alice.client, { title: 'Blank' });
    expect(await mapperFor(h.alice).lines('cat')).toEqual([`Blank (${latest.logid})`, '(no entries)']);
    await h.alice.client.logbooks.touch(logid);
  });

  it('cat reports a logbook it cannot fetch, or cannot read', async () => {
    expect(await mapperFor(h.alice).run('cat -l nosuchlog')).toBe('Error fetching logbook.\n');
    const broken = new FakeMapper(brokenLogClient(h.server, h.alice.token), null);
    expect(await broken.run(`cat -l ${logid}`)).toBe('Error: Invalid log XML format.\n');
  });

  it('review counts tags and lists unanswered queries and mirages', async () => {
    const lines = await mapperFor(h.alice).lines(`review -l ${logid}`);
    expect(lines[0]).toBe(`Logbook: Sums (${logid})`);
    expect(lines).toContain(`Owner: ${h.alice.username}; private`);
    expect(lines.some((l) => /^Well: Oracle \(\w+\)$/.test(l))).toBe(true);
    expect(lines).toContain(
      'Entries: 6 (context 1, comment 1, query 2, mirage 1, gen 1, code 0, shell 0, command 0)',
    );
    expect(lines).toContain('Unanswered queries: 1');
    expect(lines).toContain('  [3] qid=q2 And the capital of Mongolia?');
    expect(lines).toContain('Mirages: 1');
    expect(lines).toContain('  [4] qid=q2 Paris.');
  });

  it('review reports a logbook it cannot fetch', async () => {
    expect(await mapperFor(h.alice).run('review -l nosuchlog')).toBe(
      'Error: Could not fetch logbook data.\n',
    );
  });
});

describe('logbook, journal and well lists', () => {
  it('logbook (and log) lists every logbook with its id, entries and well', async () => {
    const lister = await h.server.signup('lister');
    const t = mapperFor(lister);
    expect(await t.run('log')).toBe('No logbooks found.\n');
    const logbook = await createLogbook(lister.client, {
      entries: [entry('comment', 'x')],
      title: 'Only one',
    });
    expect(await t.run('logbook')).toBe(`${logbook.logid}  Only one  (1 entries, private, well: none)\n`);
    expect(await anonymous.run('log')).toBe('Error fetching logbooks.\n');
  });

  it('journal lists the journals, each saying whether it has instructions, never what they say', async () => {
    const keeper = await h.server.signup('keeper');
    const t = mapperFor(keeper);
    expect(await t.run('journal')).toBe('No journals found.\n');
    const journal = await keeper.client.journals.create({ title: 'Travels' });
    expect(await t.run('journal')).toBe(`${journal.jid}  Travels  (instructions: none)\n`);
    const guided = await keeper.client.journals.create({ title: 'Guided', instructions: 'Use metric. 🐪' });
    await keeper.client.journals.create({ title: 'Terse', instructions: '!' });
    const lines = await t.lines('journal');
    expect(lines).toHaveLength(3);
    expect(lines).toContain(`${journal.jid}  Travels  (instructions: none)`);
    expect(lines).toContain(`${guided.jid}  Guided  (instructions: 13 characters)`);
    expect(lines.find((line) => line.includes('Terse'))).toMatch(
      /^\w+ {2}Terse {2}\(instructions: 1 character\)$/,
    );
    expect(lines.join('\n')).not.toContain('metric');
    expect(await anonymous.run('journal')).toBe('Error fetching journals.\n');
  });

  it('well lists the wells', async () => {
    const digger = await h.server.signup('digger');
    const t = mapperFor(digger);
    expect(await t.run('well')).toBe('No wells found.\n');
    const well = await createFakeWell(digger.client, h.fake, { title: 'Deep' });
    expect(await t.run('well')).toBe(`${well.wellid}  Deep  (openai-compatible/llama3.2)\n`);
    expect(await anonymous.run('well')).toBe('Error fetching wells.\n');
  });
});

describe('mapper', () => {
  it('status creates the default profile on first use and prints it', async () => {
    const fresh = await h.server.signup('fresh');
    expect(await fresh.client.mapperProfiles.list()).toEqual([]);
    expect(await mapperFor(fresh).lines('mapper status')).toEqual([
      'font_size: 14',
      'cursor_blink: true',
      'right_click_paste: true',
      'background_color: #1e1e1e',
      'foreground_color: #d4d4d4',
      'rows: 24',
      'cols: 80',
    ]);
    expect(await fresh.client.mapperProfiles.list()).toHaveLength(1);
  });

  it('up and down change the font size by one, keep it, and tell the host', async () => {
    const reader = await h.server.signup('reader');
    const t = mapperFor(reader);
    expect(await t.run('mapper up')).toBe('Font size: 15\n');
    expect(await t.run('mapper down')).toBe('Font size: 14\n');
    expect(await t.run('mapper down')).toBe('Font size: 13\n');
    expect(t.host.fontSizes).toEqual([15, 14, 13]);
    expect((await reader.client.mapperProfiles.list())[0]?.font_size).toBe(13);
  });

  it('stays within 8 to 40', async () => {
    const squinter = await h.server.signup('squinter');
    const profile = await squinter.client.mapperProfiles.create({ owner: squinter.pk });
    await squinter.client.mapperProfiles.update(profile.id, { font_size: 40 });
    const t = mapperFor(squinter);
    expect(await t.run('mapper up')).toBe('Font size is already 40, the largest there is.\n');
    await squinter.client.mapperProfiles.update(profile.id, { font_size: 8 });
    const again = mapperFor(squinter);
    expect(await again.run('mapper down')).toBe('Font size is already 8, the smallest there is.\n');
    expect(t.host.fontSizes).toEqual([]);
  });

  it('prints its usage for anything else, and the profile error when signed out', async () => {
    const t = mapperFor(h.alice);
    expect(await t.run('mapper')).toBe('Usage: mapper up | down | status\n');
    expect(await t.run('mapper sideways')).toBe('Usage: mapper up | down | status\n');
    expect(await anonymous.run('mapper status')).toBe('error fetching mapper profile\n');
  });
});
