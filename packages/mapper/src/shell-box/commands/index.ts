import type { CommandSpec } from '../../registry.js';
import type { ShellBoxEnv } from '../shell-box-env.js';
import { clear } from './clear.js';
import { comment } from './comment.js';
import { context } from './context.js';
import { echo } from './echo.js';
import { help } from './help.js';
import { memory } from './memory.js';
import { query } from './query.js';
import { run } from './run.js';

/** The logbook page's shell box, in the order its help lists them. */
export const shellBoxCommands: readonly CommandSpec<ShellBoxEnv>[] = [
  help,
  clear,
  comment,
  context,
  query,
  run,
  memory,
  echo,
];
