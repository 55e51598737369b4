import type { CommandEnv } from './command-env.js';
import { fail } from './command-error.js';
import { writeLines } from './output.js';
import { type CommandSpec, fullUsage } from './registry.js';
import { optionLines } from './usage.js';

type Spec = Pick<CommandSpec<CommandEnv>, 'name' | 'aliases' | 'usage' | 'summary' | 'options' | 'examples'>;

// Usages longer than this put their summary on the next line, so the table fits 80 columns.
const USAGE_COLUMN = 34;

/** The command table: usage, then summary, one command per line. */
export function formatHelp(commands: readonly Spec[]): string[] {
  const lines = ['Commands:'];
  for (const spec of commands) {
    const usage = fullUsage(spec);
    if (usage.length <= USAGE_COLUMN) lines.push(`  ${usage.padEnd(USAGE_COLUMN)}  ${spec.summary}`);
    else lines.push(`  ${usage}`, `  ${' '.repeat(USAGE_COLUMN)}  ${spec.summary}`);
  }
  lines.push("Type 'help <command>' for its options, 'examples' for worked examples.");
  return lines;
}

/** Everything declared about one command. */
export function formatCommandHelp(spec: Spec): string[] {
  const lines = [`Usage: ${fullUsage(spec)}`, spec.summary];
  if (spec.options?.length) lines.push('Options:', ...optionLines(spec.options));
  if (spec.examples?.length) lines.push('Examples:', ...spec.examples.map((e) => `  ${e.line}`));
  return lines;
}

/** The compact form the shell box shows: `Commands: help, clear [tag], ...`. */
export function formatCommandList(commands: readonly Spec[]): string {
  return `Commands: ${commands.map((c) => (c.usage ? `${c.name} ${c.usage}` : c.name)).join(', ')}`;
}

/**
 * `help`, generated from the registry it runs in, so a host that adds commands gets them listed.
 * 'table' is the Mapper's form (with `help <command>`); 'list' the shell box's one-liner.
 */
export function createHelpCommand<C extends CommandEnv>(options: {
  style: 'table' | 'list';
  summary: string;
}): CommandSpec<C> {
  const table = options.style === 'table';
  return {
    name: 'help',
    summary: options.summary,
    usage: table ? '[command]' : '',
    positionals: table ? 1 : 0,
    raw: !table,
    examples: table ? [{ line: 'help tag', note: 'the options of tag' }] : [],
    async run(env, args, registry) {
      const topic = table ? args.positionals[0] : undefined;
      if (topic === undefined) {
        writeLines(
          env.io,
          ...(table ? formatHelp(registry.commands) : [formatCommandList(registry.commands)]),
        );
        return;
      }
      const spec = registry.find(topic);
      if (!spec) fail(`Unknown command: ${topic}`);
      writeLines(env.io, ...formatCommandHelp(spec));
    },
  };
}
