import { createHelpCommand } from '../help.js';

export const help = createHelpCommand({
  style: 'table',
  summary: 'Lists the commands, or explains one: help <command>.',
});
