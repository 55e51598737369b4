export {
  type CommandEnv,
  createState,
  type MapperState,
  type MapperUser,
  type Signal,
} from './command-env.js';
export { CommandError, fail } from './command-error.js';
export { createHelpCommand, formatCommandHelp, formatCommandList, formatHelp } from './help.js';
export {
  createInterpreter,
  type Interpreter,
  type InterpreterOptions,
  type Outcome,
} from './interpreter.js';
export type { ConfirmRequest, HostActions, TerminalIO } from './io.js';
export { SHELL_BOX_MESSAGES, TERMINAL_MESSAGES } from './messages.js';
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
  type Run,
  type Screen,
  type SessionOptions,
  TerminalSession,
} from './session/terminal-session.js';
export { shellBoxCommands } from './shell-box/commands/index.js';
export { createShellBoxInterpreter } from './shell-box/interpreter.js';
export type { ShellBoxEnv } from './shell-box/shell-box-env.js';
export { terminalCommands } from './terminal/commands/index.js';
export { PILGRIM_BATCH } from './terminal/commands/pilgrim.js';
export { createTerminalInterpreter } from './terminal/interpreter.js';
export { splitWords, type Token, type TokenizeResult, tokenize } from './tokenize.js';
