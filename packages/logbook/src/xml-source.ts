import { findInvalidXmlChar } from './entry';
import { InvalidLogError } from './errors';

const XML_SPACE = /^[ \t\r\n]*$/;

export function isXmlSpace(text: string): boolean {
  return XML_SPACE.test(text);
}

function isSpaceAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/**
 * Whether the first element, after any processing instructions and comments, is <logbook>.
 * A hand-written scan rather than one regular expression, which could backtrack badly here.
 */
function hasLogbookRoot(text: string): boolean {
  let i = 0;
  for (;;) {
    while (i < text.length && isSpaceAt(text, i)) i++;
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2);
      if (end === -1) return false;
      i = end + 2;
    } else if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end === -1) return false;
      i = end + 3;
    } else {
      return /^<logbook[ \t\r\n/>]/.test(text.slice(i, i + 9));
    }
  }
}

/** Length of a leading XML declaration, or 0. */
function declarationLength(text: string): number {
  if (!/^<\?xml[ \t\r\n]/.test(text)) return 0;
  const end = text.indexOf('?>');
  return end === -1 ? 0 : end + 2;
}

/**
 * Turns stored log text into one document with a <logbook> root, or null when there is nothing
 * in it. Logs from before the root element existed are bare runs of entries, so those are wrapped.
 */
export function toLogbookDocument(xml: string): string | null {
  // A byte-order mark or a stray leading newline should not make an old log unreadable.
  const text = xml.replace(/^\uFEFF?[ \t\r\n]*/, '');
  if (text === '') return null;

  const bad = findInvalidXmlChar(text);
  if (bad !== -1) throw new InvalidLogError(`Character not allowed in XML at index ${bad}.`);
  // Refused outright rather than parsed: a DTD can declare entities that expand exponentially.
  // This also refuses the string inside comments or CDATA, which the serialiser never writes.
  if (/<!DOCTYPE/i.test(text)) throw new InvalidLogError('DOCTYPE is not allowed.');

  if (hasLogbookRoot(text)) return text;
  const prolog = declarationLength(text);
  return `${text.slice(0, prolog)}<logbook>${text.slice(prolog)}</logbook>`;
}
