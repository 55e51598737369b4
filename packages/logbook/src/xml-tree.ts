import { type Entry, validateEntry } from './entry';
import { InvalidLogError } from './errors';
import { isTag } from './tags';
import { unescapeAttr, unescapeXml } from './unescape';
import { isXmlSpace } from './xml-source';

/**
 * Node shapes of fast-xml-parser's `preserveOrder` output: each node is an object with one key
 * (element name, TEXT, CDATA or `?target` for a processing instruction) holding its children,
 * plus ATTRS for an element's attributes.
 */
export const TEXT = '#text';
export const CDATA = '#cdata';
export const ATTRS = ':@';
/** Prefixed so that names such as `constructor` or `toString` reach us unmangled. */
export const ATTR_PREFIX = '@_';

type XmlNode = Record<string, unknown>;

function asNodes(value: unknown): XmlNode[] {
  if (!Array.isArray(value)) throw new InvalidLogError('Unexpected parser output.');
  return value as XmlNode[];
}

function nodeName(node: XmlNode): string {
  for (const key of Object.keys(node)) if (key !== ATTRS) return key;
  throw new InvalidLogError('Unexpected parser output.');
}

function textOf(node: XmlNode): string {
  const text = node[TEXT];
  if (typeof text !== 'string') throw new InvalidLogError('Unexpected parser output.');
  return text;
}

/** CDATA is literal: its text is taken as written, with no references decoded. */
function cdataOf(node: XmlNode): string {
  return asNodes(node[CDATA]).map(textOf).join('');
}

function readAttrs(node: XmlNode): Record<string, string> {
  const raw = node[ATTRS];
  if (raw === undefined) return {};
  if (typeof raw !== 'object' || raw === null) throw new InvalidLogError('Unexpected parser output.');
  // fromEntries defines own properties, so even an attribute named `__proto__` is kept as data.
  return Object.fromEntries(
    Object.entries(raw).map(([name, value]) => {
      if (typeof value !== 'string') throw new InvalidLogError(`Attribute "${name}" has no value.`);
      return [name.slice(ATTR_PREFIX.length), unescapeAttr(value)];
    }),
  );
}

function readEntry(node: XmlNode, tag: string): Entry {
  if (!isTag(tag)) throw new InvalidLogError(`<${tag}> is not an approved tag.`);
  let content = '';
  for (const child of asNodes(node[tag])) {
    const name = nodeName(child);
    if (name === TEXT) content += unescapeXml(textOf(child));
    else if (name === CDATA) content += cdataOf(child);
    else if (!name.startsWith('?')) throw new InvalidLogError(`<${name}> nested inside <${tag}>.`);
  }
  const entry: Entry = { tag, attrs: readAttrs(node), content };
  const problem = validateEntry(entry);
  if (problem !== null) throw new InvalidLogError(problem);
  return entry;
}

/** Text between entries may only be layout whitespace. */
function checkBlank(text: string): void {
  if (!isXmlSpace(text)) throw new InvalidLogError('Text outside an entry.');
}

function readRoot(root: XmlNode): Entry[] {
  const entries: Entry[] = [];
  for (const child of asNodes(root.logbook)) {
    const name = nodeName(child);
    if (name === TEXT) checkBlank(textOf(child));
    else if (name === CDATA) checkBlank(cdataOf(child));
    else if (!name.startsWith('?')) entries.push(readEntry(child, name));
  }
  return entries;
}

/** Reads the entries out of a parsed <logbook> document. */
export function entriesFromTree(tree: unknown): Entry[] {
  let entries: Entry[] | undefined;
  for (const node of asNodes(tree)) {
    const name = nodeName(node);
    if (name === 'logbook' && entries === undefined) entries = readRoot(node);
    else if (name === TEXT) checkBlank(textOf(node));
    else if (!name.startsWith('?')) throw new InvalidLogError(`Unexpected <${name}> outside <logbook>.`);
  }
  if (entries === undefined) throw new InvalidLogError('No <logbook> element.');
  return entries;
}
