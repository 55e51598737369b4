import { z } from 'zod';
import { Id, Instructions, IsoDate, Owner, RequiredTitle } from './common.js';

export const JournalLogbook = z.object({
  logid: Id,
  title: z.string(),
  description: z.string(),
  private: z.boolean(),
  salted: z.boolean(),
});

export const JournalSummary = z.object({
  jid: Id,
  title: z.string(),
  owner: Owner,
  /** Sent with every question in its logbooks, after the user's own (DESIGN 12); '' for none. */
  instructions: z.string(),
  created: IsoDate,
  modified: IsoDate,
});
export type JournalSummary = z.infer<typeof JournalSummary>;

export const Journal = JournalSummary.extend({ logbooks: z.array(JournalLogbook) });
export type Journal = z.infer<typeof Journal>;

/** Create and PUT: a title, and the instructions when they change (left as they are when absent). */
export const JournalWrite = z.object({ title: RequiredTitle, instructions: Instructions.optional() });
export type JournalWrite = z.infer<typeof JournalWrite>;

/** PATCH: only the fields given change. */
export const JournalPatch = JournalWrite.partial();
export type JournalPatch = z.infer<typeof JournalPatch>;
