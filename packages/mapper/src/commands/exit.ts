import type { CommandSpec } from '../registry.js';

export const exit: CommandSpec = {
  name: 'exit',
  summary: 'Leaves the terminal.',
  usage: '',
  async run(env) {
    env.host.goHome?.();
  },
};
