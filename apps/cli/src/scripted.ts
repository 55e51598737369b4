import { createTerminalInterpreter } from '@caravanserai/mapper';
import { nodeHost } from './host.js';
import { inputLines } from './prompt-input.js';
import type { CliSession } from './session.js';

/**
 * Without a TTY (`echo "ls" | mapper`): one command per input line, run in order; a confirmation
 * reads the next line as its answer. Ends at the end of the input.
 */
export async function runScripted(cli: CliSession): Promise<void> {
  const interpreter = createTerminalInterpreter();
  const lines = inputLines();
  const write = (text: string) => process.stdout.write(text);
  let done = false;
  const readKey = async (): Promise<string> => {
    const next = await lines.next();
    if (next.done) return '\r';
    return next.value.trim().charAt(0) || '\r';
  };
  while (!done) {
    const next = await lines.next();
    if (next.done) break;
    const line = next.value.trim();
    if (!line) continue;
    await interpreter.execute(line, {
      api: cli.api,
      io: { write, clear: () => {}, readKey },
      host: nodeHost(cli.server, write, () => {
        done = true;
      }),
      user: cli.user ? { pk: cli.user.pk, username: cli.user.username } : null,
      state: cli.state,
    });
  }
}
