import { createFakeWell, createLogbook, entry } from '@caravanserai/test-kit';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeShellBox, mapperFor } from './support/fake-mapper.js';
import { useHarness } from './support/harness.js';

/**
 * Old data, stored before the API refused control characters: titles, entries and answers that
 * hold escape sequences must reach another user's screen as visible text, never as sequences.
 */
const h = useHarness(['alice', 'bob']);

const HOSTILE = '\x1b]0;PWNED\x07\x1b[2J';
const SHOWN = '^[]0;PWNED^G^[[2J';
// Entries are XML 1.0 text, which holds no C0 control but '\t', '\n' and '\r'; C1 controls it
// does hold, and they do the same: U+009D starts an OSC, U+009C ends it, U+009B is a CSI.
const HOSTILE_C1 = '\x9d0;PWNED\x9c\x9b2J';
const SHOWN_C1 = 'M-^]0;PWNEDM-^\\M-^[2J';
// ESC, BEL and every C1 control: none may reach the screen ('\r' is checked on its own).
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
const RAW_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

let logid: string;
let wellid: string;

/** Writes into the database directly, as data from before the API's checks would be. */
async function storeHostile(): Promise<void> {
  const db = h.server.testDb.db.kysely;
  wellid = (await createFakeWell(h.alice.client, h.fake)).wellid;
  const logbook = await createLogbook(h.alice.client, {
    entries: [entry('context', 'placeholder'), entry('query', 'placeholder', { qid: 'q1' })],
    private: false,
    logwell: wellid,
  });
  logid = logbook.logid;
  await db
    .updateTable('wells')
    .set({ title: `Well ${HOSTILE}` })
    .where('wellid', '=', wellid)
    .execute();
  await db
    .updateTable('entries')
    .set({ content: `context ${HOSTILE_C1}\r\nsecond line\rOVERWRITE` })
    .where('logid', '=', logid)
    .where('position', '=', 0)
    .execute();
  await db
    .updateTable('entries')
    .set({ content: 'ask \x9b31mred' })
    .where('logid', '=', logid)
    .where('position', '=', 1)
    .execute();
  // A new version, so the server's per-version log cache does not answer with the old entries.
  await db
    .updateTable('logbooks')
    .set({ title: HOSTILE, description: HOSTILE, version: logbook.version + 1 })
    .where('logid', '=', logid)
    .execute();
}

beforeAll(storeHostile);
beforeEach(() => h.fake.reset());

function expectHarmless(text: string): void {
  expect(text).not.toMatch(RAW_CONTROL);
  expect(text).not.toContain('\r');
}

describe("another user's hostile public logbook", () => {
  it('cat shows the title and entries with their controls made visible', async () => {
    const text = await mapperFor(h.bob).run(`cat -l ${logid}`);
    expectHarmless(text);
    expect(text.split('\n')).toEqual([
      `${SHOWN} (${logid})`,
      `[0] <context> context ${SHOWN_C1}`,
      '              second lineOVERWRITE',
      '[1] <query> ask M-^[31mred',
      '',
    ]);
  });

  it('open and review print the title and entries as text', async () => {
    const t = mapperFor(h.bob);
    const opened = await t.run(`open -l ${logid}`);
    expect(opened).toBe(`Opening ${SHOWN} (${logid})...\n`);
    expect(t.host.opened).toEqual([logid]);
    const reviewed = await t.run(`review -l ${logid}`);
    expectHarmless(reviewed);
    expect(reviewed).toContain(`Logbook: ${SHOWN} (${logid})`);
    expect(reviewed).toContain('  [1] qid=q1 ask M-^[31mred');
  });

  it("curl without a file to save to prints the log's XML as text", async () => {
    const t = mapperFor(h.bob);
    Object.assign(t.host, { saveFile: undefined });
    const text = await t.run(`curl -l ${logid}`);
    expectHarmless(text);
    expect(text).toContain(`context ${SHOWN_C1}`);
  });
});

describe("the owner's own listings", () => {
  it('ls, logbook, well and review show the stored titles as text', async () => {
    const t = mapperFor(h.alice);
    for (const line of ['ls', 'logbook', 'well', `review -l ${logid}`]) {
      const text = await t.run(line);
      expectHarmless(text);
      expect(text).toContain(SHOWN);
    }
    expect(await t.run(`review -l ${logid}`)).toContain(`Well: Well ${SHOWN} (${wellid})`);
  });

  it('journal shows a stored journal title as text', async () => {
    const { jid } = await h.alice.client.journals.create({ title: 'Plain' });
    await h.server.testDb.db.kysely
      .updateTable('journals')
      .set({ title: HOSTILE })
      .where('jid', '=', jid)
      .execute();
    const text = await mapperFor(h.alice).run('journal');
    expectHarmless(text);
    expect(text).toContain(`${jid}  ${SHOWN}`);
  });
});

describe('answers from a well, and the shell box', () => {
  it('a streamed answer shows its controls, and a \\r\\n split between pieces is one newline', async () => {
    // 'one\r' and '\ntwo...' arrive as separate pieces: the pair must not become '^M' and a newline.
    // (The answer is stored as a <gen> entry, so it is XML text: C1 controls, no C0 ones.)
    // 24 characters in 6 pieces of 4: the first piece is 'one\r', the second starts with '\n'.
    const answer = `one\r\ntwo ${HOSTILE_C1}...`;
    h.fake.enqueue({ kind: 'reply', text: answer, chunks: answer.length / 4 });
    const t = mapperFor(h.alice);
    const text = await t.run(`q -r hello -l ${logid}`);
    expectHarmless(text);
    expect(text).toBe(`one\ntwo ${SHOWN_C1}...\n`);
    // The pieces as written: the '\r' ended the first one, and neither shows it.
    expect(t.io.out.slice(0, 2)).toEqual(['one', '\ntwo']);
  });

  it('pilgrim prints the stored query and the answer as text', async () => {
    h.fake.enqueue({ kind: 'reply', text: `answer ${HOSTILE_C1}` });
    const text = await mapperFor(h.alice).run(`pilgrim -l ${logid}`);
    expectHarmless(text);
    expect(text).toContain('Query: ask M-^[31mred');
    expect(text).toContain(`Response: answer ${SHOWN_C1}`);
  });

  it('the shell box, the same interpreter, prints pasted controls as text', async () => {
    const user = { pk: h.alice.pk, username: h.alice.username };
    const box = new FakeShellBox(h.alice.client, user, { logid, wellid });
    expect(await box.run(`echo ${HOSTILE}${HOSTILE_C1}`)).toBe(`${SHOWN}${SHOWN_C1}\n`);
  });
});
