import { describe, expect, it } from 'vitest';
import type { HistoryStore } from './history.js';
import { CANCELLED, MapperSession, type Run } from './mapper-session.js';

/** Strips colours and cursor moves, keeping what a person would read. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: escape sequences are what is stripped
const plain = (text: string) => text.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').replace(/\r(?!\n)/g, '');

function setup(
  options: { columns?: number; saved?: unknown; run?: (line: string, run: Run) => Promise<void> } = {},
) {
  const out: string[] = [];
  const ran: string[] = [];
  let cleared = 0;
  let stored: unknown = options.saved ?? [];
  const history: HistoryStore = {
    load: () => stored as string[],
    save: (items) => {
      stored = [...items];
    },
  };
  const sut = new MapperSession({
    screen: { write: (d) => out.push(d), clear: () => cleared++, columns: () => options.columns ?? 80 },
    prompt: () => 'alice@mapper',
    history,
    run:
      options.run ??
      (async (line, run) => {
        ran.push(line);
        run.print(`ran ${line}\n`);
      }),
  });
  sut.start();
  const type = (text: string) => {
    for (const ch of text) sut.input(ch);
  };
  return {
    sut,
    out,
    ran,
    type,
    screen: () => plain(out.join('')),
    cleared: () => cleared,
    stored: () => stored,
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('MapperSession', () => {
  it('runs the trimmed line on Enter and prints a new prompt', async () => {
    const t = setup();
    t.type('  ls 3  ');
    t.sut.input('\r');
    await tick();
    expect(t.ran).toEqual(['ls 3']);
    expect(t.screen()).toContain('ran ls 3\r\n');
    expect(t.screen().endsWith('alice@mapper$ ')).toBe(true);
  });

  it('edits inside the line with the arrows, Backspace and Delete', async () => {
    const t = setup();
    t.type('xcoo');
    t.sut.input('\x1b[H');
    t.sut.input('\x1b[3~');
    t.type('e');
    t.sut.input('\x1b[C');
    t.type('h');
    t.sut.input('\x1b[F');
    t.sut.input('\x7f');
    t.sut.input('\x1b[D');
    t.sut.input('\x1b[D');
    t.sut.input('\x1b[C');
    t.sut.input('\r');
    await tick();
    expect(t.ran).toEqual(['echo']);
  });

  it('browses history newest first and comes back to the draft', async () => {
    const t = setup({ saved: ['older'] });
    t.type('newer');
    t.sut.input('\r');
    await tick();
    t.type('draft');
    t.sut.input('\x1b[A');
    t.sut.input('\x1b[A');
    t.sut.input('\r');
    await tick();
    expect(t.ran.at(-1)).toBe('older');
    t.sut.input('\x1b[A');
    t.sut.input('\x1b[B');
    t.sut.input('\x1b[B');
    t.type('!');
    t.sut.input('\r');
    await tick();
    expect(t.ran.at(-1)).toBe('!');
    expect(t.stored()).toEqual(['!', 'older', 'newer', 'older']);
  });

  it('ignores a corrupt saved history', async () => {
    const t = setup({ saved: { not: 'a list' } });
    t.sut.input('\x1b[A');
    t.sut.input('\r');
    await tick();
    expect(t.ran).toEqual([]);
  });

  it('cancels a running command with Ctrl+C and silences it', async () => {
    let release: () => void = () => {};
    let aborted = false;
    const t = setup({
      run: async (_line, run) => {
        run.signal.addEventListener('abort', () => {
          aborted = true;
        });
        await new Promise<void>((r) => (release = r));
        run.print('too late\n');
      },
    });
    t.type('pilgrim');
    t.sut.input('\r');
    await tick();
    t.sut.input('\x03');
    expect(aborted).toBe(true);
    release();
    await tick();
    expect(t.screen()).toContain(CANCELLED);
    expect(t.screen()).not.toContain('too late');
    expect(t.screen().endsWith('alice@mapper$ ')).toBe(true);
  });

  it('hands the next key to a command waiting for a confirmation', async () => {
    const keys: string[] = [];
    const t = setup({
      run: async (_line, run) => {
        keys.push(await run.readKey());
      },
    });
    t.type('rm -l x');
    t.sut.input('\r');
    await tick();
    t.sut.input('y');
    await tick();
    expect(keys).toEqual(['y']);
  });

  it('reads keys that arrive together one at a time while a command waits', async () => {
    const keys: string[] = [];
    const t = setup({
      run: async (_line, run) => {
        keys.push(await run.readKey(), await run.readKey());
      },
    });
    t.type('rm -l x');
    t.sut.input('\r');
    await tick();
    t.sut.input('zn');
    await tick();
    expect(keys).toEqual(['z', 'n']);
  });

  it('clears the screen and the line with Ctrl+L', () => {
    const t = setup();
    t.type('half typed');
    t.sut.input('\x0c');
    expect(t.cleared()).toBe(1);
    t.sut.input('\r');
    expect(t.screen().endsWith('alice@mapper$ ')).toBe(true);
  });

  it("shows the controls in a host's failure instead of passing them to the screen", async () => {
    const t = setup({
      run: async () => {
        throw new Error('gone: \x1b]0;PWNED\x07\x9b2J');
      },
    });
    t.type('ls');
    t.sut.input('\r');
    await tick();
    const written = t.out.join('');
    expect(written).toContain('gone: ^[]0;PWNED^GM-^[2J\r\n');
    for (const raw of ['\x07', '\x9b', '\x1b]']) expect(written).not.toContain(raw);
  });

  it('drops pasted text that holds a C1 control, as it drops other controls', async () => {
    const t = setup();
    t.sut.input('echo \x9b2J');
    t.type('ok');
    t.sut.input('\r');
    await tick();
    expect(t.ran).toEqual(['ok']);
    expect(t.out.join('')).not.toContain('\x9b');
  });

  it('redraws a line longer than the terminal from its first row', () => {
    const t = setup({ columns: 20 });
    t.type('echo a long line that wraps twice over');
    const last = t.out.at(-1)!;
    // The cursor sits on the third row, so the redraw climbs two rows before clearing.
    t.type('!');
    expect(t.out.at(-1)!.startsWith('\x1b[2A\r\x1b[J')).toBe(true);
    expect(plain(last)).toContain('alice@mapper$ echo a long line that wraps twice over');
  });
});
