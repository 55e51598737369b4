import { createHelpCommand } from '../../help.js';
import type { ShellBoxEnv } from '../shell-box-env.js';

export const help = createHelpCommand<ShellBoxEnv>({ style: 'list', summary: 'Lists the commands.' });
