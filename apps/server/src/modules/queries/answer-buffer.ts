import { createTextCleaner } from '@caravanserai/logbook';

/**
 * An answer as it arrives: cleaned of what a logbook cannot store, and cut at `maxChars`, so a
 * provider that never stops cannot make the server hold more than that.
 */
export class AnswerBuffer {
  private readonly cleaner = createTextCleaner();
  private text = '';
  /** True once the answer reached its cap: read no more of it. */
  full = false;

  constructor(private readonly maxChars: number) {}

  /** Takes a piece as the provider sent it; returns what of it joins the answer (maybe ''). */
  push(piece: string): string {
    if (this.full) return '';
    let clean = this.cleaner.push(piece);
    const room = this.maxChars - this.text.length;
    if (clean.length >= room) {
      // Never end on half of a surrogate pair.
      let end = room;
      const code = clean.charCodeAt(end - 1);
      if (end > 0 && code >= 0xd800 && code <= 0xdbff) end -= 1;
      clean = clean.slice(0, end);
      this.full = true;
    }
    this.text += clean;
    return clean;
  }

  /** The whole answer read, with whatever the cleaner still held. */
  finish(): string {
    if (!this.full) this.text += this.cleaner.flush();
    return this.text;
  }
}
