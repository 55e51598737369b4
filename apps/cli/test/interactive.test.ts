import { type ChildProcess, spawn } from 'node:child_process';
import { useServer } from '@caravanserai/test-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInCli, useCliBundle } from './support/cli-bundle.js';

const { bundle, config } = useCliBundle('tty');
const t = useServer({ users: ['alice'] });
beforeAll(() => {
  signInCli(config, t.server, t.alice);
});

// biome-ignore lint/suspicious/noControlCharactersInRegex: escape sequences are what is stripped
const plain = (text: string) => text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r/g, '');

/** The CLI on a real pseudo-terminal (util-linux `script`), typed at key by key. */
class Tty {
  private out = '';
  private readonly child: ChildProcess;

  constructor() {
    this.child = spawn(
      'script',
      ['-qfec', `${process.execPath} ${bundle} --server ${t.server.origin}`, '/dev/null'],
      {
        env: { ...process.env, CARAVANSERAI_CONFIG_DIR: config, COLUMNS: '100', LINES: '30' },
      },
    );
    this.child.stdout?.on('data', (d: Buffer) => {
      this.out += d.toString();
    });
  }

  get screen(): string {
    return plain(this.out);
  }

  type(keys: string): void {
    this.child.stdin?.write(keys);
  }

  /** Waits until `text` has appeared `times` times in all the output so far. */
  async waitFor(text: string, times = 1, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.screen.split(text).length - 1 < times) {
      if (Date.now() > deadline) throw new Error(`never saw ${JSON.stringify(text)} in:\n${this.screen}`);
      await new Promise((r) => setTimeout(r, 30));
    }
  }

  close(): void {
    this.child.kill();
  }
}

describe('the mapper CLI on a terminal', () => {
  it('edits lines, browses history, asks y/n, cancels with Ctrl+C and leaves with exit', async () => {
    const logbook = await t.alice.client.logbooks.create({ title: 'Kept' });
    const tty = new Tty();
    try {
      await tty.waitFor(`signed in as ${t.alice.username}`);
      await tty.waitFor('@mapper$ ');
      tty.type('echo abc');
      tty.type('\x1b[D\x1b[D\x7fX\r');
      await tty.waitFor('\nXbc\n');
      tty.type('\x1b[A\r');
      await tty.waitFor('\nXbc\n', 2);
      await tty.waitFor(`Xbc\n${t.alice.username}@mapper$ `, 2);

      tty.type(`rm -l ${logbook.logid}\r`);
      await tty.waitFor('(y/n)');
      tty.type('zn');
      await tty.waitFor(`Cancelled: nothing was deleted.\n${t.alice.username}@mapper$ `);
      expect((await t.alice.client.logbooks.get(logbook.logid)).title).toBe('Kept');

      tty.type('echo never');
      tty.type('\x03');
      await tty.waitFor('Process cancelled. (Ctrl + C)');
      tty.type('exit\r');
      await tty.waitFor('Goodbye.');
    } finally {
      tty.close();
    }
  });
});
