import type { Generated } from 'kysely';

// The tables of uploaded files (DESIGN 3a), in the shape `Database` (database.ts) holds them.

/** A file's bytes, once per user and content (DESIGN 3a). */
export interface FileBlobsTable {
  user_id: number;
  sha256: string;
  size: number;
  bytes: Uint8Array;
}

/** One uploaded file: its name and kind as read from its bytes. */
export interface FilesTable {
  file_id: string;
  user_id: number;
  sha256: string;
  name: string;
  media_type: string;
  kind: 'image' | 'pdf' | 'text';
  size: number;
  /** 1 once an entry has named it. */
  named: Generated<number>;
  created_at: number;
}

/** Which logbooks' entries name which files. */
export interface FileRefsTable {
  logid: string;
  file_id: string;
}
