import type { CommandSpec } from '../registry.js';

export const clear: CommandSpec = {
  name: 'clear',
  summary: 'Clears the screen (also Ctrl+L).',
  usage: '',
  async run(env) {
    env.io.clear();
  },
};
