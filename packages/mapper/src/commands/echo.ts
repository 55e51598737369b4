import { writeLines } from '../output.js';
import type { CommandSpec } from '../registry.js';

export const echo: CommandSpec = {
  name: 'echo',
  summary: 'Prints its words.',
  usage: '[text...]',
  positionals: 'any',
  examples: [{ line: 'echo "Hello,   caravan"', note: 'quotes keep the spaces' }],
  async run(env, args) {
    writeLines(env.io, args.words.join(' '));
  },
};
