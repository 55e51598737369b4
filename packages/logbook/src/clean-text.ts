import { INVALID_XML_CHAR } from './entry';

/** What a logbook stores in place of a character XML cannot hold. */
export const REPLACEMENT = '\uFFFD';

const INVALID_XML_CHARS = new RegExp(INVALID_XML_CHAR.source, 'gu');

/**
 * Text from elsewhere (an AI provider's answer) made storable: every character a logbook cannot
 * hold (NUL and other C0 controls, unpaired surrogates, U+FFFE/U+FFFF) becomes U+FFFD. The rest of
 * the text is kept exactly, so an answer is never refused or lost for one bad character.
 */
export function cleanText(text: string): string {
  return text.replace(INVALID_XML_CHARS, REPLACEMENT);
}

/**
 * The same cleaning for text that arrives in pieces: a surrogate pair split across two pieces is
 * joined again rather than turned into two replacement characters.
 */
export function createTextCleaner() {
  let held = '';
  return {
    push(piece: string): string {
      let text = held + piece;
      held = '';
      const last = text.charCodeAt(text.length - 1);
      if (last >= 0xd800 && last <= 0xdbff) {
        held = text.slice(-1);
        text = text.slice(0, -1);
      }
      return cleanText(text);
    },
    /** What is still held back at the end: a high surrogate that no low one followed. */
    flush(): string {
      const rest = held === '' ? '' : REPLACEMENT;
      held = '';
      return rest;
    },
  };
}
