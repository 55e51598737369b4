import type { CommandContext } from '../context.js';

/** The shell box lives on one logbook's page and acts on that logbook only. */
export interface ShellBoxContext extends CommandContext {
  logbook: { logid: string; wellid: string | null };
}
