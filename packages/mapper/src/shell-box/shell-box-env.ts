import type { CommandEnv } from '../command-env.js';

/** The shell box lives on one logbook's page and acts on that logbook only. */
export interface ShellBoxEnv extends CommandEnv {
  logbook: { logid: string; wellid: string | null };
}
