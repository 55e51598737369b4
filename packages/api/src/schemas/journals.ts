import { z } from 'zod';
import { Id, IsoDate, Owner, RequiredTitle } from './common.js';

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
  created: IsoDate,
  modified: IsoDate,
});
export type JournalSummary = z.infer<typeof JournalSummary>;

export const Journal = JournalSummary.extend({ logbooks: z.array(JournalLogbook) });
export type Journal = z.infer<typeof Journal>;

export const JournalWrite = z.object({ title: RequiredTitle });
export type JournalWrite = z.infer<typeof JournalWrite>;
