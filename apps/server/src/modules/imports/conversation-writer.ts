import type { ImportFormat } from '@caravanserai/api';
import { type Entry, filesOf } from '@caravanserai/logbook';
import { refuseIfSalted } from '../../access/access.js';
import { int, now } from '../../db/columns.js';
import type { Executor, UserRow } from '../../db/database.js';
import type { Db } from '../../db/dialect.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { HttpError } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import type { EntriesRepository } from '../logbooks/entries.repository.js';
import type { EntriesService } from '../logbooks/entries.service.js';
import { placeEntries } from '../logbooks/entry-placement.js';
import type { LogbooksRepository } from '../logbooks/logbooks.repository.js';
import {
  entriesProblem,
  importedDescription,
  importedTitle,
  isOwnFormat,
  sourceIdProblem,
  writeRuns,
} from './conversation-check.js';
import type { SourceConversation, SourceFile } from './formats/conversation.js';
import type { ImportTarget, ImportTargetsRepository, Mark } from './import-targets.repository.js';
import { newBranches, newTurns } from './new-turns.js';

/** Where an import's files are stored: the file's id, or null when it is not taken. */
export interface FileStore {
  storeImported(user: UserRow, file: SourceFile): Promise<string | null>;
}

export type Outcome =
  | { kind: 'imported'; logid: string; title: string }
  | { kind: 'updated' }
  | { kind: 'duplicate' }
  | { kind: 'skipped'; reason: string };

/** Where a new logbook is filed: the journal chosen for the conversation, or none. */
export type JournalFor = (conversation: SourceConversation) => Promise<string | null>;

/**
 * The import job writing and the conversation's place in its file: each logbook it creates or
 * grows is marked with them, in the same transaction. `earlier` finds the mark an earlier run of
 * the job left for this conversation (it was taken over after writing it); asked only when the
 * conversation's logbook exists already.
 */
export interface JobItem {
  id: string;
  item: number;
  earlier?: (() => Promise<Mark | undefined>) | undefined;
}

/** What every conversation of one file shares: where it goes and the file's format. */
export interface WriteTarget {
  journalFor: JournalFor;
  format: ImportFormat;
  job?: JobItem | undefined;
}

/**
 * The journal the import files into was deleted meanwhile: no later conversation can be filed
 * there either, so the job ends here (what it imported before stays).
 */
export class JournalGone extends Error {
  constructor() {
    super('The journal was deleted during the import.');
  }
}

const UNTITLED = 'Imported conversation';

/** A time the conversation gives, stored as epoch ms; a time after the import is taken as the import's. */
function timeOf(iso: string | undefined, at: number): number | undefined {
  const ms = iso === undefined ? Number.NaN : Date.parse(iso);
  return Number.isFinite(ms) ? Math.min(ms, at) : undefined;
}

/**
 * When the logbook was created and last modified: the conversation's own times, or the import's
 * where it gives none; never modified before it was created.
 */
function datesOf(conversation: SourceConversation, at: number): { created: number; modified: number } {
  const modified = timeOf(conversation.modified_at, at);
  const created = timeOf(conversation.created_at, at) ?? modified ?? at;
  return { created, modified: Math.max(created, modified ?? created) };
}

/** Our own backup names each logbook `caravanserai:<logid>`. */
const OWN_BACKUP = 'caravanserai:';

/**
 * Turns one conversation into a logbook through the same writes the API uses: a new logbook is
 * inserted with its entries in short transactions (one per log write's worth of text), and a
 * logbook an earlier import made gets only the turns it lacks, appended like any other append.
 * A logbook left part-written (the server stopped) is completed by importing the file again.
 */
export class ConversationWriter {
  constructor(
    private readonly db: Db,
    private readonly logbooks: LogbooksRepository,
    private readonly entries: EntriesRepository,
    private readonly writes: EntriesService,
    private readonly targets: ImportTargetsRepository,
    private readonly files: FileStore,
  ) {}

  async write(user: UserRow, conversation: SourceConversation, target: WriteTarget): Promise<Outcome> {
    const problem = sourceIdProblem(conversation.source_id) ?? entriesProblem(conversation.entries);
    if (problem) return { kind: 'skipped', reason: problem };
    const existing = await this.existing(user, conversation.source_id);
    if (existing) return this.again(user, existing, conversation, target);
    const jid = await target.journalFor(conversation);
    try {
      return await this.create(user, conversation, jid, target);
    } catch (error) {
      if (jid !== null && !(await this.targets.journalExists(jid))) throw new JournalGone();
      // The same conversation twice in one file: the second is the first's re-import.
      if (!isUniqueViolation(error)) throw error;
      const made = await this.existing(user, conversation.source_id);
      if (!made) throw error;
      return this.again(user, made, conversation, target);
    }
  }

  /**
   * A conversation whose logbook exists: grown by what it lacks. When this job's earlier run wrote
   * that logbook for this very conversation (and was then taken over), it is counted as that run
   * counted it, so the job ends as an uninterrupted run would.
   */
  private async again(
    user: UserRow,
    existing: ImportTarget,
    conversation: SourceConversation,
    target: WriteTarget,
  ): Promise<Outcome> {
    const earlier = await target.job?.earlier?.();
    const outcome = await this.grow(user, existing, conversation, target.job);
    if (earlier === undefined || earlier.logid !== existing.logid) return outcome;
    if (earlier.kind === 'updated') return { kind: 'updated' };
    const title = importedTitle(conversation.title, UNTITLED, isOwnFormat(target.format));
    return { kind: 'imported', logid: existing.logid, title };
  }

  private async existing(user: UserRow, sourceId: string): Promise<ImportTarget | undefined> {
    const found = await this.targets.bySource(user.id, sourceId);
    if (found || !sourceId.startsWith(OWN_BACKUP)) return found;
    return this.targets.ownLogbook(user.id, sourceId.slice(OWN_BACKUP.length));
  }

  /**
   * A new logbook: the row and the first run of entries in one transaction, then each further run
   * (a large conversation's) in one of its own, claiming its positions as an append does.
   */
  private async create(
    user: UserRow,
    conversation: SourceConversation,
    jid: string | null,
    target: WriteTarget,
  ): Promise<Outcome> {
    const own = isOwnFormat(target.format);
    const job = target.job;
    const logid = newId();
    const at = now();
    const { created, modified } = datesOf(conversation, at);
    const title = importedTitle(conversation.title, UNTITLED, own);
    const flags = conversation.logbook ?? {};
    const entries = await this.withFiles(user, conversation.entries, conversation.files);
    const [firstRun = [], ...rest] = writeRuns(entries);
    const first = placeEntries(firstRun, { firstPosition: 0 });
    // Where the conversation was left, when the source says and it names one of its entries.
    const left = conversation.entries.some((e) => e.attrs.eid === conversation.head)
      ? conversation.head
      : undefined;
    await this.db.kysely.transaction().execute(async (trx) => {
      await this.logbooks.insert(
        {
          logid,
          owner_id: user.id,
          jid,
          logwell: null,
          title,
          description: importedDescription(flags.description, own),
          private: int(flags.private ?? true),
          salted: int(flags.salted ?? false),
          forked: int(flags.forked ?? false),
          // Imported chats were conversations: follow-ups are understood unless a backup said otherwise.
          memory: int(flags.memory ?? true),
          ...flags.settings,
          version: 1,
          entry_count: first.length,
          created_at: created,
          modified_at: modified,
          source_id: conversation.source_id,
          // Where the export was left once that entry is written; till then the last one written.
          head: (first.some((p) => p.eid === left) ? left : undefined) ?? first.at(-1)?.eid ?? null,
        },
        trx,
      );
      await this.entries.insert(logid, first, at, trx);
      if (job) await this.targets.mark(job.id, job.item, { logid, kind: 'imported' }, trx);
    });
    const written = new Set(first.map((p) => p.eid));
    for (const run of rest) {
      const stored = await this.db.kysely.transaction().execute(async (trx) => {
        // Salted or not: the logbook takes the flag it came with before anyone else may write.
        const positions = { at: modified, ignoreSalt: true };
        const claimed = await this.logbooks.reservePositions(logid, run.length, positions, trx);
        if (!claimed) return false;
        const placed = await this.writes.placeAfter(logid, run, claimed.entry_count - run.length, null, trx);
        await this.entries.insert(logid, placed, now(), trx);
        for (const p of placed) written.add(p.eid);
        const head = left !== undefined && written.has(left) ? left : placed.at(-1)!.eid;
        await this.logbooks.update(logid, { head }, trx);
        return true;
      });
      if (!stored) return { kind: 'skipped', reason: 'Its logbook was deleted while it was imported.' };
    }
    return { kind: 'imported', logid, title };
  }

  /**
   * The entries naming the stored files instead of the export's: each file the entries name is
   * stored for the user (once, however many entries name it); one that is not taken is no longer
   * named, and a name the export carries no file for stays as it is.
   */
  private async withFiles(
    user: UserRow,
    entries: Entry[],
    files: readonly SourceFile[] = [],
  ): Promise<Entry[]> {
    if (files.length === 0) return entries;
    const byRef = new Map(files.map((file) => [file.ref, file]));
    const stored = new Map<string, string | null>();
    const out: Entry[] = [];
    for (const entry of entries) {
      const named = filesOf(entry);
      if (named.length === 0 || !named.some((ref) => byRef.has(ref))) {
        out.push(entry);
        continue;
      }
      const ids: string[] = [];
      for (const ref of named) {
        const file = byRef.get(ref);
        if (file === undefined) {
          ids.push(ref);
          continue;
        }
        if (!stored.has(ref)) stored.set(ref, await this.files.storeImported(user, file));
        const id = stored.get(ref);
        if (id) ids.push(id);
      }
      const { files: _, ...attrs } = entry.attrs;
      out.push({ ...entry, attrs: ids.length > 0 ? { ...attrs, files: ids.join(' ') } : attrs });
    }
    return out;
  }

  private async grow(
    user: UserRow,
    target: ImportTarget,
    conversation: SourceConversation,
    job: JobItem | undefined,
  ): Promise<Outcome> {
    const tree = conversation.entries.some((e) => e.attrs.eid !== undefined);
    const stored = await this.targets.storedTurns(target.logid);
    const found = tree ? newBranches(conversation.entries, stored) : newTurns(conversation.entries, stored);
    if (found.length === 0) return { kind: 'duplicate' };
    const turns = await this.withFiles(user, found, conversation.files);
    // Modified when the conversation last changed, if it says, as a new import is; never before
    // the logbook's own last change.
    const changed = timeOf(conversation.modified_at, now());
    const dated = async (trx: Executor) => {
      if (changed !== undefined)
        await this.logbooks.update(target.logid, { modified_at: Math.max(changed, target.modified_at) }, trx);
      if (job) await this.targets.mark(job.id, job.item, { logid: target.logid, kind: 'updated' }, trx);
    };
    try {
      refuseIfSalted(target);
      for (const run of writeRuns(turns)) await this.writes.append(target.logid, run, { alongside: dated });
      // Where the export was left, when that entry is the logbook's now.
      const head = conversation.head;
      if (head !== undefined && (await this.entries.anchors(target.logid, [head])).has(head)) {
        await this.logbooks.moveHead(target.logid, async () => head);
      }
    } catch (error) {
      // Salted (before or meanwhile), deleted, or a character the append refuses: that conversation only.
      if (error instanceof HttpError && error.statusCode < 500)
        return { kind: 'skipped', reason: error.message };
      throw error;
    }
    return { kind: 'updated' };
  }
}
