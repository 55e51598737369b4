import { describe, expect, it } from 'vitest';
import { safeText } from './safe-text.js';

// Anything a terminal could act on: C0 but '\t' and '\n', DEL, C1.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
const ACTIONABLE = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

describe('safeText', () => {
  it('leaves ordinary text, tabs, newlines and non-ASCII letters alone', () => {
    const text = 'Caravan\tsérai\nline two — ünïcode 𝄞 ☕\n';
    expect(safeText(text)).toBe(text);
    expect(safeText('')).toBe('');
  });

  it('shows the escape sequences of a hostile title instead of passing them on', () => {
    expect(safeText('\x1b]0;PWNED\x07\x1b[2J')).toBe('^[]0;PWNED^G^[[2J');
  });

  it('writes C0 controls and DEL in caret notation', () => {
    expect(safeText('\x00\x01\x08\x0b\x0c\x1a\x1b\x1c\x1f\x7f')).toBe('^@^A^H^K^L^Z^[^\\^_^?');
  });

  it('writes C1 controls with M- in front of their caret form, the one-byte CSI included', () => {
    expect(safeText('\x9b2J')).toBe('M-^[2J');
    expect(safeText('\x80\x85\x90\x9d\x9f')).toBe('M-^@M-^EM-^PM-^]M-^_');
    // Just past the C1 range: a printable letter.
    expect(safeText('\xa0\xe9')).toBe('\xa0é');
  });

  it('turns \\r\\n into \\n and drops a lone \\r, so text cannot overwrite its own line', () => {
    expect(safeText('one\r\ntwo\r\n')).toBe('one\ntwo\n');
    expect(safeText('harmless\rEVIL')).toBe('harmlessEVIL');
    expect(safeText('\r')).toBe('');
  });

  it('keeps one newline when a streamed \\r\\n is split between two pieces', () => {
    const pieces = ['The answer\r', '\nis 42.\r', '\n'];
    expect(pieces.map(safeText).join('')).toBe('The answer\nis 42.\n');
  });

  it('leaves nothing actionable for any code unit, and changes nothing when applied twice', () => {
    let all = '';
    for (let code = 0; code < 0x100; code++) all += String.fromCharCode(code);
    const once = safeText(all);
    expect(once).not.toMatch(ACTIONABLE);
    expect(once).not.toContain('\r');
    expect(safeText(once)).toBe(once);
  });
});
