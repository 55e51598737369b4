import {
  type ForkedFrom,
  Logbook,
  type LogbookCreate,
  type LogbookOverview,
  type LogbookSummary,
  type LogbookTokens,
  type LogbookUpdate,
  type LogbookVersion,
  type Touched,
} from '@caravanserai/api';
import { addTokens, noTokens, serializeLog } from '@caravanserai/logbook';
import type { z } from 'zod';
import { type Access, refuseIfSalted } from '../../access/access.js';
import { int, iso, now } from '../../db/columns.js';
import type { UserRow } from '../../db/database.js';
import type { Db } from '../../db/dialect.js';
import { newId } from '../../lib/ids.js';
import type { FilesService } from '../files/files.service.js';
import type { EntriesRepository } from './entries.repository.js';
import type { EntriesService } from './entries.service.js';
import { decodeAttrs, toEntry } from './entry-codec.js';
import { placeEntries } from './entry-placement.js';
import { ForkSources } from './fork-sources.js';
import { ForkSourcesRepository } from './fork-sources.repository.js';
import type { LogCache } from './log-cache.js';
import type { LogReader, ReadLog } from './log-reader.js';
import { toLogbook, toLogbookOverview, toLogbookSummary } from './logbooks.presenter.js';
import type { LogbooksRepository, LogbookWithOwner } from './logbooks.repository.js';

/** The logbook's fields but its log, which joins them already encoded (see getJson). */
const LogbookFields = Logbook.omit({ log: true });

type CreateInput = z.output<typeof LogbookCreate>;
type UpdateInput = z.output<typeof LogbookUpdate>;

export const DEFAULT_TITLE = 'Default';

export class LogbooksService {
  private readonly forkSources: ForkSources;

  constructor(
    private readonly db: Db,
    private readonly logbooks: LogbooksRepository,
    private readonly entries: EntriesRepository,
    private readonly access: Access,
    private readonly writes: EntriesService,
    private readonly cache: LogCache,
    private readonly reader: LogReader,
    private readonly files: FilesService,
  ) {
    this.forkSources = new ForkSources(new ForkSourcesRepository(db.kysely));
  }

  async list(user: UserRow): Promise<LogbookSummary[]> {
    return (await this.logbooks.listByOwner(user.id)).map(toLogbookSummary);
  }

  /**
   * The logbook as the JSON text of its response. The hot read: the log's JSON encoding is cached
   * per version, so a read costs one small query and a string join.
   */
  async getJson(viewer: UserRow | null, logid: string): Promise<string> {
    const row = await this.access.readableLogbook(viewer, logid);
    const logJson = this.cache.json(logid, row.version);
    // Not cached yet: read it the ordinary way, which caches it for the next read.
    // Through the contract's schema like every other answer, so no field it does not name leaves.
    if (logJson === undefined) return JSON.stringify(Logbook.parse(await this.get(viewer, logid)));
    const files = await this.files.ofLogbook(logid);
    const rest = JSON.stringify(LogbookFields.parse(toLogbook(row, '', viewer?.id ?? null, files)));
    return `${rest.slice(0, -1)},"log":${logJson}}`;
  }

  async get(viewer: UserRow | null, logid: string): Promise<Logbook> {
    const row = await this.access.readableLogbook(viewer, logid);
    const cached = this.cache.get(logid, row.version);
    if (cached !== undefined)
      return toLogbook(row, cached, viewer?.id ?? null, await this.files.ofLogbook(logid));
    // Row and entries from one snapshot, so the log always matches the version it is sent with.
    const [fresh, entries, files] = await this.db.snapshot(
      async (trx) =>
        [
          await this.logbooks.find(logid, trx),
          await this.entries.list(logid, trx),
          await this.files.ofLogbook(logid, trx),
        ] as const,
    );
    if (!fresh) return this.get(viewer, logid);
    const log = serializeLog(entries.map(toEntry));
    this.cache.set(logid, fresh.version, log);
    return toLogbook(fresh, log, viewer?.id ?? null, files);
  }

  /** The logbook without its log: one small query whatever its length. */
  async overview(viewer: UserRow | null, logid: string): Promise<LogbookOverview> {
    return toLogbookOverview(await this.access.readableLogbook(viewer, logid), viewer?.id ?? null);
  }

  /** What the logbook's stored answers took, from the attributes of the entries that carry counts. */
  async tokens(viewer: UserRow | null, logid: string): Promise<LogbookTokens> {
    await this.access.readableLogbook(viewer, logid);
    const totals = noTokens();
    for (const attrs of await this.entries.attrsWithTokens(logid)) addTokens(totals, decodeAttrs(attrs));
    const { inputTokens, outputTokens, estimated, answers } = totals;
    return { input_tokens: inputTokens, output_tokens: outputTokens, estimated, answers };
  }

  async version(viewer: UserRow | null, logid: string): Promise<LogbookVersion> {
    const row = await this.access.readableLogbook(viewer, logid);
    return {
      logid,
      version: row.version,
      entry_count: row.entry_count,
      modified: iso(row.modified_at),
      title: row.title,
      head: row.head,
    };
  }

  /**
   * A new logbook of the user's; `fork` only for a fork of a Bazaar listing (DESIGN 10): where it
   * came from, and the files its version carries (its author's), which the fork names as its own.
   */
  async create(
    user: UserRow,
    input: CreateInput,
    fork?: { from: ForkedFrom; files: readonly string[] },
  ): Promise<Logbook> {
    await this.access.checkReferences(user, input);
    const read: ReadLog =
      input.log === undefined ? { entries: [], log: '' } : await this.reader.read(input.log);
    const placed = placeEntries(read.entries, { firstPosition: 0, field: 'log' });
    const at = now();
    const logid = newId();
    await this.writerFor(input.log)
      .transaction()
      .execute(async (trx) => {
        await this.logbooks.insert(
          {
            logid,
            owner_id: user.id,
            jid: input.journal ?? null,
            logwell: input.logwell ?? null,
            title: input.title?.trim() || DEFAULT_TITLE,
            description: input.description ?? '',
            private: int(input.private ?? true),
            salted: int(input.salted ?? false),
            forked: int(input.forked ?? false),
            // Unless the request says, the owner's choice for new logbooks (DESIGN 12).
            memory: input.memory === undefined ? user.memory_default : int(input.memory),
            version: 1,
            entry_count: placed.length,
            created_at: at,
            modified_at: at,
            head: placed.at(-1)?.eid ?? null,
            forked_from: fork ? JSON.stringify(fork.from) : null,
          },
          trx,
        );
        await this.entries.insert(logid, placed, at, trx, fork?.files);
      });
    if (input.log !== undefined) this.cache.set(logid, 1, read.log);
    return this.get(user, logid);
  }

  /**
   * PUT and PATCH: fields given are changed. A `log` replaces the entries, refused while salted
   * unless the same request unsalts, and refused when `version` (or If-Match) is stale.
   */
  async update(user: UserRow, logid: string, input: UpdateInput, ifMatch?: number): Promise<Logbook> {
    const row = await this.access.writableLogbook(user, logid);
    await this.access.checkReferences(user, input);
    const read = input.log === undefined ? undefined : await this.reader.read(input.log);
    const fields = {
      ...(input.title !== undefined && { title: input.title }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.journal !== undefined && { jid: input.journal }),
      ...(input.logwell !== undefined && { logwell: input.logwell }),
      ...(input.private !== undefined && { private: int(input.private) }),
      ...(input.memory !== undefined && { memory: int(input.memory) }),
      ...input.settings,
    };
    // The same request may unsalt first; otherwise a new log is refused like any entry change.
    if (read && input.salted !== false) refuseIfSalted(row);

    const version = await this.writerFor(input.log)
      .transaction()
      .execute(async (trx) => {
        if (input.salted === false) await this.logbooks.update(logid, { salted: 0 }, trx);
        const written =
          read && (await this.writes.replaceEntries(logid, read.entries, input.version ?? ifMatch, trx));
        // The spec's two-step fork writing the copied log: the source's head, as a one-step fork keeps.
        if (read && row.forked && row.entry_count === 0) {
          const head = await this.forkSources.headOf(user.id, input.title ?? row.title, read.entries, trx);
          if (head !== undefined) await this.logbooks.update(logid, { head }, trx);
        }
        const patch = { ...fields, ...(input.salted === true && { salted: 1 }) };
        if (Object.keys(patch).length > 0 || !read) {
          await this.logbooks.update(logid, { ...patch, modified_at: now() }, trx);
        }
        return written;
      });
    if (read && version) this.cache.set(logid, version, read.log);
    return this.get(user, logid);
  }

  async writeLog(user: UserRow, logid: string, log: string, version?: number): Promise<Logbook> {
    await this.access.unsaltedLogbook(user, logid);
    const read = await this.reader.read(log);
    const written = await this.db.bulk
      .transaction()
      .execute((trx) => this.writes.replaceEntries(logid, read.entries, version, trx));
    // The log as stored is already serialised: the answer (and the next reads) need not rebuild it.
    this.cache.set(logid, written, read.log);
    return this.get(user, logid);
  }

  /** Writes that carry a whole log (of any size the body limit allows) are bulk writes (Db.bulk). */
  private writerFor(log: string | undefined) {
    return log === undefined ? this.db.kysely : this.db.bulk;
  }

  async remove(user: UserRow, logid: string): Promise<void> {
    await this.access.writableLogbook(user, logid);
    // Its entries go with it, however many: a bulk write. So do the files nothing else names.
    await this.db.bulk.transaction().execute(async (trx) => {
      const named = await this.entries.fileRefs.of(logid, trx);
      await this.logbooks.delete(logid, trx);
      await this.entries.fileRefs.removeUnreferenced(named, trx);
    });
    this.cache.delete(logid);
  }

  async touch(user: UserRow, logid: string): Promise<Touched> {
    await this.access.writableLogbook(user, logid);
    const at = now();
    await this.logbooks.update(logid, { modified_at: at });
    return { logid, modified: iso(at) };
  }

  /** Copies a salted logbook into a private, unsalted, forked one owned by the caller, in one step. */
  async fork(user: UserRow, logid: string): Promise<Logbook> {
    const source = await this.access.forkableLogbook(user, logid);
    const keepWell = await this.access.mayUseWell(user, source.logwell);
    const forkId = newId();
    const at = now();
    await this.db.bulk.transaction().execute(async (trx) => {
      const current = (await this.logbooks.find(logid, trx)) ?? source;
      await this.logbooks.insert(forkRow(current, forkId, user, keepWell, at), trx);
      await this.entries.copy(logid, forkId, at, trx);
    });
    return this.get(user, forkId);
  }
}

function forkRow(source: LogbookWithOwner, logid: string, owner: UserRow, keepWell: boolean, at: number) {
  return {
    logid,
    owner_id: owner.id,
    jid: null,
    logwell: keepWell ? source.logwell : null,
    title: source.title,
    description: source.description,
    private: 1,
    salted: 0,
    forked: 1,
    // The fork is the forker's new logbook: it starts as their new logbooks do.
    memory: owner.memory_default,
    version: 1,
    entry_count: source.entry_count,
    created_at: at,
    modified_at: at,
    head: source.head,
  };
}
