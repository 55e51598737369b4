import type { Kysely, Selectable } from 'kysely';
import type { Database, Executor, FilesTable } from '../../db/database.js';

export type FileRow = Selectable<FilesTable>;

/** SQL of uploaded files and their bytes. Every method takes the executor (or a transaction) last. */
export class FilesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores the bytes unless the user already has the same ones. */
  async storeBlob(userId: number, sha256: string, bytes: Uint8Array, db: Executor = this.db) {
    await db
      .insertInto('file_blobs')
      // A Buffer, as both drivers bind bytes (a view of the same memory, not a copy).
      .values({ user_id: userId, sha256, size: bytes.byteLength, bytes: asBuffer(bytes) })
      .onConflict((c) => c.columns(['user_id', 'sha256']).doNothing())
      .execute();
  }

  async insert(row: Omit<FileRow, 'named'>, db: Executor = this.db): Promise<void> {
    await db.insertInto('files').values(row).execute();
  }

  find(fileId: string, db: Executor = this.db): Promise<FileRow | undefined> {
    return db.selectFrom('files').selectAll().where('file_id', '=', fileId).executeTakeFirst();
  }

  byIds(fileIds: readonly string[], db: Executor = this.db): Promise<FileRow[]> {
    if (fileIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('files').selectAll().where('file_id', 'in', fileIds).execute();
  }

  async bytes(userId: number, sha256: string, db: Executor = this.db): Promise<Uint8Array | undefined> {
    const row = await db
      .selectFrom('file_blobs')
      .select('bytes')
      .where('user_id', '=', userId)
      .where('sha256', '=', sha256)
      .executeTakeFirst();
    return row?.bytes;
  }

  /** Whether the user already keeps these bytes (an upload of them costs nothing more). */
  async hasBlob(userId: number, sha256: string, db: Executor = this.db): Promise<boolean> {
    const row = await db
      .selectFrom('file_blobs')
      .select('size')
      .where('user_id', '=', userId)
      .where('sha256', '=', sha256)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The bytes the user's files take, each content counted once. */
  async usedBytes(userId: number, db: Executor = this.db): Promise<number> {
    const row = await db
      .selectFrom('file_blobs')
      .select((eb) => eb.fn.sum<string | number | null>('size').as('used'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.used ?? 0);
  }

  /** The files a logbook's entries name. */
  ofLogbook(logid: string, db: Executor = this.db): Promise<FileRow[]> {
    return db
      .selectFrom('file_refs')
      .innerJoin('files', 'files.file_id', 'file_refs.file_id')
      .selectAll('files')
      .where('file_refs.logid', '=', logid)
      .orderBy('files.created_at')
      .orderBy('files.file_id')
      .execute();
  }

  /** Of these files, those this logbook names. */
  async namedBy(logid: string, fileIds: readonly string[], db: Executor = this.db): Promise<FileRow[]> {
    if (fileIds.length === 0) return [];
    return db
      .selectFrom('file_refs')
      .innerJoin('files', 'files.file_id', 'file_refs.file_id')
      .selectAll('files')
      .where('file_refs.logid', '=', logid)
      .where('files.file_id', 'in', fileIds)
      .execute();
  }

  /**
   * Whether the viewer may read the file through what names it: a logbook they may read (a public
   * one, or their own), or a version of a listing they may see now (ListingAccess.shown: neither
   * withdrawn nor hidden, and everyone's or a caravan's of theirs, or their own).
   */
  async readableVia(fileId: string, viewerId: number | null, db: Executor = this.db): Promise<boolean> {
    const viaLogbook = await db
      .selectFrom('file_refs')
      .innerJoin('logbooks', 'logbooks.logid', 'file_refs.logid')
      .select('file_refs.logid')
      .where('file_refs.file_id', '=', fileId)
      .where((eb) =>
        viewerId === null
          ? eb('logbooks.private', '=', 0)
          : eb.or([eb('logbooks.private', '=', 0), eb('logbooks.owner_id', '=', viewerId)]),
      )
      .limit(1)
      .executeTakeFirst();
    if (viaLogbook !== undefined) return true;
    const viaListing = await db
      .selectFrom('bazaar_version_files as vf')
      .innerJoin('bazaar_listings as l', 'l.listing_id', 'vf.listing_id')
      .select('vf.listing_id')
      .where('vf.file_id', '=', fileId)
      .where('l.withdrawn_at', 'is', null)
      .where('l.hidden_at', 'is', null)
      .where((eb) =>
        viewerId === null
          ? eb('l.caravan_id', 'is', null)
          : eb.or([
              eb('l.caravan_id', 'is', null),
              eb('l.author_id', '=', viewerId),
              eb.exists(
                eb
                  .selectFrom('caravan_members as m')
                  .select('m.user_id')
                  .whereRef('m.caravan_id', '=', 'l.caravan_id')
                  .where('m.user_id', '=', viewerId),
              ),
            ]),
      )
      .limit(1)
      .executeTakeFirst();
    return viaListing !== undefined;
  }

  /** The files a listing's version carries. */
  ofListingVersion(listingId: string, version: number, db: Executor = this.db): Promise<FileRow[]> {
    return db
      .selectFrom('bazaar_version_files as vf')
      .innerJoin('files', 'files.file_id', 'vf.file_id')
      .selectAll('files')
      .where('vf.listing_id', '=', listingId)
      .where('vf.version', '=', version)
      .orderBy('files.created_at')
      .orderBy('files.file_id')
      .execute();
  }

  /** The user's uploads that no entry ever named, made before `before`. */
  unnamedBefore(userId: number, before: number, db: Executor = this.db) {
    return db
      .selectFrom('files')
      .select(['file_id', 'user_id', 'sha256'])
      .where('user_id', '=', userId)
      .where('named', '=', 0)
      .where('created_at', '<', before)
      .execute();
  }

  /** Every file the user uploaded, with its bytes' id (for a backup). */
  ofUser(userId: number, db: Executor = this.db): Promise<FileRow[]> {
    return db.selectFrom('files').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  }
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
