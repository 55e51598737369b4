import { createInterpreter, type Interpreter } from '../interpreter.js';
import { SHELL_BOX_MESSAGES as M } from '../messages.js';
import { shellBoxCommands } from './commands/index.js';
import type { ShellBoxEnv } from './shell-box-env.js';

/** The shell box's interpreter: its own command set and its own wording for empty and unknown lines. */
export function createShellBoxInterpreter(): Interpreter<ShellBoxEnv> {
  return createInterpreter({
    commands: shellBoxCommands,
    emptyLine: M.emptyCommand,
    unknownCommand: (_name, line) => M.unknownCommand(line),
  });
}
