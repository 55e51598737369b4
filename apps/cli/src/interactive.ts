import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createMapperInterpreter, MapperSession, promptFor, safeText } from '@caravanserai/mapper';

import { historyFile } from './config.js';
import { nodeHost } from './host.js';
import { splitKeys } from './keys.js';
import type { CliSession } from './session.js';

const CLEAR = '\x1b[2J\x1b[3J\x1b[H';

const historyStore = {
  load: (): string[] => {
    const file = historyFile();
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as string[]) : [];
  },
  save: (items: readonly string[]) => {
    const file = historyFile();
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, JSON.stringify(items), { mode: 0o600 });
  },
};

/** The Mapper on a TTY: raw keys go through the same line-editing session as the browser's. */
export function runInteractive(cli: CliSession): Promise<void> {
  const interpreter = createMapperInterpreter();
  const out = process.stdout;
  return new Promise((resolveDone) => {
    const stop = () => {
      process.stdin.setRawMode(false);
      process.stdin.pause();
      out.write('\r\nGoodbye.\r\n');
      resolveDone();
    };
    const session = new MapperSession({
      screen: { write: (d) => out.write(d), clear: () => out.write(CLEAR), columns: () => out.columns || 80 },
      prompt: () => promptFor(cli.user?.username),
      history: historyStore,
      run: async (line, run) => {
        await interpreter.execute(line, {
          api: cli.api,
          io: { write: run.print, clear: () => out.write(CLEAR), readKey: run.readKey },
          host: nodeHost(cli.server, run.print, stop),
          user: cli.user ? { pk: cli.user.pk, username: cli.user.username } : null,
          state: cli.state,
          signal: run.signal,
        });
      },
    });
    // The username is the server's answer: printed as text, like everything the server sends.
    const banner = cli.user
      ? `Mapper on ${cli.server}, signed in as ${cli.user.username}. Type 'help' for commands, 'exit' to leave.`
      : `Mapper on ${cli.server}, not signed in: run 'mapper login' first. Type 'help' for commands.`;
    out.write(`${safeText(banner)}\r\n`);
    process.stdin.setRawMode(true);
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (data: string) => {
      // Ctrl+D on an empty line leaves, as in a shell.
      if (data === '\x04') {
        if (!session.busy && session.line === '') stop();
        return;
      }
      for (const key of splitKeys(data)) session.input(key);
    });
    process.stdin.resume();
    session.start();
  });
}
