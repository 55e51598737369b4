// \r must be a reference even in content: parsers turn a literal \r or \r\n into \n.
// In attributes they also turn literal \t and \n into spaces, hence the longer list there.
const CONTENT_REFERENCES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\r': '&#13;',
};
const ATTR_REFERENCES: Readonly<Record<string, string>> = {
  ...CONTENT_REFERENCES,
  '\t': '&#9;',
  '\n': '&#10;',
};

/** Reference per char code; every escaped character is ASCII, so a short array covers them. */
function byCharCode(references: Readonly<Record<string, string>>): readonly (string | undefined)[] {
  const table: (string | undefined)[] = [];
  for (const [char, reference] of Object.entries(references)) table[char.charCodeAt(0)] = reference;
  return table;
}

const CONTENT_TABLE = byCharCode(CONTENT_REFERENCES);
const ATTR_TABLE = byCharCode(ATTR_REFERENCES);
const CONTENT_SPECIAL = /[&<>"'\r]/;
const ATTR_SPECIAL = /[&<>"'\t\n\r]/;

// A hand-written scan: logs are saved whole on every edit, and this is a few times faster than
// `replace` with a callback, returning the input itself when nothing needs escaping.
function escapeWith(text: string, special: RegExp, table: readonly (string | undefined)[]): string {
  const first = text.search(special);
  if (first === -1) return text;
  let out = '';
  let copied = 0;
  for (let i = first; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Bounds-checked: reading past an array's end is slow in common engines.
    const reference = code < table.length ? table[code] : undefined;
    if (reference === undefined) continue;
    out += text.slice(copied, i) + reference;
    copied = i + 1;
  }
  return out + text.slice(copied);
}

/** Escapes text for element content. */
export function escapeXml(text: string): string {
  return escapeWith(text, CONTENT_SPECIAL, CONTENT_TABLE);
}

/** Escapes text for a double- or single-quoted attribute value. */
export function escapeAttr(text: string): string {
  return escapeWith(text, ATTR_SPECIAL, ATTR_TABLE);
}
