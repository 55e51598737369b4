import { writeLines } from '../output.js';
import type { CommandSpec } from '../registry.js';

// Lines longer than this put their note on the next line.
const LINE_COLUMN = 40;

export const examples: CommandSpec = {
  name: 'examples',
  summary: 'Prints worked example command lines.',
  usage: '',
  async run(env, _args, registry) {
    const lines = ['Examples:'];
    for (const spec of registry.commands) {
      for (const example of spec.examples ?? []) {
        if (example.line.length <= LINE_COLUMN)
          lines.push(`  ${example.line.padEnd(LINE_COLUMN)}  # ${example.note}`);
        else lines.push(`  ${example.line}`, `  ${' '.repeat(LINE_COLUMN)}  # ${example.note}`);
      }
    }
    writeLines(env.io, ...lines);
  },
};
