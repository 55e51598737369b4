/** Descriptive fields that travel with an exported Logbook. */
export interface LogbookMeta {
  title?: string;
  description?: string;
  owner?: string;
}
