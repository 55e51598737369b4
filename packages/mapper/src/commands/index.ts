import type { CommandSpec } from '../registry.js';
import { banner } from './banner.js';
import { bazaar } from './bazaar.js';
import { cat } from './cat.js';
import { clear } from './clear.js';
import { cp } from './cp.js';
import { curl } from './curl.js';
import { echo } from './echo.js';
import { examples } from './examples.js';
import { exit } from './exit.js';
import { find } from './find.js';
import { help } from './help.js';
import { journal } from './journal.js';
import { logbook } from './logbook.js';
import { ls } from './ls.js';
import { mapper } from './mapper.js';
import { open } from './open.js';
import { pilgrim } from './pilgrim.js';
import { query } from './query.js';
import { review } from './review.js';
import { rm } from './rm.js';
import { tag } from './tag.js';
import { touch } from './touch.js';
import { well } from './well.js';

/** The Mapper's commands, in the order `help` lists them. */
export const mapperCommands: readonly CommandSpec[] = [
  help,
  examples,
  clear,
  exit,
  echo,
  banner,
  ls,
  open,
  cat,
  find,
  bazaar,
  review,
  query,
  pilgrim,
  tag,
  rm,
  cp,
  touch,
  curl,
  logbook,
  journal,
  well,
  mapper,
];
