import type { CommandEnv, Signal } from './command-env.js';
import { CommandError } from './command-error.js';
import type { MapperIO } from './io.js';
import { MAPPER_MESSAGES } from './messages.js';
import { writeLines } from './output.js';
import { parseArgs } from './parse-args.js';
import { type CommandSpec, createRegistry, type ParsedArgs, type Registry } from './registry.js';
import { safeText } from './safe-text.js';

export interface InterpreterOptions<C extends CommandEnv> {
  commands: readonly CommandSpec<C>[];
  /** Printed for an empty line; nothing at all when left out (the Mapper just shows a new prompt). */
  emptyLine?: string;
  /** The message for a name no command answers to; `line` is the whole trimmed line. */
  unknownCommand?: (name: string, line: string) => string;
}

/**
 * How a line ended. 'failed' means it printed an error: an unknown command, arguments the
 * command refuses, or the command's own failure (a CommandError or anything it threw). A question
 * answered no, an empty line and 'No ... found' listings are not failures.
 */
export type Outcome = 'done' | 'failed' | 'cancelled';

export interface Interpreter<C extends CommandEnv = CommandEnv> {
  readonly registry: Registry<C>;
  /**
   * Runs one line. Never rejects: every failure is printed. When `env.signal` aborts, it prints
   * 'Process cancelled. (Ctrl + C)' and resolves at once, and the abandoned command can no
   * longer write, so the host can show its next prompt straight away.
   */
  execute(line: string, env: C): Promise<Outcome>;
}

/**
 * The one way out to the screen for everything a line prints: command output (logbooks, answers
 * as they stream, server messages), the interpreter's own messages and the errors it describes
 * all pass here, so none of it can carry a control sequence to the host's terminal.
 */
function safeIo(io: MapperIO): MapperIO {
  const safe: MapperIO = {
    write(text) {
      const shown = safeText(text);
      if (shown !== '') io.write(shown);
    },
    clear: () => io.clear(),
    readKey: () => io.readKey(),
  };
  if (io.copy) safe.copy = io.copy.bind(io);
  if (io.paste) safe.paste = io.paste.bind(io);
  return safe;
}

/** Tracks the cursor column (start of line or not) and stops output once the command is over. */
function guardIo(io: MapperIO, isOver: () => boolean) {
  let atLineStart = true;
  const guarded: MapperIO = {
    write(text) {
      if (isOver() || text === '') return;
      atLineStart = text.endsWith('\n');
      io.write(text);
    },
    clear() {
      if (isOver()) return;
      atLineStart = true;
      io.clear();
    },
    readKey: () => io.readKey(),
  };
  if (io.copy) guarded.copy = io.copy.bind(io);
  if (io.paste) guarded.paste = io.paste.bind(io);
  return { io: guarded, atLineStart: () => atLineStart };
}

const CANCELLED = Symbol('cancelled');

function whenAborted(signal: Signal | undefined): { promise: Promise<typeof CANCELLED>; dispose(): void } {
  if (!signal) return { promise: new Promise<typeof CANCELLED>(() => {}), dispose: () => {} };
  let onAbort = () => {};
  const promise = new Promise<typeof CANCELLED>((resolve) => {
    onAbort = () => resolve(CANCELLED);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return { promise, dispose: () => signal.removeEventListener('abort', onAbort) };
}

function describe(error: unknown): string[] {
  if (error instanceof CommandError) return [...error.lines];
  return [`Error: ${error instanceof Error ? error.message : String(error)}`];
}

async function runCommand<C extends CommandEnv>(
  spec: CommandSpec<C>,
  args: ParsedArgs,
  env: C,
  registry: Registry<C>,
): Promise<Outcome> {
  if (env.signal?.aborted) {
    writeLines(env.io, MAPPER_MESSAGES.cancelled);
    return 'cancelled';
  }
  let over = false;
  const screen = guardIo(env.io, () => over || env.signal?.aborted === true);
  const abort = whenAborted(env.signal);
  // Started inside a promise so that a command throwing before its first await is caught too.
  const outcome = Promise.resolve()
    .then(() => spec.run({ ...env, io: screen.io }, args, registry))
    .then(
      () => null,
      (error: unknown) => ({ error }),
    );
  try {
    const result = await Promise.race([outcome, abort.promise]);
    over = true;
    // Messages start on a line of their own even if the command stopped mid-line.
    const lines = result === CANCELLED ? [MAPPER_MESSAGES.cancelled] : result ? describe(result.error) : [];
    if (lines.length > 0) writeLines(env.io, ...(screen.atLineStart() ? [] : ['']), ...lines);
    return result === CANCELLED ? 'cancelled' : result ? 'failed' : 'done';
  } finally {
    over = true;
    abort.dispose();
  }
}

export function createInterpreter<C extends CommandEnv>(options: InterpreterOptions<C>): Interpreter<C> {
  const registry = createRegistry(options.commands);
  const unknown = options.unknownCommand ?? ((name: string) => MAPPER_MESSAGES.unknownCommand(name));
  return {
    registry,
    async execute(line, given) {
      const env = { ...given, io: safeIo(given.io) };
      const trimmed = line.trim();
      if (trimmed === '') {
        // The shell box's message for an empty line is the spec's wording, not a failure.
        if (options.emptyLine !== undefined) writeLines(env.io, options.emptyLine);
        return 'done';
      }
      const match = /^(\S+)\s*([\s\S]*)$/.exec(trimmed);
      const name = match?.[1] ?? trimmed;
      const spec = registry.find(name);
      if (!spec) {
        writeLines(env.io, unknown(name, trimmed));
        return 'failed';
      }
      const parsed = parseArgs(spec, match?.[2] ?? '');
      if (!parsed.ok) {
        writeLines(env.io, ...parsed.lines);
        return 'failed';
      }
      return runCommand(spec, parsed.args, env, registry);
    },
  };
}
