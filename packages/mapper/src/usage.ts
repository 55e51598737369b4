import type { CommandEnv } from './command-env.js';
import { type CommandSpec, fullUsage, type OptionSpec } from './registry.js';

type Spec = Pick<CommandSpec<CommandEnv>, 'name' | 'aliases' | 'usage' | 'options'>;

export function optionSynopsis(option: OptionSpec): string {
  const names = [option.short && `-${option.short}`, option.long && `--${option.long}`]
    .filter(Boolean)
    .join(', ');
  return option.value ? `${names} ${option.value}` : names;
}

/** The two-column option lines of a command, aligned. */
export function optionLines(options: readonly OptionSpec[], indent = '  '): string[] {
  const width = Math.max(0, ...options.map((o) => optionSynopsis(o).length));
  return options.map((o) => `${indent}${optionSynopsis(o).padEnd(width)}  ${o.summary}`);
}

/** `Usage: ...` followed by what each option means. */
export function usageLines(spec: Spec): string[] {
  return [`Usage: ${fullUsage(spec)}`, ...optionLines(spec.options ?? [])];
}
