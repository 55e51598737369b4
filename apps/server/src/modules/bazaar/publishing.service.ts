import type { ListingPreview, ListingPublish, Published, VersionPublish } from '@caravanserai/api';
import type { Tag } from '@caravanserai/logbook';
import type { z } from 'zod';
import type { Access } from '../../access/access.js';
import { now } from '../../db/columns.js';
import type { Executor, UserRow } from '../../db/database.js';
import type { Db } from '../../db/dialect.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { Conflict, fieldError, HttpError } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import type { WorkerPool } from '../../workers/worker-pool.js';
import { fileIdsOf, lockFilesOf } from '../files/file-refs.repository.js';
import type { FileRow } from '../files/files.repository.js';
import type { FilesService } from '../files/files.service.js';
import type { EntriesRepository } from '../logbooks/entries.repository.js';
import { toEntry } from '../logbooks/entry-codec.js';
import type { LogbooksRepository, LogbookWithOwner } from '../logbooks/logbooks.repository.js';
import { toPublished } from './bazaar.presenter.js';
import { chosenEntries } from './copy.js';
import type { CopyTask, MadeCopy } from './copy.task.js';
import type { GalleryRepository } from './gallery.repository.js';
import { type ListingAccess, refuseIfGone } from './listing-access.js';
import type { ListingsRepository, ListingWithNames } from './listings.repository.js';
import { newSlug } from './slug.js';

type PublishInput = z.output<typeof ListingPublish>;
type VersionInput = z.output<typeof VersionPublish>;

const UNCONFIRMED =
  'This copy contains what looks like an API key, e-mail address or phone number: look at the preview, then confirm to publish it anyway.';
const EMPTY = 'Nothing to publish: the chosen tags leave no entries on the active branch.';
/** Slugs drawn for one listing before giving up: a second meeting is beyond belief. */
const SLUG_ATTEMPTS = 3;
const SOURCE_GONE = 'The logbook this listing was published from is gone: publish a new listing instead.';
/** The longest a copy may take to make and read through on a worker thread, waiting for one included. */
const COPY_TIMEOUT_MS = 30_000;
const COPY_TOO_SLOW =
  'This copy could not be read through for what looks private in time: choose fewer tags to include, or leave long pasted data out of the logbook, then try again.';

/** What a version is made of besides its copy. */
interface Choices {
  summary: string;
  topics: string[];
  include: Tag[];
  licence: string;
}

/** Which version is written: of which listing (and its search row), by whom. */
interface VersionOf {
  listingId: string;
  seq: number;
  version: number;
  authorId: number;
}

/**
 * Publishing (DESIGN 10): the author's preview, a listing's first version and each next one, and
 * withdrawal. A version is a copy of the logbook's active path as it is at that moment; the
 * logbook itself is never changed.
 */
export class PublishingService {
  constructor(
    private readonly db: Db,
    private readonly access: Access,
    private readonly listingAccess: ListingAccess,
    private readonly listings: ListingsRepository,
    private readonly gallery: GalleryRepository,
    private readonly logbooks: LogbooksRepository,
    private readonly entries: EntriesRepository,
    private readonly files: FilesService,
    private readonly workers: WorkerPool,
  ) {}

  async preview(user: UserRow, input: PublishInput): Promise<ListingPreview> {
    const { logbook, copy, files } = await this.copyOf(user, input.logid, input.include, input);
    return {
      title: logbook.title,
      log: copy.log,
      entry_count: copy.entryCount,
      sha256: copy.sha256,
      files: files.map((file) => this.files.entryFile(file)),
      warnings: copy.warnings,
    };
  }

  async publish(user: UserRow, input: PublishInput): Promise<Published> {
    const { logbook, copy } = await this.copyOf(user, input.logid, input.include, input);
    if (input.caravan)
      await this.access.caravans.member(user, input.caravan).catch(() => {
        throw fieldError('caravan', 'Caravan not found.');
      });
    refuseUnready(copy, input.confirm);
    const at = now();
    const base = {
      listing_id: newId(),
      author_id: user.id,
      source_logid: logbook.logid,
      parent_listing_id: parentOf(logbook),
      caravan_id: input.caravan ?? null,
      title: logbook.title,
      summary: input.summary,
      topics: JSON.stringify(input.topics),
      licence: input.licence,
      include: JSON.stringify(input.include),
      latest_version: 1,
      published_at: at,
      updated_at: at,
    };
    // A slug is the title's words and six random characters: should two ever meet, draw again.
    for (let attempt = 1; ; attempt++) {
      const listing = { ...base, slug: newSlug(logbook.title) };
      try {
        await this.db.kysely.transaction().execute(async (trx) => {
          const seq = await this.listings.insert(listing, trx);
          await this.writeVersion(
            { listingId: listing.listing_id, seq, version: 1, authorId: user.id },
            copy,
            input.topics,
            at,
            trx,
          );
        });
        return toPublished(listing, 1);
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= SLUG_ATTEMPTS) throw error;
      }
    }
  }

  /** Version n+1, copied afresh from the listing's logbook with the newest version's choices unless given. */
  async publishVersion(user: UserRow, listingId: string, input: VersionInput): Promise<Published> {
    const listing = await this.listingAccess.authored(user, listingId);
    refuseIfGone(listing);
    if (listing.source_logid === null) throw Conflict(SOURCE_GONE);
    const choices: Choices = {
      summary: input.summary ?? listing.summary,
      topics: input.topics ?? (JSON.parse(listing.topics) as string[]),
      include: input.include ?? (JSON.parse(listing.include) as Tag[]),
      licence: input.licence ?? listing.licence,
    };
    const { logbook, copy } = await this.copyOf(user, listing.source_logid, choices.include, choices).catch(
      (error) => {
        if (error instanceof HttpError && error.statusCode === 404) throw Conflict(SOURCE_GONE);
        throw error;
      },
    );
    refuseUnready(copy, input.confirm);
    const version = listing.latest_version + 1;
    const at = now();
    try {
      await this.db.kysely.transaction().execute(async (trx) => {
        const shown = await this.listings.updateShown(
          listing.listing_id,
          {
            title: logbook.title,
            summary: choices.summary,
            topics: JSON.stringify(choices.topics),
            licence: choices.licence,
            include: JSON.stringify(choices.include),
            latest_version: version,
            updated_at: at,
          },
          trx,
        );
        // Withdrawn or hidden since it was read: the version is not added.
        if (!shown) refuseIfGone((await this.listings.findById(listing.listing_id, trx)) ?? listing);
        await this.writeVersion(
          { listingId: listing.listing_id, seq: listing.seq, version, authorId: user.id },
          copy,
          choices.topics,
          at,
          trx,
        );
      });
    } catch (error) {
      // Another publish of the same listing took this number first.
      if (isUniqueViolation(error))
        throw Conflict('Another version was published at the same moment: try again.');
      throw error;
    }
    return toPublished(listing, version);
  }

  /**
   * The author withdraws the listing: 410 from then on, and no search finds it; forks already made
   * stay their owners'. Its files go with it unless a logbook (the author's, a fork) or another
   * listing still names them.
   */
  async withdraw(user: UserRow, listingId: string): Promise<void> {
    const listing: ListingWithNames = await this.listingAccess.authored(user, listingId);
    if (listing.withdrawn_at !== null) refuseIfGone(listing);
    await this.db.kysely.transaction().execute(async (trx) => {
      await this.listings.update(listing.listing_id, { withdrawn_at: now() }, trx);
      await this.gallery.unindex(listing.seq, trx);
      await this.entries.fileRefs.removeUnreferenced(
        await this.listings.fileIds(listing.listing_id, trx),
        trx,
      );
    });
  }

  private async writeVersion(
    of: VersionOf,
    copy: MadeCopy,
    topics: readonly string[],
    at: number,
    trx: Executor,
  ): Promise<void> {
    const { listingId, seq, version } = of;
    await this.listings.putCopy(copy.sha256, copy.log, copy.entryCount, trx);
    await this.listings.addVersion(listingId, version, copy.sha256, at, trx);
    if (copy.files.length > 0) {
      // After any removal of the author's files under way, so the version never names a file gone.
      await lockFilesOf([of.authorId], trx);
      await this.listings.addVersionFiles(listingId, version, copy.files, trx);
    }
    await this.listings.setTopics(listingId, seq, topics, trx);
    await this.gallery.index(seq, copy.searchBody, trx);
  }

  /**
   * The copy of one of the user's own logbooks (404 for anyone else's private one, 403 for a public
   * one), carrying the files of the user's among those its entries name.
   */
  private async copyOf(
    user: UserRow,
    logid: string,
    include: readonly Tag[],
    describe: Pick<Choices, 'summary' | 'topics'>,
  ): Promise<{ logbook: LogbookWithOwner; copy: MadeCopy; files: FileRow[] }> {
    await this.access.writableLogbook(user, logid);
    const [logbook, rows] = await this.db.snapshot(
      async (trx) => [await this.logbooks.find(logid, trx), await this.entries.list(logid, trx)] as const,
    );
    if (!logbook) throw fieldError('logid', 'Logbook not found.');
    const chosen = chosenEntries(rows.map(toEntry), logbook.head, include);
    const own = new Map(
      (await this.files.known(fileIdsOf(chosen)))
        .filter((file) => file.user_id === user.id)
        .map((file) => [file.file_id, file]),
    );
    const task: CopyTask = {
      chosen,
      carried: [...own.keys()],
      describe: { title: logbook.title, summary: describe.summary, topics: [...describe.topics] },
    };
    const copy = await makeCopyInTime(this.workers, task);
    return { logbook, copy, files: copy.files.flatMap((id) => own.get(id) ?? []) };
  }
}

/**
 * Makes a version's copy on a worker thread (copy.task.ts). Past `timeoutMs` the thread is stopped
 * and the author told, so no copy holds one of the threads everyone shares for long.
 */
export async function makeCopyInTime(
  workers: WorkerPool,
  task: CopyTask,
  timeoutMs = COPY_TIMEOUT_MS,
): Promise<MadeCopy> {
  try {
    return await workers.run<MadeCopy>('bazaarCopy', task, undefined, { timeoutMs });
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw fieldError('include', COPY_TOO_SLOW);
    throw error;
  }
}

/** The listing a logbook forked from the Bazaar came from: a listing published from it names it. */
function parentOf(logbook: LogbookWithOwner): string | null {
  if (logbook.forked_from === null) return null;
  return (JSON.parse(logbook.forked_from) as { listing_id: string }).listing_id;
}

function refuseUnready(copy: MadeCopy, confirm: boolean | undefined): void {
  if (copy.entryCount === 0) throw fieldError('include', EMPTY);
  if (!confirm && copy.warnings.length > 0) throw fieldError('confirm', UNCONFIRMED);
}
