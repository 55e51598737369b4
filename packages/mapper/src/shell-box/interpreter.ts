import { createInterpreter, type Interpreter } from '../interpreter.js';
import { SHELL_BOX_MESSAGES as M } from '../messages.js';
import { shellBoxCommands } from './commands/index.js';
import type { ShellBoxContext } from './context.js';

/** The shell box's interpreter: its own command set and its own wording for empty and unknown lines. */
export function createShellBoxInterpreter(): Interpreter<ShellBoxContext> {
  return createInterpreter({
    commands: shellBoxCommands,
    emptyLine: M.emptyCommand,
    unknownCommand: (_name, line) => M.unknownCommand(line),
  });
}
