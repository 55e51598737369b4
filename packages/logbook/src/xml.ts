import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { type Entry, validateEntry } from './entry';
import { InvalidEntryError, InvalidLogError } from './errors';
import { escapeAttr, escapeXml } from './escape';
import { toLogbookDocument } from './xml-source';
import { ATTR_PREFIX, CDATA, entriesFromTree, TEXT } from './xml-tree';

/** Written on every save. Readers accept any version; upgrades from older ones would go here. */
export const LOG_VERSION = 1;

const HEADER = `<?xml version="1.0" encoding="UTF-8"?>\n<logbook version="${LOG_VERSION}">\n`;
const FOOTER = '</logbook>\n';

/** One element, unindented. Throws InvalidEntryError if XML cannot hold the entry. */
export function serializeEntry(e: Entry): string {
  const problem = validateEntry(e);
  if (problem !== null) throw new InvalidEntryError(problem);
  let attrs = '';
  for (const [name, value] of Object.entries(e.attrs)) attrs += ` ${name}="${escapeAttr(value)}"`;
  return `<${e.tag}${attrs}>${escapeXml(e.content)}</${e.tag}>`;
}

export function serializeLog(entries: readonly Entry[]): string {
  const parts: string[] = [HEADER];
  for (const entry of entries) parts.push('  ', serializeEntry(entry), '\n');
  parts.push(FOOTER);
  return parts.join('');
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: ATTR_PREFIX,
  textNodeName: TEXT,
  cdataPropName: CDATA,
  // Content must come back exactly as written: no trimming, no number conversion.
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  // The parser decodes only the five named entities, not numeric references, so all decoding
  // is done in one place afterwards (see unescape.ts).
  processEntities: false,
  htmlEntities: false,
});

/**
 * Reads a stored log: a <logbook> document, a bare run of entries, or nothing at all.
 * Throws InvalidLogError for anything else.
 */
export function parseLog(xml: string): Entry[] {
  const document = toLogbookDocument(xml);
  if (document === null) return [];

  const verdict = XMLValidator.validate(document);
  if (verdict !== true) {
    const { msg, line, col } = verdict.err;
    throw new InvalidLogError(`${msg} (line ${line}, column ${col})`);
  }
  let tree: unknown;
  try {
    tree = parser.parse(document);
  } catch (error) {
    throw new InvalidLogError(error instanceof Error ? error.message : String(error));
  }
  return entriesFromTree(tree);
}
