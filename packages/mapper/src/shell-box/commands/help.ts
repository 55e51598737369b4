import { createHelpCommand } from '../../help.js';
import type { ShellBoxContext } from '../context.js';

export const help = createHelpCommand<ShellBoxContext>({ style: 'list', summary: 'Lists the commands.' });
