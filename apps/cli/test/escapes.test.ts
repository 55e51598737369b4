import { spawn } from 'node:child_process';
import { useServer } from '@caravanserai/test-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInCli, useCliBundle } from './support/cli-bundle.js';

const { work, bundle, config } = useCliBundle('cli-escapes');
const t = useServer({ users: ['alice', 'bob'] });

const HOSTILE = '\x1b]0;PWNED\x07\x1b[2J';
const SHOWN = '^[]0;PWNED^G^[[2J';
let logid: string;

beforeAll(async () => {
  signInCli(config, t.server, t.bob);
  // Alice's public logbook, its title written straight into the database as old data would be.
  // Entries are XML text (no C0 controls), so they carry the one-byte CSI, U+009B, instead.
  const logbook = await t.alice.client.logbooks.create({
    title: 'placeholder',
    private: false,
    log: '<query>placeholder</query>',
  });
  logid = logbook.logid;
  const db = t.server.testDb.db.kysely;
  await db
    .updateTable('entries')
    .set({ content: 'red \x9b31m\r\nnext' })
    .where('logid', '=', logid)
    .execute();
  // A new version, so the server's per-version log cache does not answer with the old entries.
  await db
    .updateTable('logbooks')
    .set({ title: HOSTILE, version: logbook.version + 1 })
    .where('logid', '=', logid)
    .execute();
});

/**
 * Runs the CLI and returns its bytes: piped, `input` is its whole stdin; on a pseudo-terminal
 * (util-linux `script`), each [text, keys] step types its keys once `text` has been printed.
 */
function mapper(input: string | (readonly [string, string])[], tty: boolean): Promise<Buffer> {
  const command = `${process.execPath} ${bundle} --server ${t.server.origin}`;
  const [file, args] = tty
    ? ['script', ['-qfec', command, '/dev/null']]
    : [process.execPath, [bundle, '--server', t.server.origin]];
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      env: { ...process.env, CARAVANSERAI_CONFIG_DIR: config, CARAVANSERAI_SERVER: '', COLUMNS: '100' },
      cwd: work,
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    child.stderr.on('data', (d: Buffer) => chunks.push(d));
    child.on('error', reject);
    child.on('close', () => resolve(Buffer.concat(chunks)));
    // A session that never ends fails the test on what it printed rather than hanging it.
    setTimeout(() => child.kill(), 20_000).unref();
    if (typeof input === 'string') {
      child.stdin.end(input);
      return;
    }
    const steps = [...input];
    child.stdout.on('data', () => {
      const step = steps[0];
      if (!step || !Buffer.concat(chunks).toString('utf8').includes(step[0])) return;
      steps.shift();
      // The last step's text ends the session; `script` waits for its input to end too.
      if (steps.length === 0) child.stdin.end(step[1]);
      else child.stdin.write(step[1]);
    });
  });
}

/** Byte offsets of UTF-8 encoded C1 controls (0xC2 0x80-0x9F). */
function c1Bytes(bytes: Buffer): number[] {
  const found: number[] = [];
  for (let i = 0; i + 1 < bytes.length; i++) {
    const next = bytes[i + 1] ?? 0;
    if (bytes[i] === 0xc2 && next >= 0x80 && next <= 0x9f) found.push(i);
  }
  return found;
}

describe('the CLI printing a hostile logbook of another user', () => {
  it('piped: stdout carries no control byte, only their visible forms', async () => {
    const bytes = await mapper(`cat -l ${logid}\nopen -l ${logid}\n`, false);
    const text = bytes.toString('utf8');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
    expect(text).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
    expect(c1Bytes(bytes)).toEqual([]);
    expect(text).toContain(`${SHOWN} (${logid})\n[0] <query> red M-^[31m\n            next\n`);
    expect(text).toContain(`Opening ${SHOWN} (${logid})...\n`);
    expect(text).toContain(`Open in your browser: ${t.server.origin}/logbooks/${logid}\n`);
  });

  it('on a terminal: only the line editor writes escapes, never the logbook', async () => {
    // Keys typed while a command runs are dropped, so 'exit' waits for the entries.
    const bytes = await mapper(
      [
        ['@mapper$ ', `cat -l ${logid}\r`],
        ['    next', 'exit\r'],
      ],
      true,
    );
    const text = bytes.toString('utf8');
    expect(text).toContain(`signed in as ${t.bob.username}`);
    // The pseudo-terminal adds its own '\r' before each '\n'.
    expect(text.replace(/\r+\n/g, '\n')).toContain(`${SHOWN} (${logid})\n[0] <query> red M-^[31m\n`);
    expect(text).toContain('Goodbye.');
    // The title's OSC, BEL and clear-screen are gone, and so are C1 controls.
    expect(text).not.toContain('\x1b]');
    expect(text).not.toContain('\x07');
    expect(text).not.toContain('\x1b[2J');
    expect(c1Bytes(bytes)).toEqual([]);
  });
});
