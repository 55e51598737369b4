import type { ApiClient } from '@caravanserai/api';
import { describe, expect, it } from 'vitest';
import { type CommandEnv, createState } from './command-env.js';
import { fail } from './command-error.js';
import { createInterpreter } from './interpreter.js';
import type { MapperIO } from './io.js';
import { promptFor } from './prompt.js';
import type { CommandSpec } from './registry.js';
import { createShellBoxInterpreter } from './shell-box/interpreter.js';

function screen() {
  const out: string[] = [];
  const io: MapperIO = {
    write: (text) => out.push(text),
    clear: () => out.push('<clear>'),
    readKey: () => new Promise<string>(() => {}),
  };
  return { io, text: () => out.join('') };
}

// These commands never reach the API, so no client is needed behind it.
function context(io: MapperIO, signal?: AbortController['signal']): CommandEnv {
  return {
    api: {} as unknown as ApiClient,
    io,
    host: {},
    user: null,
    state: createState(),
    ...(signal ? { signal } : {}),
  };
}

const greet: CommandSpec = {
  name: 'greet',
  aliases: ['hi'],
  summary: 'Greets.',
  usage: '[-n NAME]',
  options: [{ name: 'name', short: 'n', value: 'NAME', summary: 'who' }],
  async run(env, args) {
    env.io.write(`hello ${args.get('name') ?? 'world'}\n`);
  },
};

const failing: CommandSpec = {
  name: 'boom',
  summary: 'Fails.',
  usage: '',
  async run(env) {
    env.io.write('half a line');
    fail('Error: it broke.');
  },
};

const crashing: CommandSpec = {
  name: 'crash',
  summary: 'Throws something unplanned.',
  usage: '',
  async run() {
    throw new Error('unexpected');
  },
};

let release: () => void = () => {};
const slow: CommandSpec = {
  name: 'slow',
  summary: 'Waits, then writes.',
  usage: '',
  async run(env) {
    env.io.write('working');
    await new Promise<void>((resolve) => (release = resolve));
    env.io.write('too late\n');
  },
};

// Writes what a hostile logbook holds, in pieces as an answer streams, then fails quoting it.
const hostile: CommandSpec = {
  name: 'hostile',
  summary: 'Prints control sequences.',
  usage: '',
  async run(env) {
    env.io.write('\x1b]0;PWNED\x07\x1b[2J title\r');
    env.io.write('\n\x9b31mred\x7f\n');
    throw new Error('server said \x1b[5mblink');
  },
};

const sut = createInterpreter({ commands: [greet, failing, crashing, slow, hostile] });

describe('createInterpreter', () => {
  it('runs a command by name or alias, case-insensitively, with its options', async () => {
    const s = screen();
    await sut.execute('  greet -n caravan  ', context(s.io));
    await sut.execute('HI', context(s.io));
    expect(s.text()).toBe('hello caravan\nhello world\n');
  });

  it('prints nothing for an empty line', async () => {
    const s = screen();
    await sut.execute('   ', context(s.io));
    expect(s.text()).toBe('');
  });

  it("names an unknown command in the spec's words", async () => {
    const s = screen();
    await sut.execute('frobnicate now', context(s.io));
    expect(s.text()).toBe('Unknown command: frobnicate\n');
  });

  it('prints argument errors without running the command', async () => {
    const s = screen();
    await sut.execute('greet -x', context(s.io));
    await sut.execute('greet -n "open', context(s.io));
    expect(s.text()).toBe(
      "Error: Unknown option '-x'.\nUsage: greet|hi [-n NAME]\nError: Unterminated quote (\").\n",
    );
  });

  it("prints a command's failure on a line of its own", async () => {
    const s = screen();
    await sut.execute('boom', context(s.io));
    expect(s.text()).toBe('half a line\nError: it broke.\n');
  });

  it('prints an unplanned error instead of rejecting', async () => {
    const s = screen();
    await expect(sut.execute('crash', context(s.io))).resolves.toBe('failed');
    expect(s.text()).toBe('Error: unexpected\n');
  });

  it('cancels on abort: prints the message, returns at once, and silences the command', async () => {
    const s = screen();
    const controller = new AbortController();
    const running = sut.execute('slow', context(s.io, controller.signal));
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    expect(await running).toBe('cancelled');
    release();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(s.text()).toBe('working\nProcess cancelled. (Ctrl + C)\n');
  });

  it('does not start a command whose signal is already aborted', async () => {
    const s = screen();
    const controller = new AbortController();
    controller.abort();
    await sut.execute('greet', context(s.io, controller.signal));
    expect(s.text()).toBe('Process cancelled. (Ctrl + C)\n');
  });

  it('shows control characters in everything a line prints: output, errors and echoed input', async () => {
    const s = screen();
    await sut.execute('hostile', context(s.io));
    await sut.execute('\x1b[2Jnope', context(s.io));
    await sut.execute('greet -\x07', context(s.io));
    expect(s.text()).toBe(
      '^[]0;PWNED^G^[[2J title\nM-^[31mred^?\nError: server said ^[[5mblink\n' +
        'Unknown command: ^[[2Jnope\n' +
        "Error: Unknown option '-^G'.\nUsage: greet|hi [-n NAME]\n",
    );
  });

  it('tells the host whether the line failed, for scripts that stop on errors', async () => {
    const s = screen();
    const outcomes: string[] = [];
    for (const line of ['greet', '   ', 'boom', 'crash', 'frobnicate', 'greet -x', 'greet -n "open']) {
      outcomes.push(await sut.execute(line, context(s.io)));
    }
    expect(outcomes).toEqual(['done', 'done', 'failed', 'failed', 'failed', 'failed', 'failed']);
  });

  it('refuses two commands with one name', () => {
    expect(() => createInterpreter({ commands: [greet, { ...greet, name: 'hi', aliases: [] }] })).toThrow(
      "Two commands are called 'hi'.",
    );
  });
});

describe('the shell box interpreter', () => {
  it("words empty and unknown lines in the shell box's own way", async () => {
    const s = screen();
    const shell = createShellBoxInterpreter();
    const env = { ...context(s.io), logbook: { logid: 'x', wellid: null } };
    await shell.execute('  ', env);
    await shell.execute('dance wildly', env);
    await shell.execute("echo it's   raw", env);
    expect(s.text()).toBe("Error: Command cannot be empty.\nUnknown command: dance wildly\nit's   raw\n");
  });
});

describe('promptFor', () => {
  it('is the lowercase username and @mapper, or anonymous', () => {
    expect(promptFor('Alice')).toBe('alice@mapper');
    expect(promptFor()).toBe('anonymous@mapper');
    expect(promptFor(null)).toBe('anonymous@mapper');
  });
});
