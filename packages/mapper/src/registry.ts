import type { CommandEnv } from './command-env.js';

/** One option a command accepts, e.g. `-l LOGID` or `-a/--all`. */
export interface OptionSpec {
  /** The key commands read it by: `args.get('logid')`. */
  name: string;
  /** One letter, typed as `-l`. */
  short?: string;
  /** A word, typed as `--all`. */
  long?: string;
  /** Placeholder of its value (`LOGID`); an option without one is a flag. */
  value?: string;
  /** The value runs on over the following unquoted words, up to the next option: `-r what is salt`. */
  text?: boolean;
  /** The option may be given more than once (`-f a.txt -f b.pdf`); `args.all` reads every value. */
  repeatable?: boolean;
  /** The option must be given; a string is the exact message printed when it is not. */
  required?: true | string;
  /** The exact message printed when the option is given without its value. */
  missingValue?: string;
  summary: string;
}

export interface CommandExample {
  line: string;
  note: string;
}

/** The arguments of one command line, checked against the command's declarations. */
export interface ParsedArgs {
  /** Everything after the command name, as typed (trimmed). */
  readonly text: string;
  /** The words after the command name, quotes removed. */
  readonly words: readonly string[];
  /** The words that are neither options nor their values. */
  readonly positionals: readonly string[];
  has(option: string): boolean;
  /** The option's value (the last one given); undefined for a flag or an option not given. */
  get(option: string): string | undefined;
  /** Every value of a repeatable option, in the order given; empty when it was not given. */
  all(option: string): readonly string[];
}

export interface CommandSpec<C extends CommandEnv = CommandEnv> {
  name: string;
  aliases?: readonly string[];
  /** One line for `help`. */
  summary: string;
  /** The arguments after the name, e.g. `-r "text" [-l LOGID]`; `help` prints name, aliases and this. */
  usage: string;
  options?: readonly OptionSpec[];
  /** How many positional words it takes: a number (default 0) or 'any'. */
  positionals?: number | 'any';
  /** Fewer argument words than this prints the usage lines instead of running. */
  minArgs?: number;
  /**
   * The text after the name reaches the command untouched: no quotes, no options. For commands
   * that take prose, where an apostrophe must not read as an open quote.
   */
  raw?: boolean;
  examples?: readonly CommandExample[];
  run(env: C, args: ParsedArgs, registry: Registry<C>): Promise<void>;
}

export interface Registry<C extends CommandEnv = CommandEnv> {
  readonly commands: readonly CommandSpec<C>[];
  /** By name or alias, case-insensitively. */
  find(name: string): CommandSpec<C> | undefined;
}

export function createRegistry<C extends CommandEnv>(commands: readonly CommandSpec<C>[]): Registry<C> {
  const byName = new Map<string, CommandSpec<C>>();
  for (const spec of commands) {
    for (const name of [spec.name, ...(spec.aliases ?? [])]) {
      const key = name.toLowerCase();
      if (byName.has(key)) throw new Error(`Two commands are called '${name}'.`);
      byName.set(key, spec);
    }
  }
  return { commands, find: (name) => byName.get(name.toLowerCase()) };
}

/** The name and its aliases as `help` and usage lines show them: `query|q`. */
export function commandTitle(spec: Pick<CommandSpec, 'name' | 'aliases'>): string {
  return [spec.name, ...(spec.aliases ?? [])].join('|');
}

export function fullUsage(spec: Pick<CommandSpec, 'name' | 'aliases' | 'usage'>): string {
  return spec.usage ? `${commandTitle(spec)} ${spec.usage}` : commandTitle(spec);
}
