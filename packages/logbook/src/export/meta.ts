/** Descriptive fields that travel with an exported Logbook. */
export interface LogbookMeta {
  title?: string;
  description?: string;
  owner?: string;
  /** The eid of the active leaf (DESIGN 3a); null or left out: the last entry. */
  head?: string | null;
  /** The files the entries name (their `files` attribute), each with where it is read from. */
  files?: readonly ExportedFile[];
}

/** A file as an export names it: a link to its bytes (DESIGN 3a). */
export interface ExportedFile {
  file_id: string;
  name: string;
  media_type: string;
  size: number;
  url: string;
}
