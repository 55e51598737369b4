import { createMapperInterpreter } from '@caravanserai/mapper';
import { nodeHost } from './host.js';
import { inputLines } from './prompt-input.js';
import type { CliSession } from './session.js';

/**
 * Without a TTY (`echo "ls" | mapper`): one command per input line, run in order; a confirmation
 * reads the next line as its answer. Ends at the end of the input (or at `exit`). Like `sh`
 * without -e it carries on after a failed command, and resolves with how many failed (see the
 * interpreter's Outcome: an error printed, an unknown command, refused arguments; a question
 * answered no is not a failure), so the exit status can tell a script that something went wrong.
 */
export async function runScripted(cli: CliSession): Promise<number> {
  const interpreter = createMapperInterpreter();
  const lines = inputLines();
  const write = (text: string) => process.stdout.write(text);
  let done = false;
  let failed = 0;
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
    const outcome = await interpreter.execute(line, {
      api: cli.api,
      io: { write, clear: () => {}, readKey },
      host: nodeHost(cli.server, write, () => {
        done = true;
      }),
      user: cli.user ? { pk: cli.user.pk, username: cli.user.username } : null,
      state: cli.state,
    });
    if (outcome !== 'done') failed++;
  }
  return failed;
}
