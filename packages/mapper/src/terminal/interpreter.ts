import { createInterpreter, type Interpreter } from '../interpreter.js';
import { terminalCommands } from './commands/index.js';

/** The browser terminal's and the CLI's interpreter: an empty line just shows a new prompt. */
export function createTerminalInterpreter(): Interpreter {
  return createInterpreter({ commands: terminalCommands });
}
