import type { EntryFile, FileUploaded } from '@caravanserai/api';
import type { Access } from '../../access/access.js';
import { now } from '../../db/columns.js';
import type { Executor, UserRow } from '../../db/database.js';
import type { Db } from '../../db/dialect.js';
import { fieldError, HttpError, NotFound } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import type { WorkerPool } from '../../workers/worker-pool.js';
import { ALLOWED_FILES, type ReadKind } from './file-kind.js';
import { lockFilesOf, removeFiles } from './file-refs.repository.js';
import type { FileRow, FilesRepository } from './files.repository.js';
import { withoutLocation } from './image-metadata.js';
import { UploadSlots } from './upload-slots.js';

export interface FileLimits {
  /** The largest file taken (FILE_MAX_MB). */
  maxBytes: number;
  /** What one user's files may take together (USER_FILES_MAX_MB). */
  userMaxBytes: number;
  /** The API's path prefix, for the files' URLs. */
  apiPrefix: string;
}

/** Uploads one user may have under way at once in one process (see UploadSlots). */
export const UPLOADS_AT_ONCE = 6;

/** An upload nobody's entry named after this long is removed at its uploader's next upload. */
export const UNNAMED_FILE_MS = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;

/**
 * Files a query carries (DESIGN 3a): uploaded by a logbook's owner, read from their bytes, stored
 * once per user and content, read back by whoever may read a logbook that names them or see a
 * Bazaar listing that carries them.
 */
export class FilesService {
  /** Each user's uploads under way in this process. */
  readonly uploads = new UploadSlots(UPLOADS_AT_ONCE);

  constructor(
    private readonly db: Db,
    private readonly files: FilesRepository,
    private readonly access: Access,
    private readonly workers: WorkerPool,
    readonly limits: FileLimits,
  ) {}

  /**
   * Runs one upload of the user's, counted among their others: past UPLOADS_AT_ONCE under way, a
   * 429 at once, before anything (its body included) is read.
   */
  async oneOfTheirUploads<T>(user: UserRow, upload: () => Promise<T>): Promise<T> {
    const release = this.uploads.take(user.id);
    if (release === null) {
      throw new HttpError(
        429,
        'throttled',
        'Too many uploads at once: wait for one to finish, then send the next.',
      );
    }
    try {
      return await upload();
    } finally {
      release();
    }
  }

  /** Refused before the upload is read: the logbook must be the user's and still writable. */
  async checkUpload(user: UserRow, logid: string): Promise<void> {
    await this.access.unsaltedLogbook(user, logid);
  }

  async upload(user: UserRow, logid: string, given: Uint8Array, filename: string): Promise<FileUploaded> {
    await this.checkUpload(user, logid);
    return this.store(user, given, filename);
  }

  /**
   * A file an import brings (DESIGN 3a), taken as an upload would be: its id, or null when an
   * upload of it would be refused (its kind, its size, the user's room) or it cannot be read.
   */
  async storeImported(
    user: UserRow,
    file: { name: string; read(maxBytes: number): Promise<Uint8Array> },
  ): Promise<string | null> {
    let bytes: Uint8Array;
    try {
      bytes = await file.read(this.limits.maxBytes);
    } catch {
      return null;
    }
    try {
      return (await this.store(user, bytes, file.name)).file_id;
    } catch (error) {
      if (error instanceof HttpError) return null;
      throw error;
    }
  }

  /** Stores the bytes as the user's file, once they are what may be stored. */
  private async store(user: UserRow, given: Uint8Array, filename: string): Promise<FileUploaded> {
    const name = cleanName(filename);
    if (given.byteLength === 0) throw fieldError('file', 'The submitted file is empty.');
    // A file whose kind cannot be read in time is no kind that is taken.
    const read = await this.workers
      .run<ReadKind | null>('fileKind', { bytes: given, name }, undefined, { timeoutMs: 30_000 })
      .catch(() => null);
    if (read === null) throw new HttpError(415, 'unsupported_media_type', ALLOWED_FILES);
    let bytes = given;
    if (read.kind === 'image') {
      const stripped = await withoutLocation(given, read.mediaType);
      if (stripped === null) throw fieldError('file', 'The image could not be read.');
      bytes = stripped;
    }
    const sha256 = await this.workers.run<string>('sha256', { bytes });
    const at = now();
    const row = {
      file_id: newId(),
      user_id: user.id,
      sha256,
      name,
      media_type: read.mediaType,
      kind: read.kind,
      size: bytes.byteLength,
      created_at: at,
    };
    // A bulk write: 20 MB written on the request thread would hold everyone else meanwhile.
    await this.db.bulk.transaction().execute(async (trx) => {
      await lockFilesOf([user.id], trx);
      if (!(await this.files.hasBlob(user.id, sha256, trx))) {
        const used = await this.files.usedBytes(user.id, trx);
        if (used + bytes.byteLength > this.limits.userMaxBytes) throw this.quotaReached();
        await this.files.storeBlob(user.id, sha256, bytes, trx);
      }
      await this.files.insert(row, trx);
      await removeFiles(await this.files.unnamedBefore(user.id, at - UNNAMED_FILE_MS, trx), trx);
    });
    return {
      file_id: row.file_id,
      name,
      media_type: row.media_type,
      size: row.size,
      sha256,
      kind: row.kind,
    };
  }

  private quotaReached(): HttpError {
    return new HttpError(
      413,
      'too_large',
      `Your files would take more than your ${Math.floor(this.limits.userMaxBytes / MB)} MB: remove logbooks or entries that carry files you no longer need.`,
    );
  }

  /** The file, for its uploader or whoever may read a logbook that names it; else 404. */
  async readable(viewer: UserRow | null, fileId: string): Promise<FileRow> {
    const file = await this.files.find(fileId);
    if (file === undefined || !(await this.mayRead(viewer, file))) throw NotFound('File not found.');
    return file;
  }

  /**
   * Its uploader, or whoever may read a logbook that names it: the rule of Access.readableLogbook
   * (a public logbook is anyone's to read, a private one its owner's), asked of all of them at once;
   * or whoever may see a listing whose version carries it, by the rule of ListingAccess.shown
   * (DESIGN 10: a withdrawn or hidden listing shows its files to nobody).
   */
  private async mayRead(viewer: UserRow | null, file: FileRow): Promise<boolean> {
    if (viewer !== null && viewer.id === file.user_id) return true;
    return this.files.readableVia(file.file_id, viewer?.id ?? null);
  }

  /** The files a logbook's entries name, as the API shows them. */
  async ofLogbook(logid: string, db?: Executor): Promise<EntryFile[]> {
    return (await this.files.ofLogbook(logid, db)).map((file) => this.entryFile(file));
  }

  /** Of these files, those the logbook names, as the API shows them, by id. */
  async namedBy(logid: string, fileIds: readonly string[], db?: Executor): Promise<Map<string, EntryFile[]>> {
    const named = await this.files.namedBy(logid, fileIds, db);
    return new Map(named.map((file) => [file.file_id, [this.entryFile(file)]]));
  }

  /** The files a listing's version carries, as the API shows them. */
  async ofListingVersion(listingId: string, version: number): Promise<EntryFile[]> {
    return (await this.files.ofListingVersion(listingId, version)).map((file) => this.entryFile(file));
  }

  entryFile(file: FileRow): EntryFile {
    return {
      file_id: file.file_id,
      name: file.name,
      media_type: file.media_type,
      size: file.size,
      url: `${this.limits.apiPrefix}/files/${file.file_id}/`,
    };
  }

  /**
   * The files a new query may carry: each uploaded by the user (a 400 naming the first that is
   * not), in the order given.
   */
  async forQuery(user: UserRow, fileIds: readonly string[]): Promise<FileRow[]> {
    const found = new Map((await this.files.byIds(fileIds)).map((file) => [file.file_id, file]));
    return fileIds.map((id) => {
      const file = found.get(id);
      if (file === undefined || file.user_id !== user.id)
        throw fieldError('files', `No file of yours has the id "${id}": upload it to this logbook first.`);
      return file;
    });
  }

  /** Those of these files that exist. */
  known(fileIds: readonly string[]): Promise<FileRow[]> {
    return this.files.byIds(fileIds);
  }

  /** Of these files, those the logbook names (to send its model), by id. */
  async namedIn(logid: string, fileIds: readonly string[]): Promise<Map<string, FileRow>> {
    return new Map((await this.files.namedBy(logid, fileIds)).map((file) => [file.file_id, file]));
  }

  /** A file's bytes; undefined when they are gone. */
  bytesOf(file: FileRow): Promise<Uint8Array | undefined> {
    return this.files.bytes(file.user_id, file.sha256);
  }
}

/** A file name as sent, made safe to keep and show: its last path part, no control characters. */
export function cleanName(filename: string): string {
  const last = filename.split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = last.replace(/[\u0000-\u001F\u007F"]/g, '').trim();
  return [...clean].slice(0, 200).join('') || 'file';
}
