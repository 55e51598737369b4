import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/** SQL of a backup: everything one user owns, read a logbook at a time. */
export class BackupRepository {
  constructor(private readonly db: Kysely<Database>) {}

  journals(ownerId: number) {
    return this.db
      .selectFrom('journals')
      .select(['jid', 'title', 'instructions'])
      .where('owner_id', '=', ownerId)
      .orderBy('created_at')
      .orderBy('jid')
      .execute();
  }

  /** The logbooks' fields the manifest keeps, without their entries. */
  logbooks(ownerId: number) {
    return this.db
      .selectFrom('logbooks')
      .select(['logid', 'jid', 'title', 'description', 'private', 'salted', 'forked', 'memory', 'head'])
      .select(['temperature', 'max_output_tokens', 'reasoning_effort'])
      .where('owner_id', '=', ownerId)
      .orderBy('created_at')
      .orderBy('logid')
      .execute();
  }

  /** The files the owner's logbooks name, each once. */
  files(ownerId: number) {
    return this.db
      .selectFrom('files')
      .select(['file_id', 'user_id', 'name', 'media_type', 'size', 'sha256'])
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('file_refs')
            .innerJoin('logbooks', 'logbooks.logid', 'file_refs.logid')
            .select('file_refs.file_id')
            .whereRef('file_refs.file_id', '=', 'files.file_id')
            .where('logbooks.owner_id', '=', ownerId),
        ),
      )
      .orderBy('created_at')
      .orderBy('file_id')
      .execute();
  }
}
