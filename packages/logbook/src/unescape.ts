import { InvalidLogError } from './errors';

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

// Every `&` is matched so that a stray ampersand or an undeclared entity is refused rather than
// passed through: the parser is run with its own entity handling off (it leaves numeric
// references undecoded), so this is the only place references are read.
const REFERENCE = /&(#x[0-9A-Fa-f]+|#[0-9]+|[A-Za-z][A-Za-z0-9]*)?(;)?/g;

function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

function decodeReference(match: string, ref: string | undefined, semicolon: string | undefined): string {
  if (ref === undefined || semicolon === undefined) throw new InvalidLogError(`Bad reference "${match}".`);
  if (ref.charCodeAt(0) !== 0x23 /* # */) {
    const named = NAMED[ref];
    if (named === undefined) throw new InvalidLogError(`Undeclared entity "&${ref};".`);
    return named;
  }
  const code = ref.charCodeAt(1) === 0x78 /* x */ ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
  if (!isXmlChar(code)) throw new InvalidLogError(`Reference "&${ref};" is not an XML character.`);
  return String.fromCodePoint(code);
}

/** Decodes character and entity references in element content. */
export function unescapeXml(raw: string): string {
  return raw.includes('&') ? raw.replace(REFERENCE, decodeReference) : raw;
}

/**
 * Decodes an attribute value as XML 1.0 requires: literal tabs and newlines become spaces (the
 * parser does not do this itself), referenced ones survive. The parser also lets `<` through.
 */
export function unescapeAttr(raw: string): string {
  if (raw.includes('<')) throw new InvalidLogError('"<" in an attribute value.');
  return unescapeXml(raw.replace(/[\t\n\r]/g, ' '));
}
