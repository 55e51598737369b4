export {
  type CommandEnv,
  createState,
  type MapperState,
  type MapperUser,
  type Signal,
} from './command-env.js';
export { CommandError, fail } from './command-error.js';
export { mapperCommands } from './commands/index.js';
export { PILGRIM_BATCH } from './commands/pilgrim.js';
export { formatSize } from './format-size.js';
export { createHelpCommand, formatCommandHelp, formatCommandList, formatHelp } from './help.js';
export {
  createInterpreter,
  type Interpreter,
  type InterpreterOptions,
  type Outcome,
} from './interpreter.js';
export type { ConfirmRequest, HostActions, LocalFile, MapperIO } from './io.js';
export { createMapperInterpreter } from './mapper-interpreter.js';
export { MAPPER_MESSAGES, SHELL_BOX_MESSAGES } from './messages.js';
export { type ParseOutcome, parseArgs } from './parse-args.js';
export { PROMPT_SUFFIX, promptFor } from './prompt.js';
export {
  type CommandExample,
  type CommandSpec,
  createRegistry,
  type OptionSpec,
  type ParsedArgs,
  type Registry,
} from './registry.js';
export { safeText } from './safe-text.js';
export { CommandHistory, type HistoryStore } from './session/history.js';
export {
  CANCELLED,
  MapperSession,
  type Run,
  type Screen,
  type SessionOptions,
} from './session/mapper-session.js';
export { shellBoxCommands } from './shell-box/commands/index.js';
export { createShellBoxInterpreter } from './shell-box/interpreter.js';
export type { ShellBoxEnv } from './shell-box/shell-box-env.js';
export { splitWords, type Token, type TokenizeResult, tokenize } from './tokenize.js';
