/** Descriptive fields that travel with an exported Logbook. */
export interface LogbookMeta {
  title?: string;
  description?: string;
  owner?: string;
  /** The eid of the active leaf (DESIGN 3a); null or left out: the last entry. */
  head?: string | null;
}
