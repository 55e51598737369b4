import { mapperCommands } from './commands/index.js';
import { createInterpreter, type Interpreter } from './interpreter.js';

/** The Mapper page's and the CLI's interpreter: an empty line just shows a new prompt. */
export function createMapperInterpreter(): Interpreter {
  return createInterpreter({ commands: mapperCommands });
}
