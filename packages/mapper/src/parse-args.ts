import type { CommandEnv } from './command-env.js';
import { type CommandSpec, fullUsage, type OptionSpec, type ParsedArgs } from './registry.js';
import { type Token, tokenize } from './tokenize.js';
import { usageLines } from './usage.js';

export type ParseOutcome = { ok: true; args: ParsedArgs } | { ok: false; lines: string[] };

type Spec = Pick<
  CommandSpec<CommandEnv>,
  'name' | 'aliases' | 'usage' | 'options' | 'positionals' | 'minArgs' | 'raw'
>;

/** A word that reads as an option: unquoted, a dash, and not a number such as -1. */
function looksLikeOption(token: Token): boolean {
  return (
    !token.quoted && token.text.length > 1 && token.text.startsWith('-') && Number.isNaN(Number(token.text))
  );
}

function findOption(options: readonly OptionSpec[], word: string): OptionSpec | undefined {
  if (word.startsWith('--')) return options.find((o) => o.long !== undefined && `--${o.long}` === word);
  return options.find((o) => o.short !== undefined && `-${o.short}` === word);
}

function optionLabel(option: OptionSpec): string {
  return option.short ? `-${option.short}` : `--${option.long ?? option.name}`;
}

/** A usage error: the message, then how to call the command. */
function usageError(spec: Spec, message: string): ParseOutcome {
  return { ok: false, lines: [message, `Usage: ${fullUsage(spec)}`] };
}

function rawArgs(text: string): ParseOutcome {
  const words = text === '' ? [] : text.split(/\s+/);
  return { ok: true, args: argsOf(text, words, words, new Map(), new Map()) };
}

function argsOf(
  text: string,
  words: readonly string[],
  positionals: readonly string[],
  values: ReadonlyMap<string, string | true>,
  repeated: ReadonlyMap<string, readonly string[]>,
): ParsedArgs {
  return {
    text,
    words,
    positionals,
    has: (name) => values.has(name),
    get: (name) => {
      const value = values.get(name);
      return typeof value === 'string' ? value : undefined;
    },
    all: (name) => repeated.get(name) ?? [],
  };
}

/**
 * Reads the text after a command's name against its declared options. Errors come back as the
 * lines to print: a declared message alone (the spec's wording), or a generic one with the usage.
 */
export function parseArgs(spec: Spec, text: string): ParseOutcome {
  const trimmed = text.trim();
  if (spec.raw) return rawArgs(trimmed);

  const tokenized = tokenize(trimmed);
  if (!tokenized.ok) return { ok: false, lines: [tokenized.error] };
  const tokens = tokenized.tokens;
  const words = tokens.map((t) => t.text);
  if (spec.minArgs !== undefined && tokens.length < spec.minArgs)
    return { ok: false, lines: usageLines(spec) };

  const options = spec.options ?? [];
  const isDeclared = (token: Token | undefined) =>
    token !== undefined && looksLikeOption(token) && findOption(options, token.text) !== undefined;
  const values = new Map<string, string | true>();
  const repeated = new Map<string, string[]>();
  const positionals: string[] = [];
  let onlyPositionals = false;

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (onlyPositionals || !looksLikeOption(token)) {
      positionals.push(token.text);
      continue;
    }
    if (token.text === '--') {
      onlyPositionals = true;
      continue;
    }
    const option = findOption(options, token.text);
    if (!option) return usageError(spec, `Error: Unknown option '${token.text}'.`);
    if (option.value === undefined) {
      values.set(option.name, true);
      continue;
    }
    const next = tokens[i + 1];
    if (next === undefined || isDeclared(next)) {
      return option.missingValue
        ? { ok: false, lines: [option.missingValue] }
        : usageError(spec, `Error: Option ${optionLabel(option)} needs a value (${option.value}).`);
    }
    let value = next.text;
    i++;
    while (option.text && i + 1 < tokens.length && !isDeclared(tokens[i + 1])) {
      value += ` ${tokens[i + 1]!.text}`;
      i++;
    }
    values.set(option.name, value);
    if (option.repeatable) repeated.set(option.name, [...(repeated.get(option.name) ?? []), value]);
  }

  for (const option of options) {
    if (option.required === undefined || values.has(option.name)) continue;
    if (typeof option.required === 'string') return { ok: false, lines: [option.required] };
    const synopsis = option.value ? `${optionLabel(option)} ${option.value}` : optionLabel(option);
    return usageError(spec, `Error: Missing option ${synopsis}.`);
  }

  const allowed = spec.positionals ?? 0;
  if (allowed !== 'any' && positionals.length > allowed) {
    return usageError(spec, `Error: Unexpected argument '${positionals[allowed]}'.`);
  }
  return { ok: true, args: argsOf(trimmed, words, positionals, values, repeated) };
}
